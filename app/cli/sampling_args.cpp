#include "sampling_args.h"

#include "args.h"
#include "common/seed.h"

namespace facet::cli {

void applySamplingArgs(const Args& args, generate::SamplingSettings& s) {
    if (args.flag("greedy") && args.value("seed"))
        throw UsageError("--seed and --greedy exclude each other");
    if (args.flag("greedy"))
        s.doSample = false;
    if (const auto text = args.value("seed")) {
        // One range for every engine and the app (common/seed.h): vLLM takes a signed 64-bit
        // seed, Facet its non-negative half.
        const auto seed = facet::parseSeed(*text);
        if (!seed)
            throw UsageError("--seed '" + *text + "': " + facet::seedRangeText());
        s.doSample = true;
        s.seed = *seed;
    }
    s.maxNewTokens = static_cast<int>(args.intValue("max-new-tokens", s.maxNewTokens));
    if (s.maxNewTokens < 1)
        throw UsageError("--max-new-tokens must be at least 1");
    // Only the local engine's commands accept the flag (Args refuses it elsewhere).
    if (args.flag("no-repetition-guard"))
        s.stopOnRepetition = false;
}

} // namespace facet::cli
