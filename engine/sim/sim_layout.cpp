// Resolves and checks the bucket lists and attention settings of a simulator folder with the
// same rules engine/model applies to real folders (model/bucket_rules.h,
// model/attention_rules.h), so a combination real optimum-rbln would refuse is refused here.
#include "common/error.h"
#include "model/attention_rules.h"
#include "model/bucket_rules.h"
#include "sim/sim_model_writer.h"

#include <algorithm>
#include <functional>
#include <string>

namespace facet::sim {
namespace {

std::vector<int64_t> descending(std::vector<int64_t> values) {
    values = model::sortedUnique(std::move(values));
    std::reverse(values.begin(), values.end());
    return values;
}

} // namespace

SimModelLayout resolveLayout(const SimModelOptions& o) {
    SimModelLayout layout;
    layout.levels = descending(o.levels);
    if (layout.levels.empty())
        throw Error("at least one max_soft_tokens level is needed");
    layout.imageBuckets = descending(
        o.imageBuckets.empty()
            ? model::defaultImagePrefillBuckets(layout.levels, model::BucketKey::Singular)
            : o.imageBuckets);

    auto problems =
        model::bucketProblems(layout.levels, layout.imageBuckets, model::BucketKey::Singular);
    model::LanguageModelRblnConfig lm;
    lm.maxSeqLen = o.maxSeqLen;
    lm.prefillChunkSize = o.prefillChunk;
    lm.kvcachePartitionLen = o.partition;
    lm.kvcacheBlockSize = o.partition;
    lm.attnImpl = "flash_attn";
    lm.useAttentionMask = true;
    lm.usePositionIds = true;
    lm.slidingWindow = o.text.slidingWindow;
    lm.batchSize = 1;
    lm.decoderBatchSizes = {1};
    const auto attention = model::resolveAttention(lm, o.maxSeqLen, std::string(kSimulatedNpu));
    for (auto& p : model::attentionProblems(lm, attention, std::string(kSimulatedNpu)))
        problems.push_back(std::move(p));
    if (!problems.empty()) {
        std::string message = "this combination would be refused by optimum-rbln:";
        for (const auto& p : problems)
            message += "\n  " + p;
        throw Error(message);
    }

    layout.cache.maxSeqLen = o.maxSeqLen;
    layout.cache.blockSize = o.partition;
    // Flash attention needs >= max_seq_len / block + 1 blocks: one spare serves as the page
    // table's dummy block.
    layout.cache.numBlocks = o.maxSeqLen / o.partition + 1;
    layout.cache.batchSize = 1;
    return layout;
}

} // namespace facet::sim
