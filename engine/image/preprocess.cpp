// Gemma4ImageProcessorPil._preprocess for one image: resize, rescale, patchify, positions, pad.
#include "image/preprocess.h"

#include "common/error.h"
#include "common/parallel.h"
#include "image/resample.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <numeric>
#include <string>
#include <utility>

namespace facet::image {
namespace {

// transformers' rescale: image.astype(float64) * (1/255), then astype(float32).
const std::array<float, 256>& rescaleTable() {
    static const std::array<float, 256> table = [] {
        std::array<float, 256> t{};
        const double factor = 1.0 / 255.0;
        for (int u = 0; u < 256; ++u)
            t[static_cast<size_t>(u)] = static_cast<float>(static_cast<double>(u) * factor);
        return t;
    }();
    return table;
}

// Patch p = py * pw + px holds rows dy, columns dx, channels c: index (dy * 16 + dx) * 3 + c,
// which is the resized image's own HWC order within the 16 x 16 block. Values are appended in
// patch order (one pass over the output, no zero-fill first), then the padding rows are added.
void patchify(const RgbImage& resized, PreprocessedImage& out) {
    const auto& table = rescaleTable();
    const int pw = resized.width / kPatchSize;
    const int ph = resized.height / kPatchSize;
    const size_t rowBytes = static_cast<size_t>(resized.width) * 3;
    const size_t total = static_cast<size_t>(out.maxPatches);
    out.pixelValues.reserve(total * kPatchValues);
    out.positions.reserve(total * 2);
    std::array<float, kPatchValues> patch{};
    for (int py = 0; py < ph; ++py) {
        for (int px = 0; px < pw; ++px) {
            float* dst = patch.data();
            for (int dy = 0; dy < kPatchSize; ++dy) {
                const std::uint8_t* src =
                    &resized.rgb[(static_cast<size_t>(py) * kPatchSize + static_cast<size_t>(dy)) *
                                     rowBytes +
                                 static_cast<size_t>(px) * kPatchSize * 3];
                for (int i = 0; i < kPatchSize * 3; ++i)
                    *dst++ = table[src[i]];
            }
            out.pixelValues.insert(out.pixelValues.end(), patch.begin(), patch.end());
            out.positions.push_back(px);
            out.positions.push_back(py);
        }
    }
    out.pixelValues.resize(total * kPatchValues, 0.0f);
    out.positions.resize(total * 2, -1);
}

void checkLevel(int level) {
    if (!isDetailLevel(level))
        throw Error("unsupported detail level " + std::to_string(level) +
                    " (expected 70, 140, 280, 560 or 1120)");
}

} // namespace

PreprocessedImage preprocess(const RgbImage& decoded, int level) {
    return std::move(preprocessLevels(decoded, {&level, 1}).front());
}

std::vector<PreprocessedImage> preprocessLevels(const RgbImage& decoded,
                                                std::span<const int> levels) {
    // Every size rule first, so that an error costs no pixel work.
    std::vector<PreprocessedImage> out(levels.size());
    std::vector<TargetSize> sizes;
    for (size_t i = 0; i < levels.size(); ++i) {
        checkLevel(levels[i]);
        out[i].level = levels[i];
        out[i].maxPatches = levels[i] * kPoolingKernelSize * kPoolingKernelSize;
        sizes.push_back(aspectRatioPreservingSize(decoded.height, decoded.width, kPatchSize,
                                                  out[i].maxPatches, kPoolingKernelSize));
    }
    const int threads = facet::hardwareThreads();
    std::vector<RgbImage> resized = detail::resizeBicubicMany(decoded, sizes, threads);
    // Levels are independent from here on. Each thread takes the largest level left (each level
    // is about twice the one below, so 1120 alone balances the other four on two cores).
    std::vector<size_t> order(levels.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return out[a].maxPatches > out[b].maxPatches; });
    std::atomic<size_t> next{0};
    facet::parallelFor(threads, threads, [&](int, int) {
        for (size_t k = next++; k < order.size(); k = next++) {
            PreprocessedImage& p = out[order[k]];
            p.resized = std::move(resized[order[k]]);
            p.patches = (p.resized.height / kPatchSize) * (p.resized.width / kPatchSize);
            p.softTokens = p.patches / (kPoolingKernelSize * kPoolingKernelSize);
            patchify(p.resized, p);
        }
    });
    return out;
}

} // namespace facet::image
