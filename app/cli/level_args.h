#pragma once
// Detail levels on the command line: `--detail 280`, `--image PATH@LEVEL`, `--levels 70,280`.
#include "generate/engine.h"

#include <string>
#include <vector>

namespace facet::cli {

// One level; throws UsageError naming `what` (the option as typed). With `serverDefault`
// (a server's commands) "default" is remote::kServerDefaultLevel: no mm_processor_kwargs sent.
int parseLevel(const std::string& text, const std::string& what, bool serverDefault = false);
// A comma-separated list for --levels; throws UsageError.
std::vector<int> parseLevels(const std::string& text, bool serverDefault = false);
// `--image PATH[@LEVEL]` as an image part; without @LEVEL at `defaultLevel`. A '@' followed by
// a path separator belongs to the path. `serverDefault`: PATH@default is accepted.
generate::UserPart imageArg(const std::string& spec, int defaultLevel, bool serverDefault = false);

} // namespace facet::cli
