#pragma once
// Image-prefill bucket rules of optimum-rbln's RBLNGemma4ForConditionalGenerationConfig
// (configuration_gemma4.py, rbln-runtime.md §4) and the run-time bucket choice.
//
// Detail level = the image processor's max_soft_tokens (one vision graph each); bucket = an
// image_prefill_chunk_size (one bidirectional image-prefill graph each). An image with n soft
// tokens is prefilled by the smallest bucket >= n.
#include "model/rbln_config.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace facet::model {

// The max_soft_tokens values Gemma 4's image processor supports (vLLM enforces the same set).
inline constexpr std::array<std::int64_t, 5> kSupportedDetailLevels = {70, 140, 280, 560, 1120};
// optimum-rbln's default when vision_tower.max_soft_tokens is absent.
inline constexpr std::int64_t kDefaultMaxSoftTokens = 280;

[[nodiscard]] std::int64_t ceilToMultipleOf128(std::int64_t value);

// The buckets optimum-rbln derives when image_prefill_chunk_size is not pinned, ascending.
// Current rule (v0.11.0+): one bucket per level rounded up to 128 (70,140,280,560,1120 ->
// 128,256,384,640,1152). Alpha rule (plural key): the same, keeping only the largest
// (n + 1) / 2 of them.
[[nodiscard]] std::vector<std::int64_t>
defaultImagePrefillBuckets(const std::vector<std::int64_t>& levels, BucketKey rule);

// Every reason optimum-rbln (and the supported-level set) would refuse this combination.
// Messages name the fields ("vision_tower.max_soft_tokens", "language_model.<key>") but not
// the file. Rules for the singular key (v0.11.0+): each bucket a positive multiple of 128;
// largest bucket >= largest level; every bucket is the smallest-bucket->= of at least one level.
// The plural key (alphas) had no unused-bucket rule.
[[nodiscard]] std::vector<std::string> bucketProblems(const std::vector<std::int64_t>& levels,
                                                      const std::vector<std::int64_t>& buckets,
                                                      BucketKey key);

// The smallest bucket >= softTokens, or nullopt when none is large enough.
[[nodiscard]] std::optional<std::int64_t> selectBucket(const std::vector<std::int64_t>& buckets,
                                                       std::int64_t softTokens);

// Sorted ascending without duplicates.
[[nodiscard]] std::vector<std::int64_t> sortedUnique(std::vector<std::int64_t> values);

} // namespace facet::model
