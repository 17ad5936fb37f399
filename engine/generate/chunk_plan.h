#pragma once
// The prefill chunk planner of optimum-rbln (`_plan_prefill_chunks`, rbln-host-algorithms §3.3):
// tight packing, text runs in prefill_chunk_size chunks, each image run in the smallest
// image-prefill bucket that holds it, partition alignment padding under flash attention.
// It also plans a continuation: a segment appended after `startStep` cached tokens.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace facet::generate {

struct PlanConfig {
    int prefillChunk = 128;          // C
    std::vector<int> imageBuckets;   // image_prefill_chunk_size, any order
    std::optional<int> partitionLen; // kvcache_partition_len (flash_attn); empty for eager
};

struct PrefillChunk {
    int step = 0;         // logical position of the chunk's first row
    int size = 0;         // graph length: C for text, the bucket for images
    int valid = 0;        // n: rows that hold this chunk's tokens; the rest is dead tail
    bool isImage = false; // image_prefill_{size} instead of prefill
    int paddedBefore = 0; // cumulative alignment padding: physical = logical + paddedBefore
};

struct PrefillPlan {
    std::vector<PrefillChunk> chunks;
    int totalPadded = 0; // alignment padding after the segment (includes startPadded)
    int allocEnd = 0;    // one past the last physical slot any chunk writes
};

// Plans the prefill of `tokenTypes` (0 text, 1 image, 2 video; one entry per token) appended
// after `startStep` logical tokens that already carry `startPadded` slots of padding.
// Throws facet::Error when an image run is longer than the largest bucket.
[[nodiscard]] PrefillPlan planPrefill(std::span<const std::int8_t> tokenTypes,
                                      const PlanConfig& config, int startStep = 0,
                                      int startPadded = 0);

} // namespace facet::generate
