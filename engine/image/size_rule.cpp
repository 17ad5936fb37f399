// get_aspect_ratio_preserving_size from transformers' image_processing_pil_gemma4.py, evaluated
// with the same IEEE double expressions in the same order, so every size agrees with Python.
#include "common/error.h"
#include "image/preprocess.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

namespace facet::image {

bool isDetailLevel(int level) {
    return std::find(kDetailLevels.begin(), kDetailLevels.end(), level) != kDetailLevels.end();
}

TargetSize aspectRatioPreservingSize(int height, int width, int patchSize, int maxPatches,
                                     int poolingKernelSize) {
    if (height <= 0 || width <= 0 || patchSize <= 0 || maxPatches <= 0 || poolingKernelSize <= 0)
        throw Error("image size rule: sizes and budgets must be positive");
    // Python ints are exact; these products stay far below 2^53, so int64 -> double is exact and
    // the division is the correctly rounded one Python's int / int gives.
    const std::int64_t totalPx = std::int64_t{height} * width;
    const std::int64_t targetPx = std::int64_t{maxPatches} * patchSize * patchSize;
    const double factor = std::sqrt(static_cast<double>(targetPx) / static_cast<double>(totalPx));
    const double idealHeight = factor * height;
    const double idealWidth = factor * width;
    const int sideMult = poolingKernelSize * patchSize;

    auto floorToInt = [](double v) { return static_cast<std::int64_t>(std::floor(v)); };
    std::int64_t targetHeight = floorToInt(idealHeight / sideMult) * sideMult;
    std::int64_t targetWidth = floorToInt(idealWidth / sideMult) * sideMult;

    if (targetHeight == 0 && targetWidth == 0)
        throw Error("image size rule: resizing " + std::to_string(width) + "x" +
                    std::to_string(height) + " gives a 0 x 0 image");

    const std::int64_t maxSideLength =
        std::int64_t{maxPatches / (poolingKernelSize * poolingKernelSize)} * sideMult;
    if (targetHeight == 0) {
        targetHeight = sideMult;
        targetWidth = std::min(
            floorToInt(static_cast<double>(width) / static_cast<double>(height)) * sideMult,
            maxSideLength);
    } else if (targetWidth == 0) {
        targetWidth = sideMult;
        targetHeight = std::min(
            floorToInt(static_cast<double>(height) / static_cast<double>(width)) * sideMult,
            maxSideLength);
    }

    if (targetHeight * targetWidth > targetPx)
        throw Error("image size rule: resizing " + std::to_string(width) + "x" +
                    std::to_string(height) + " to " + std::to_string(targetWidth) + "x" +
                    std::to_string(targetHeight) + " exceeds " + std::to_string(maxPatches) +
                    " patches");
    return {static_cast<int>(targetHeight), static_cast<int>(targetWidth)};
}

TargetSize resizedSizeFor(int width, int height, int level) {
    if (!isDetailLevel(level))
        throw Error("unsupported detail level " + std::to_string(level) +
                    " (expected 70, 140, 280, 560 or 1120)");
    const int maxPatches = level * kPoolingKernelSize * kPoolingKernelSize;
    return aspectRatioPreservingSize(height, width, kPatchSize, maxPatches, kPoolingKernelSize);
}

int softTokensFor(int width, int height, int level) {
    const TargetSize size = resizedSizeFor(width, height, level);
    const int patches = (size.height / kPatchSize) * (size.width / kPatchSize);
    return patches / (kPoolingKernelSize * kPoolingKernelSize);
}

} // namespace facet::image
