#include "generate/vision_inputs.h"

#include "common/error.h"
#include "generate/bf16.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace facet::generate {
namespace {

constexpr std::uint16_t kBf16NegZero = 0x8000;
constexpr std::uint16_t kBf16Lowest = 0xFF7F; // finfo(bfloat16).min

bool isPadding(std::span<const std::int64_t> positions, std::size_t p) {
    return positions[2 * p] == -1 && positions[2 * p + 1] == -1;
}

} // namespace

void buildVisionRope(std::span<const std::int64_t> positions, int headDim, double ropeTheta,
                     std::vector<std::uint16_t>& cos, std::vector<std::uint16_t>& sin) {
    if (headDim % 4 != 0)
        throw Error("vision head_dim " + std::to_string(headDim) + " is not a multiple of 4");
    const std::size_t count = positions.size() / 2;
    const int half = headDim / 2; // S: channels per axis
    const int quarter = half / 2; // distinct frequencies per axis
    std::vector<float> inverse(static_cast<std::size_t>(quarter));
    const auto theta = static_cast<float>(ropeTheta);
    for (int j = 0; j < quarter; ++j) {
        // torch: 1 / (base ** (arange(0, S, 2, float) / S)), all in float32
        const float exponent = static_cast<float>(2 * j) / static_cast<float>(half);
        inverse[static_cast<std::size_t>(j)] = 1.0f / std::pow(theta, exponent);
    }
    cos.assign(count * static_cast<std::size_t>(headDim), 0);
    sin.assign(count * static_cast<std::size_t>(headDim), 0);
    for (std::size_t p = 0; p < count; ++p) {
        for (int axis = 0; axis < 2; ++axis) {
            const auto position =
                static_cast<float>(positions[2 * p + static_cast<std::size_t>(axis)]);
            for (int j = 0; j < quarter; ++j) {
                const float angle = inverse[static_cast<std::size_t>(j)] * position;
                const std::uint16_t c = floatToBf16(std::cos(angle));
                const std::uint16_t s = floatToBf16(std::sin(angle));
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

    std::vector<float> weightRow(patchDim); // reused row buffer: bf16 weights upcast once per row
    std::vector<float> scaled(count * patchDim);
    for (std::size_t i = 0; i < scaled.size(); ++i) {
        scaled[i] = roundToBf16(2.0f * (pixelValues[i] - 0.5f));
    }
    std::vector<float> projected(count * hidden);
    for (std::size_t o = 0; o < hidden; ++o) {
        if (stop && stop->load(std::memory_order_relaxed))
            throw VisionInputsCancelled{};
        for (std::size_t i = 0; i < patchDim; ++i)
            weightRow[i] = bf16ToFloat(w.inputProj[o * patchDim + i]);
        for (std::size_t p = 0; p < count; ++p) {
            const float* x = &scaled[p * patchDim];
            float acc = 0;
            for (std::size_t i = 0; i < patchDim; ++i)
                acc += weightRow[i] * x[i];
            projected[p * hidden + o] = roundToBf16(acc);
        }
    }
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
