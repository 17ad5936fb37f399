#pragma once
// The tiny Gemma 4-shaped language model: RMSNorm sandwich layers, GQA attention with q/k
// norms (scaled), v norm (unscaled), RoPE with a different base on sliding and global layers,
// GELU-tanh gated MLP, final norm, tied output projection and logit soft-capping. The per-row
// pieces are shared by the paged graphs (lm_graph.h) and the monolithic reference
// (reference.h); only the choice of visible keys differs between the two.
#include "sim/sim_config.h"
#include "sim/sim_file.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace facet::sim {

struct TextLayerWeights {
    std::vector<float> inputNorm, qProj, kProj, vProj, qNorm, kNorm, oProj;
    std::vector<float> postAttentionNorm, preFeedforwardNorm, gateProj, upProj, downProj,
        postFeedforwardNorm;
};

// The sizes one layer's tensors are checked against.
struct LayerShape {
    int64_t hidden, qDim, kvDim, headDim, intermediate;
};

// Reads the tensors of layer `prefix` ("layers.N.") with their expected shapes. The text layers
// and the vision encoder layers store the same tensor set, so both load through here.
TextLayerWeights loadLayerWeights(const SimFile& file, const std::string& prefix,
                                  const LayerShape& shape);

class TextModel {
public:
    // Builds the model from the weights of any language-model graph file.
    static std::shared_ptr<const TextModel> fromFile(const SimFile& file);

    const TextConfig& config() const { return config_; }
    bool isSliding(int layer) const { return config_.sliding[static_cast<size_t>(layer)]; }

    // Layer `layer`'s q [heads·hd], k and v [kvHeads·hd] for the residual row `x` at logical
    // `position`: input norm, projections, q/k/v norms, RoPE; k and v rounded to bf16 (the
    // KV cache's dtype).
    void projectQkv(int layer, const float* x, int64_t position, float* q, float* k,
                    float* v) const;
    // Completes layer `layer` on residual row `x` given the attention output [heads·hd]:
    // o_proj, post-attention norm, residual, pre-FFN norm, MLP, post-FFN norm, residual.
    void finishLayer(int layer, float* x, const float* attention) const;
    // Final norm, output projection over the whole vocabulary, soft-cap; bf16 bit patterns.
    void logits(const float* x, uint16_t* out) const;

    // Attention of all query heads of one row; keys/values[i] point at the i-th visible key's
    // [kvHeads·hd] row, ascending by position.
    void attend(const float* q, const std::vector<const float*>& keys,
                const std::vector<const float*>& values, float* out) const;

private:
    TextConfig config_;
    std::vector<TextLayerWeights> layers_;
    std::vector<float> finalNorm_;
    std::shared_ptr<const std::vector<float>> outputProjection_; // [vocab, hidden] bf16 values
};

// The tied output projection / embedding table for (seed, scale, vocab, hidden), shared by
// every graph of a process that uses the same one.
[[nodiscard]] std::shared_ptr<const std::vector<uint16_t>>
sharedGeneratedTable(const StoredTensor& tensor);

} // namespace facet::sim
