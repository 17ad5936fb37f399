#pragma once
// The tiny Gemma 4-shaped vision encoder behind the vision-tower graph, and the projector
// (embed_vision). The host supplies the patch embeddings, 2-D RoPE tables and masks
// (rbln-host-algorithms.md §1.4); inside the graph:
//   per layer: input norm, attention (q/k norms with scale, v norm without, RoPE from the
//   given cos/sin with the x half and y half of each head rotated separately, additive
//   attn_mask over keys, scaling 1.0), post-attention norm + residual, pre-FFN norm, GELU-tanh
//   gated MLP, post-FFN norm + residual;
//   pooling: rows flagged by padding_positions are zeroed; every row goes to slot
//   x/k + (W/k)·(y/k) of its clamped position (W = widest valid x + 1); slot = sum / k²,
//   times sqrt(hidden); pooler_mask[slot] = some non-padding row landed there.
// Projector: RMSNorm without scale, then Linear(vision hidden -> text hidden), float32.
#include "sim/sim_config.h"
#include "sim/sim_file.h"
#include "sim/text_model.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace facet::sim {

struct VisionInputs {
    const uint16_t* inputsEmbeds;    // [P, hidden] bf16
    const int64_t* pixelPositionIds; // [P, 2] (x, y); -1 for padding
    const uint16_t* attnMask;        // [P] bf16 additive
    const uint8_t* paddingPositions; // [P] bool
    const uint16_t* cos;             // [P, headDim] bf16
    const uint16_t* sin;             // [P, headDim] bf16
};

class VisionModel {
public:
    static std::shared_ptr<const VisionModel> fromFile(const SimFile& file);
    const VisionConfig& config() const { return config_; }

    // hidden: [mst, hidden] bf16; poolerMask: [mst] bool. Throws facet::Error for positions
    // that do not pool into mst slots.
    void run(int64_t maxSoftTokens, const VisionInputs& in, uint16_t* hidden,
             uint8_t* poolerMask) const;

private:
    VisionConfig config_;
    std::vector<TextLayerWeights> layers_; // same tensor set as the text layers
};

class Projector {
public:
    static std::shared_ptr<const Projector> fromFile(const SimFile& file);
    // in: [rows, visionHidden] float32; out: [rows, textHidden] float32.
    void run(int64_t rows, const float* in, float* out) const;
    // The optimum-rbln 0.12 form: bf16 in, the same float32 computation, bf16 out (rounded to
    // nearest even, as the host rounds a float32 output), so both layouts give the same bits.
    void runBf16(int64_t rows, const uint16_t* in, uint16_t* out) const;

private:
    int visionHidden_ = 0;
    int textHidden_ = 0;
    float eps_ = 1e-6f;
    std::vector<float> weight_; // [textHidden, visionHidden]
};

} // namespace facet::sim
