#pragma once
// Host-side inputs of one vision-tower graph call (rbln-host-algorithms §1.4): the patch
// embedder (bf16 linear + 2-D position table, as RBLNGemma4VisionModel.forward runs it on the
// CPU), the 2-D RoPE cos/sin tables, the additive attention mask and the padding flags.
#include "generate/projection_kernel.h"

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

namespace facet::generate {

struct PatchEmbedderWeights {
    const std::uint16_t* inputProj = nullptr;     // bf16 [hidden, patchDim] (nn.Linear [out, in])
    const std::uint16_t* positionTable = nullptr; // bf16 [2, positionSize, hidden]
    int hidden = 0;
    int patchDim = 768;
    int positionSize = 0;
};

struct VisionInputs {
    std::vector<std::uint16_t> inputsEmbeds; // bf16 [P, hidden]
    std::vector<std::uint16_t> attnMask;     // bf16 [P]: -0 valid, finfo(bf16).min padding
    std::vector<std::uint8_t> padding;       // bool [P]
    std::vector<std::uint16_t> cos;          // bf16 [P, headDim]
    std::vector<std::uint16_t> sin;          // bf16 [P, headDim]
};

// Thrown by buildVisionInputs when its `stop` flag is set.
struct VisionInputsCancelled {};

// pixelValues: float32 [P, patchDim] in [0, 1]; positions: int64 [P, 2] (x, y), -1 for padding.
// Throws facet::Error when a position is outside the position table. `stop` (optional) is
// checked per block of patches of the patch projection (tens of ms in all at level 1120 on two
// cores with AVX-512 BF16, ~10x that without), throwing VisionInputsCancelled, so Stop during image
// encoding is not held up by host work.
[[nodiscard]] VisionInputs buildVisionInputs(const PatchEmbedderWeights& weights,
                                             std::span<const float> pixelValues,
                                             std::span<const std::int64_t> positions, int headDim,
                                             double ropeTheta,
                                             const std::atomic<bool>* stop = nullptr);

// The same into `out`, whose vectors keep their capacity: an encoder that passes the same object
// for every image pays the first-touch page faults of ~25 MB (level 1120) once, not per image
// (on the CI's VMs a fault costs ~20 µs: more than the projection's arithmetic).
void buildVisionInputs(const PatchEmbedderWeights& weights, std::span<const float> pixelValues,
                       std::span<const std::int64_t> positions, int headDim, double ropeTheta,
                       const std::atomic<bool>* stop, VisionInputs& out,
                       ProjectionKernel kernel = defaultProjectionKernel());

// transformers' Gemma4VisionRotaryEmbedding inv_freq in float32: head_dim / 4 values.
[[nodiscard]] std::vector<float> visionRopeInverseFrequencies(int headDim, double ropeTheta);

// The rotary part alone (exposed for tests): cos/sin bf16 [P, headDim], each value
// bf16(numpy float32 cos/sin of f32(inv_freq[j] * f32(position))), as optimum-rbln 0.12 builds
// its tables (numpy_trig.h); the x axis fills channels [0, S), the y axis [S, 2S).
void buildVisionRope(std::span<const std::int64_t> positions, int headDim, double ropeTheta,
                     std::vector<std::uint16_t>& cos, std::vector<std::uint16_t>& sin);

} // namespace facet::generate
