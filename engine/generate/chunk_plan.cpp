#include "generate/chunk_plan.h"

#include "common/error.h"

#include <algorithm>
#include <string>

namespace facet::generate {
namespace {

// Length of the run of `value` starting at `start`, at most `cap`; positions past the end count
// as the -1 padding optimum-rbln appends, so they always end a run.
int runLengthFrom(std::span<const std::int8_t> types, int start, int value, int cap) {
    int run = 0;
    const auto size = static_cast<int>(types.size());
    while (run < cap && start + run < size &&
           types[static_cast<std::size_t>(start + run)] == value) {
        ++run;
    }
    return run;
}

} // namespace

PrefillPlan planPrefill(std::span<const std::int8_t> tokenTypes, const PlanConfig& config,
                        int startStep, int startPadded) {
    if (config.prefillChunk <= 0)
        throw Error("prefill_chunk_size must be positive");
    const int largestBucket =
        config.imageBuckets.empty()
            ? 0
            : *std::max_element(config.imageBuckets.begin(), config.imageBuckets.end());
    const auto segment = static_cast<int>(tokenTypes.size());
    const int q = startStep + segment; // logical end, as optimum-rbln's q for a fresh prefill

    PrefillPlan plan;
    int padded = startPadded;
    plan.allocEnd = q + startPadded;
    int step = startStep;
    while (step < q) {
        const int local = step - startStep;
        const int type = tokenTypes[static_cast<std::size_t>(local)];
        int chunk = 0;
        int run = 0;
        bool isImage = false;
        if (type > 0) {
            run = runLengthFrom(tokenTypes, local, type, largestBucket + 1);
            if (run > largestBucket) {
                throw Error("an image needs " + std::to_string(run) +
                            " prefill rows but the largest compiled image_prefill_chunk_size is " +
                            std::to_string(largestBucket));
            }
            chunk = largestBucket;
            for (int bucket : config.imageBuckets) {
                if (bucket >= run)
                    chunk = std::min(chunk, bucket);
            }
            isImage = true;
        } else {
            chunk = config.prefillChunk;
            run = runLengthFrom(tokenTypes, local, 0, config.prefillChunk);
        }
        if (config.partitionLen) {
            const int partition = *config.partitionLen;
            const int offset = (step + padded) % partition;
            if (offset + chunk > partition)
                padded += partition - offset;
        }
        int valid = run;
        if (step + run >= q)
            valid = run > 0 ? std::min(q - step, run) : q - step;
        plan.chunks.push_back({step, chunk, valid, isImage, padded});
        plan.allocEnd = std::max(plan.allocEnd, step + padded + chunk);
        step += valid;
    }
    plan.totalPadded = padded;
    return plan;
}

} // namespace facet::generate
