#pragma once
// Detail levels on the command line: `--detail 280`, `--image PATH@LEVEL`, `--levels 70,280`.
#include "generate/engine.h"

#include <string>
#include <vector>

namespace facet::cli {

// One level; throws UsageError naming `what` (the option as typed).
int parseLevel(const std::string& text, const std::string& what);
// A comma-separated list for --levels; throws UsageError.
std::vector<int> parseLevels(const std::string& text);
// `--image PATH[@LEVEL]` as an image part; without @LEVEL at `defaultLevel`. A '@' followed by
// a path separator belongs to the path.
generate::UserPart imageArg(const std::string& spec, int defaultLevel);

} // namespace facet::cli
