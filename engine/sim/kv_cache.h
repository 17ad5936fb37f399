#pragma once
// The simulated device memory of one model's KV cache, shared by its prefill, image-prefill and
// decoder graphs on one device (the real runtime shares the `past_key_values_*` static tensors
// the same way; the host never passes them).
//  - Global layers: `numBlocks` physical blocks of `blockSize` slots; a graph maps physical
//    slot s of a sequence to block block_tables[s / blockSize], offset s % blockSize.
//  - Sliding-window layers: one ring of `slidingWindow` slots per cache row
//    (local_block_tables), addressed by logical position modulo the window.
// Blocks are allocated on first touch and filled with deterministic garbage, so reading a
// slot nobody wrote (a wrong mask or block table) changes the logits instead of reading zeros.
#include "sim/sim_config.h"

#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

namespace facet::sim {

class KvCache {
public:
    KvCache(const TextConfig& text, const CacheConfig& cache);

    const CacheConfig& geometry() const { return cache_; }
    const TextConfig& text() const { return text_; }
    // [kvHeads·headDim] key / value row of global layer `layer` at (block, offset).
    float* globalKey(int layer, int64_t block, int64_t offset);
    float* globalValue(int layer, int64_t block, int64_t offset);
    // [kvHeads·headDim] key / value row of sliding layer `layer`, cache row `row`, at logical
    // position `position`.
    float* localKey(int layer, int64_t row, int64_t position);
    float* localValue(int layer, int64_t row, int64_t position);

    // Held for the whole of a graph run: the graphs of one model never run at the same time.
    std::mutex& mutex() { return mutex_; }

private:
    float* globalRow(int layer, int64_t block, int64_t offset, int which);
    float* localRow(int layer, int64_t row, int64_t position, int which);

    TextConfig text_;
    CacheConfig cache_;
    std::vector<int> layerSlot_; // layer -> index among global (or sliding) layers
    int globalLayers_ = 0;
    int slidingLayers_ = 0;
    std::vector<std::unique_ptr<float[]>> blocks_; // [globalLayers][blockSize][2][kvDim]
    std::vector<float> rings_;                     // [batch][slidingLayers][window][2][kvDim]
    std::mutex mutex_;
};

// The cache of the model in `modelDir` on `device` inside this process: created by the first
// language-model graph, shared by every later one while any is alive. Throws facet::Error when
// a graph of the same folder was compiled for a different geometry.
[[nodiscard]] std::shared_ptr<KvCache> acquireKvCache(const std::filesystem::path& modelDir,
                                                      int device, const TextConfig& text,
                                                      const CacheConfig& cache);

} // namespace facet::sim
