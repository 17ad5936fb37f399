#include "sampling_args.h"

#include "args.h"

namespace facet::cli {

void applySamplingArgs(const Args& args, generate::SamplingSettings& s) {
    if (args.flag("greedy") && args.value("seed"))
        throw UsageError("--seed and --greedy exclude each other");
    if (args.flag("greedy"))
        s.doSample = false;
    if (args.value("seed")) {
        const long long seed = args.intValue("seed", 0);
        if (seed < 0)
            throw UsageError("--seed must not be negative");
        s.doSample = true;
        s.seed = static_cast<std::uint64_t>(seed);
    }
    s.maxNewTokens = static_cast<int>(args.intValue("max-new-tokens", s.maxNewTokens));
    if (s.maxNewTokens < 1)
        throw UsageError("--max-new-tokens must be at least 1");
}

} // namespace facet::cli
