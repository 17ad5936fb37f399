#include "model/bucket_rules.h"

#include <algorithm>
#include <set>

namespace facet::model {
namespace {

std::string keyName(BucketKey key) {
    return key == BucketKey::Plural ? "language_model.image_prefill_chunk_sizes"
                                    : "language_model.image_prefill_chunk_size";
}

std::string listText(const std::vector<std::int64_t>& values) {
    std::string text = "[";
    for (size_t i = 0; i < values.size(); ++i)
        text += (i ? ", " : "") + std::to_string(values[i]);
    return text + "]";
}

} // namespace

std::int64_t ceilToMultipleOf128(std::int64_t value) {
    return (value + 127) / 128 * 128;
}

std::vector<std::int64_t> sortedUnique(std::vector<std::int64_t> values) {
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

std::vector<std::int64_t> defaultImagePrefillBuckets(const std::vector<std::int64_t>& levels,
                                                     BucketKey rule) {
    std::vector<std::int64_t> buckets;
    for (std::int64_t level : levels)
        buckets.push_back(ceilToMultipleOf128(level));
    buckets = sortedUnique(buckets);
    if (rule == BucketKey::Plural) {
        // (n + 1) // 2 with n = the number of levels, keeping the largest buckets.
        const size_t keep = std::min(buckets.size(), (levels.size() + 1) / 2);
        buckets.erase(buckets.begin(), buckets.end() - static_cast<std::ptrdiff_t>(keep));
    }
    return buckets;
}

std::optional<std::int64_t> selectBucket(const std::vector<std::int64_t>& buckets,
                                         std::int64_t softTokens) {
    std::optional<std::int64_t> best;
    for (std::int64_t b : buckets)
        if (b >= softTokens && (!best || b < *best))
            best = b;
    return best;
}

std::vector<std::string> bucketProblems(const std::vector<std::int64_t>& levels,
                                        const std::vector<std::int64_t>& buckets, BucketKey key) {
    std::vector<std::string> problems;
    const std::string levelsText = listText(levels);
    if (levels.empty())
        problems.push_back("vision_tower.max_soft_tokens: no detail level is compiled");
    for (std::int64_t level : levels)
        if (std::find(kSupportedDetailLevels.begin(), kSupportedDetailLevels.end(), level) ==
            kSupportedDetailLevels.end())
            problems.push_back("vision_tower.max_soft_tokens: " + std::to_string(level) +
                               " is not a Gemma 4 detail level (70, 140, 280, 560 or 1120)");
    if (buckets.empty()) {
        problems.push_back(keyName(key) + ": no image-prefill bucket is compiled");
        return problems;
    }
    bool allValid = true;
    for (std::int64_t b : buckets)
        if (b <= 0 || b % 128 != 0) {
            problems.push_back(keyName(key) + ": " + std::to_string(b) +
                               " is not a positive multiple of 128");
            allValid = false;
        }
    if (levels.empty() || !allValid)
        return problems;

    const std::int64_t largestBucket = *std::max_element(buckets.begin(), buckets.end());
    const std::int64_t largestLevel = *std::max_element(levels.begin(), levels.end());
    if (largestBucket < largestLevel) {
        problems.push_back(keyName(key) + ": the largest bucket (" + std::to_string(largestBucket) +
                           ") is smaller than the largest " + "max_soft_tokens (" +
                           std::to_string(largestLevel) +
                           "); those images fit no bucket (need at least " +
                           std::to_string(ceilToMultipleOf128(largestLevel)) + ")");
        return problems;
    }
    if (key == BucketKey::Plural)
        return problems; // the alphas had no unused-bucket rule
    std::set<std::int64_t> used;
    for (std::int64_t level : levels)
        used.insert(*selectBucket(buckets, level));
    std::vector<std::int64_t> unused;
    for (std::int64_t b : sortedUnique(buckets))
        if (!used.count(b))
            unused.push_back(b);
    if (!unused.empty())
        problems.push_back(keyName(key) + ": buckets " + listText(unused) +
                           " are never used: no max_soft_tokens in " + levelsText +
                           " has them as its smallest bucket >= its size");
    return problems;
}

} // namespace facet::model
