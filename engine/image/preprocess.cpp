// Gemma4ImageProcessorPil._preprocess for one image: resize, rescale, patchify, positions, pad.
#include "image/preprocess.h"

#include "common/error.h"
#include "image/parallel.h"
#include "image/resample.h"

#include <algorithm>
#include <array>
#include <string>

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

PreprocessedImage preprocessWithThreads(const RgbImage& decoded, int level, int threads) {
    if (!isDetailLevel(level))
        throw Error("unsupported detail level " + std::to_string(level) +
                    " (expected 70, 140, 280, 560 or 1120)");
    PreprocessedImage out;
    out.level = level;
    out.maxPatches = level * kPoolingKernelSize * kPoolingKernelSize;
    const TargetSize size = aspectRatioPreservingSize(decoded.height, decoded.width, kPatchSize,
                                                      out.maxPatches, kPoolingKernelSize);
    out.resized = detail::resizeBicubic(decoded, size.width, size.height, threads);
    out.patches = (size.height / kPatchSize) * (size.width / kPatchSize);
    out.softTokens = out.patches / (kPoolingKernelSize * kPoolingKernelSize);
    patchify(out.resized, out);
    return out;
}

} // namespace

PreprocessedImage preprocess(const RgbImage& decoded, int level) {
    return preprocessWithThreads(decoded, level, detail::hardwareThreads());
}

std::vector<PreprocessedImage> preprocessLevels(const RgbImage& decoded,
                                                std::span<const int> levels) {
    for (int level : levels)
        if (!isDetailLevel(level))
            throw Error("unsupported detail level " + std::to_string(level) +
                        " (expected 70, 140, 280, 560 or 1120)");
    // Levels one after another, each splitting its rows over every core: running levels in
    // parallel as well only oversubscribes the cores and makes the threads contend for fresh
    // pages (the outputs are tens of MB).
    std::vector<PreprocessedImage> out;
    out.reserve(levels.size());
    for (int level : levels)
        out.push_back(preprocessWithThreads(decoded, level, detail::hardwareThreads()));
    return out;
}

} // namespace facet::image
