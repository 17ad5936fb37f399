#include "generate/vision_inputs.h"

#include "common/error.h"
#include "common/parallel.h"
#include "common/target_clones.h"
#include "generate/bf16.h"
#include "generate/numpy_trig.h"
#include "generate/patch_projection.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

namespace facet::generate {
namespace {

constexpr std::uint16_t kBf16NegZero = 0x8000;
constexpr std::uint16_t kBf16Lowest = 0xFF7F; // finfo(bfloat16).min

bool isPadding(std::span<const std::int64_t> positions, std::size_t p) {
    return positions[2 * p] == -1 && positions[2 * p + 1] == -1;
}

inline std::uint16_t embedding(float projected, std::uint16_t x, std::uint16_t y) {
    const float pe = bf16ToFloat(floatToBf16(bf16ToFloat(x) + bf16ToFloat(y)));
    return floatToBf16(projected + pe);
}

// One patch's embedding: bf16(projected + bf16(table_x + table_y)), the position part zero for
// padding. Cloned per instruction set, in blocks of 16 channels that the compiler turns into
// vector code at -O2: as a plain loop it cost as much as the projection itself.
FACET_TARGET_CLONES("avx512f", "avx2", "default")
void addPositionRow(const float* __restrict projected, const std::uint16_t* __restrict rowX,
                    const std::uint16_t* __restrict rowY, bool pad,
                    std::uint16_t* __restrict embeds, std::size_t hidden) {
    constexpr std::size_t kBlock = 16;
    std::size_t c = 0;
    if (pad) {
        for (; c + kBlock <= hidden; c += kBlock)
            for (std::size_t k = 0; k < kBlock; ++k)
                embeds[c + k] = floatToBf16(projected[c + k]);
        for (; c < hidden; ++c)
            embeds[c] = floatToBf16(projected[c]);
        return;
    }
    for (; c + kBlock <= hidden; c += kBlock)
        for (std::size_t k = 0; k < kBlock; ++k)
            embeds[c + k] = embedding(projected[c + k], rowX[c + k], rowY[c + k]);
    for (; c < hidden; ++c)
        embeds[c] = embedding(projected[c], rowX[c], rowY[c]);
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
    cos.resize(count * static_cast<std::size_t>(headDim)); // every element is written below
    sin.resize(count * static_cast<std::size_t>(headDim));
    if (count == 0)
        return;
    // An angle depends only on one coordinate's value and the frequency, and a grid of P patches
    // has about 2 sqrt(P) distinct coordinates: numpy's float32 cos/sin (numpy_trig.h, as
    // optimum-rbln >= 0.12 tabulates them) are taken once per distinct value and frequency, then
    // copied to every patch (computed per patch they were a quarter of the level-280 inputs'
    // time). The same function gives the same bits either way.
    const auto q = static_cast<std::size_t>(quarter);
    const auto [low, high] = std::minmax_element(positions.begin(), positions.end());
    const std::int64_t first = *low;
    // The values of a patch grid are dense; positions from elsewhere (a test, a damaged input
    // that the caller checks later) may not be: their table would be large, so each of their
    // values is taken where it is used.
    // (the difference taken unsigned: int64 extremes from a damaged input must not overflow)
    const bool dense = static_cast<std::uint64_t>(*high) - static_cast<std::uint64_t>(*low) <
                       2 * positions.size() + 4096;
    const std::size_t span = dense ? static_cast<std::size_t>(static_cast<std::uint64_t>(*high) -
                                                              static_cast<std::uint64_t>(*low)) +
                                         1
                                   : 0;
    std::vector<std::uint8_t> present(span, 0);
    for (std::size_t i = 0; dense && i < positions.size(); ++i)
        present[static_cast<std::size_t>(positions[i] - first)] = 1;
    const auto angles = [&](std::int64_t value, std::uint16_t* c, std::uint16_t* s) {
        const auto position = static_cast<float>(value);
        for (std::size_t j = 0; j < q; ++j) {
            const float angle = inverse[j] * position;
            c[j] = floatToBf16(numpyCosF32(angle));
            s[j] = floatToBf16(numpySinF32(angle));
        }
    };
    std::vector<std::uint16_t> tableCos(span * q), tableSin(span * q);
    for (std::size_t i = 0; i < span; ++i)
        if (present[i])
            angles(first + static_cast<std::int64_t>(i), &tableCos[i * q], &tableSin[i * q]);
    const int threads = count < 4096 ? 1 : facet::hardwareThreads();
    facet::parallelFor(static_cast<int>(count), threads, [&](int begin, int end) {
        std::vector<std::uint16_t> ownCos(dense ? 0 : q), ownSin(dense ? 0 : q);
        for (auto p = static_cast<std::size_t>(begin); p < static_cast<std::size_t>(end); ++p) {
            std::uint16_t* rowCos = &cos[p * static_cast<std::size_t>(headDim)];
            std::uint16_t* rowSin = &sin[p * static_cast<std::size_t>(headDim)];
            for (std::size_t axis = 0; axis < 2; ++axis) {
                const std::int64_t value = positions[2 * p + axis];
                const std::uint16_t* c = ownCos.data();
                const std::uint16_t* s = ownSin.data();
                if (dense) {
                    c = &tableCos[static_cast<std::size_t>(value - first) * q];
                    s = &tableSin[static_cast<std::size_t>(value - first) * q];
                } else {
                    angles(value, ownCos.data(), ownSin.data());
                }
                // emb = [f, f] per axis; the x part fills [0, S), the y part [S, 2S)
                for (std::size_t copy = 0; copy < 2; ++copy) {
                    const std::size_t to = axis * static_cast<std::size_t>(half) + copy * q;
                    std::copy_n(c, q, rowCos + to);
                    std::copy_n(s, q, rowSin + to);
                }
            }
        }
    });
}

VisionInputs buildVisionInputs(const PatchEmbedderWeights& w, std::span<const float> pixelValues,
                               std::span<const std::int64_t> positions, int headDim,
                               double ropeTheta, const std::atomic<bool>* stop) {
    VisionInputs out;
    buildVisionInputs(w, pixelValues, positions, headDim, ropeTheta, stop, out);
    return out;
}

void buildVisionInputs(const PatchEmbedderWeights& w, std::span<const float> pixelValues,
                       std::span<const std::int64_t> positions, int headDim, double ropeTheta,
                       const std::atomic<bool>* stop, VisionInputs& out, ProjectionKernel kernel) {
    const std::size_t count = positions.size() / 2;
    const auto hidden = static_cast<std::size_t>(w.hidden);
    const auto patchDim = static_cast<std::size_t>(w.patchDim);
    if (pixelValues.size() != count * patchDim) {
        throw Error("internal: pixel values hold " + std::to_string(pixelValues.size()) +
                    " floats for " + std::to_string(count) + " patches of " +
                    std::to_string(patchDim));
    }
    out.inputsEmbeds.resize(count * hidden); // every element is written below
    out.attnMask.resize(count);
    out.padding.resize(count);

    // Positions first: a bad one is reported before hundreds of ms of projection.
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
    }
    const auto tableSize = static_cast<std::size_t>(w.positionSize) * hidden;
    // Each projected row gets its position embedding as it comes out of the projection, on the
    // projection's threads.
    const auto addPosition = [&](std::size_t p, std::span<const float> projected) {
        const auto cx = static_cast<std::size_t>(std::max<std::int64_t>(positions[2 * p], 0));
        const auto cy = static_cast<std::size_t>(std::max<std::int64_t>(positions[2 * p + 1], 0));
        addPositionRow(projected.data(), w.positionTable + cx * hidden,
                       w.positionTable + tableSize + cy * hidden, out.padding[p] != 0,
                       &out.inputsEmbeds[p * hidden], hidden);
    };
    projectPatches(w, pixelValues, count, addPosition, stop, kernel);
    buildVisionRope(positions, headDim, ropeTheta, out.cos, out.sin);
}

} // namespace facet::generate
