#pragma once
// Sampling on the command line: `--seed N | --greedy`, `--max-new-tokens N`,
// `--no-repetition-guard` (the local engine's commands only).
#include "generate/engine.h"

namespace facet::cli {

class Args;

// Applies the options to `s` (the model's defaults). --seed N samples with that seed, also for a
// model whose generation_config.json asks for greedy decoding (the demo model's does): the two
// options name the two ways to decode. Throws UsageError on a bad or contradictory value.
void applySamplingArgs(const Args& args, generate::SamplingSettings& s);

} // namespace facet::cli
