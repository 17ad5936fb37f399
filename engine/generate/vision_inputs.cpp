#include "generate/vision_inputs.h"

#include "common/error.h"
#include "common/parallel.h"
#include "generate/bf16.h"
#include "generate/numpy_trig.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <thread>

namespace facet::generate {
namespace {

constexpr std::uint16_t kBf16NegZero = 0x8000;
constexpr std::uint16_t kBf16Lowest = 0xFF7F; // finfo(bfloat16).min

bool isPadding(std::span<const std::int64_t> positions, std::size_t p) {
    return positions[2 * p] == -1 && positions[2 * p + 1] == -1;
}

// The patch projection bf16(W_in · bf16(2·(pv − 0.5))), one rounding per output. Patches go
// through in blocks of kPatches, each block transposed ([input][patch]) and multiplied by
// kOutputs weight rows at a time, so the accumulators stay in registers and the loop over
// patches vectorises. Each output still sums its products in ascending input order from 0,
// exactly as a one-patch dot product does (the result is the same bit for bit), at about 25x
// the speed; blocks are shared out over threads. This runs on the host for every image the
// real NPU encodes (VH 768-1152: ~1.5-9 GMAC per image at level 280-1120).
constexpr std::size_t kPatches = 16, kOutputs = 4;

// AVX2 and AVX-512 widen the vectors where the CPU has them. FMA is left out on purpose: a fused
// multiply-add rounds once, and every machine must compute the same bits.
__attribute__((target_clones("avx512f", "avx2", "default"))) void
projectBlock(const float* weights, std::size_t hidden, std::size_t patchDim, const float* block,
             std::size_t n, std::size_t first, float* projected) {
    std::size_t o = 0;
    for (; o + kOutputs <= hidden; o += kOutputs) {
        float acc[kOutputs][kPatches] = {};
        for (std::size_t i = 0; i < patchDim; ++i) {
            const float* column = &block[i * kPatches];
            for (std::size_t k = 0; k < kOutputs; ++k) {
                const float weight = weights[(o + k) * patchDim + i];
                for (std::size_t b = 0; b < kPatches; ++b)
                    acc[k][b] += weight * column[b];
            }
        }
        for (std::size_t k = 0; k < kOutputs; ++k)
            for (std::size_t b = 0; b < n; ++b)
                projected[(first + b) * hidden + o + k] = roundToBf16(acc[k][b]);
    }
    for (; o < hidden; ++o) { // a hidden size that is not a multiple of kOutputs
        float acc[kPatches] = {};
        for (std::size_t i = 0; i < patchDim; ++i)
            for (std::size_t b = 0; b < kPatches; ++b)
                acc[b] += weights[o * patchDim + i] * block[i * kPatches + b];
        for (std::size_t b = 0; b < n; ++b)
            projected[(first + b) * hidden + o] = roundToBf16(acc[b]);
    }
}

void projectPatches(const PatchEmbedderWeights& w, std::span<const float> pixelValues,
                    std::size_t count, std::vector<float>& projected,
                    const std::atomic<bool>* stop) {
    const auto hidden = static_cast<std::size_t>(w.hidden);
    const auto patchDim = static_cast<std::size_t>(w.patchDim);
    std::vector<float> weights(hidden * patchDim);
    for (std::size_t i = 0; i < weights.size(); ++i)
        weights[i] = bf16ToFloat(w.inputProj[i]);
    const std::size_t blocks = (count + kPatches - 1) / kPatches;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancelled{false};
    const auto work = [&] {
        std::vector<float> block(patchDim * kPatches);
        for (std::size_t index; (index = next.fetch_add(1)) < blocks;) {
            if (stop && stop->load(std::memory_order_relaxed)) {
                cancelled = true;
                return;
            }
            const std::size_t first = index * kPatches;
            const std::size_t n = std::min(kPatches, count - first);
            std::fill(block.begin(), block.end(), 0.0f);
            for (std::size_t b = 0; b < n; ++b) {
                const float* pixels = &pixelValues[(first + b) * patchDim];
                for (std::size_t i = 0; i < patchDim; ++i)
                    block[i * kPatches + b] = roundToBf16(2.0f * (pixels[i] - 0.5f));
            }
            projectBlock(weights.data(), hidden, patchDim, block.data(), n, first,
                         projected.data());
        }
    };
    // Threads pay off only for real images; a tiny model's few patches stay on this thread.
    const std::size_t macs = count * hidden * patchDim;
    const unsigned threads = macs < (std::size_t{1} << 24)
                                 ? 1u
                                 : std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
    // The engine's worker pool (common/parallel.h): each task claims blocks until none is left,
    // and an exception in one is rethrown here once every task has ended (threads of its own
    // were left unjoined when one threw).
    facet::runOnPool(static_cast<int>(threads), [&](int) { work(); });
    if (cancelled)
        throw VisionInputsCancelled{};
}

} // namespace

std::vector<float> visionRopeInverseFrequencies(int headDim, double ropeTheta) {
    const int half = headDim / 2; // S: channels per axis
    std::vector<float> inverse(static_cast<std::size_t>(half / 2));
    const auto theta = static_cast<float>(ropeTheta);
    for (std::size_t j = 0; j < inverse.size(); ++j) {
        // torch: 1 / (base ** (arange(0, S, 2, float) / S)), all in float32. The power is
        // taken correctly rounded (through double) ...
        const float exponent = static_cast<float>(2 * j) / static_cast<float>(half);
        const auto power = static_cast<float>(std::pow(static_cast<double>(theta), exponent));
        inverse[j] = 1.0f / power;
    }
    // ... except where torch's vectorised powf (SLEEF, 1-ulp; the first 16 lanes of the
    // 18-value arange) rounds the other way. Measured with Debian's torch against every
    // Gemma 4 vision head (head_dim 72 and 64, rope_theta 100): only S = 36, j = 15, where
    // torch's power is one ulp below the correctly rounded one (test_generate_vision_rope).
    if (headDim == 72 && theta == 100.0f && inverse.size() > 15)
        inverse[15] =
            1.0f / std::nextafter(static_cast<float>(std::pow(100.0, 30.0f / 36.0f)), 0.0f);
    return inverse;
}

void buildVisionRope(std::span<const std::int64_t> positions, int headDim, double ropeTheta,
                     std::vector<std::uint16_t>& cos, std::vector<std::uint16_t>& sin) {
    if (headDim % 4 != 0)
        throw Error("vision head_dim " + std::to_string(headDim) + " is not a multiple of 4");
    const std::size_t count = positions.size() / 2;
    const int half = headDim / 2; // S: channels per axis
    const int quarter = half / 2; // distinct frequencies per axis
    const std::vector<float> inverse = visionRopeInverseFrequencies(headDim, ropeTheta);
    cos.assign(count * static_cast<std::size_t>(headDim), 0);
    sin.assign(count * static_cast<std::size_t>(headDim), 0);
    for (std::size_t p = 0; p < count; ++p) {
        for (int axis = 0; axis < 2; ++axis) {
            const auto position =
                static_cast<float>(positions[2 * p + static_cast<std::size_t>(axis)]);
            for (int j = 0; j < quarter; ++j) {
                const float angle = inverse[static_cast<std::size_t>(j)] * position;
                // numpy's float32 cos/sin, as optimum-rbln >= 0.12 tabulates them (numpy_trig.h)
                const std::uint16_t c = floatToBf16(numpyCosF32(angle));
                const std::uint16_t s = floatToBf16(numpySinF32(angle));
                // emb = [f, f] per axis; the x part fills [0, S), the y part [S, 2S)
                for (int copy = 0; copy < 2; ++copy) {
                    const std::size_t at =
                        p * static_cast<std::size_t>(headDim) +
                        static_cast<std::size_t>(axis * half + copy * quarter + j);
                    cos[at] = c;
                    sin[at] = s;
                }
            }
        }
    }
}

VisionInputs buildVisionInputs(const PatchEmbedderWeights& w, std::span<const float> pixelValues,
                               std::span<const std::int64_t> positions, int headDim,
                               double ropeTheta, const std::atomic<bool>* stop) {
    const std::size_t count = positions.size() / 2;
    const auto hidden = static_cast<std::size_t>(w.hidden);
    const auto patchDim = static_cast<std::size_t>(w.patchDim);
    if (pixelValues.size() != count * patchDim) {
        throw Error("internal: pixel values hold " + std::to_string(pixelValues.size()) +
                    " floats for " + std::to_string(count) + " patches of " +
                    std::to_string(patchDim));
    }
    VisionInputs out;
    out.inputsEmbeds.resize(count * hidden);
    out.attnMask.resize(count);
    out.padding.resize(count);

    std::vector<float> projected(count * hidden);
    projectPatches(w, pixelValues, count, projected, stop);
    const auto tableSize = static_cast<std::size_t>(w.positionSize) * hidden;
    for (std::size_t p = 0; p < count; ++p) {
        const bool pad = isPadding(positions, p);
        out.padding[p] = pad ? 1 : 0;
        out.attnMask[p] = pad ? kBf16Lowest : kBf16NegZero;
        const std::int64_t cx = std::max<std::int64_t>(positions[2 * p], 0);
        const std::int64_t cy = std::max<std::int64_t>(positions[2 * p + 1], 0);
        if (cx >= w.positionSize || cy >= w.positionSize) {
            throw Error("patch position (" + std::to_string(cx) + ", " + std::to_string(cy) +
                        ") is outside the position table of " + std::to_string(w.positionSize));
        }
        const std::uint16_t* rowX = w.positionTable + static_cast<std::size_t>(cx) * hidden;
        const std::uint16_t* rowY =
            w.positionTable + tableSize + static_cast<std::size_t>(cy) * hidden;
        for (std::size_t c = 0; c < hidden; ++c) {
            const float pe = pad ? 0.0f : roundToBf16(bf16ToFloat(rowX[c]) + bf16ToFloat(rowY[c]));
            out.inputsEmbeds[p * hidden + c] = floatToBf16(projected[p * hidden + c] + pe);
        }
    }
    buildVisionRope(positions, headDim, ropeTheta, out.cos, out.sin);
    return out;
}

} // namespace facet::generate
