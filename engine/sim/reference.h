#pragma once
// Monolithic reference forward of the simulator's language model: the whole sequence at once,
// no paging, no chunks, no KV cache, logical positions only. It is the ground truth for the
// generation engine's orchestration (chunk plan, page table, masks, positions, scatter of image
// features): driving the simulator's graphs correctly must give the same logits (equal within
// float tolerance; in practice bit-identical, as both use the same kernels in the same order).
//
// Attention visibility, for query position i and key position j (0-based, logical):
//   global layers:  j <= i, or i and j lie in the same bidirectional span;
//   sliding layers: the global rule and |i - j| < sliding_window.
// A bidirectional span is one image (or video frame) run of soft tokens: exactly the valid rows
// of one image_prefill chunk, which attend to each other in both directions. BOI/EOI are text.
//
// Usage:
//   auto model = facet::sim::loadReferenceModel(folder);        // the make-sim-model folder
//   auto logits = facet::sim::referenceLogits(*model, embeds, {{11, 264}}, {295});
//   // logits[r * vocab + t]: float value of the bf16 logit of token t after row rows[r]
#include "sim/text_model.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <vector>

namespace facet::sim {

struct BidirectionalSpan {
    int64_t start = 0;  // first position of the image's soft tokens
    int64_t length = 0; // number of soft tokens
};

// The language model of a simulator folder (read from language_model/decoder_batch_1.rbln;
// every LM graph file of a folder holds the same weights).
[[nodiscard]] std::shared_ptr<const TextModel>
loadReferenceModel(const std::filesystem::path& modelFolder);

// `embeds`: the already-embedded sequence, [seqLen, hidden] bf16 bit patterns (scaled text
// embeddings with the image features scattered in, exactly what the graphs receive as
// inputs_embeds). `spans` must not overlap. Returns, for each position in `rows` (ascending or
// not, each < seqLen), the [vocab] logits as floats holding bf16 values (the graphs' output
// dtype): [rows.size() * vocab]. Throws facet::Error for bad sizes or spans.
[[nodiscard]] std::vector<float> referenceLogits(const TextModel& model,
                                                 std::span<const uint16_t> embeds,
                                                 std::span<const BidirectionalSpan> spans,
                                                 std::span<const int64_t> rows);

} // namespace facet::sim
