#pragma once
// Gemma 4 image preprocessing, bit-exact with transformers' Gemma4ImageProcessorPil:
// aspect-ratio-preserving size rule → Pillow BICUBIC resize → float32(u * (1/255)) →
// [max_patches, 768] patches in (dy, dx, channel) order → (x, y) positions, -1 padded.
#include "image/image.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

namespace facet::image {

// The supported max_soft_tokens budgets ("detail levels").
inline constexpr std::array<int, 5> kDetailLevels{70, 140, 280, 560, 1120};
inline constexpr int kPatchSize = 16;
inline constexpr int kPoolingKernelSize = 3;
inline constexpr int kPatchValues = kPatchSize * kPatchSize * 3; // 768

bool isDetailLevel(int level);

struct TargetSize {
    int height = 0, width = 0;
};

// get_aspect_ratio_preserving_size, in IEEE double and the same order of operations.
// Throws facet::Error where Python raises ValueError (0 x 0 result, budget exceeded).
TargetSize aspectRatioPreservingSize(int height, int width, int patchSize, int maxPatches,
                                     int poolingKernelSize);

// The size an image of width x height is resized to at `level` (max_patches = level * 9).
TargetSize resizedSizeFor(int width, int height, int level);

// Soft tokens an image of this size costs at `level`, from the size rule alone (no pixels).
int softTokensFor(int width, int height, int level);

// Pillow's Image.resize((width, height), BICUBIC) on RGB8: antialiased, fixed point, exact.
RgbImage resizeBicubic(const RgbImage& source, int width, int height);

struct PreprocessedImage {
    int level = 0, maxPatches = 0, patches = 0, softTokens = 0;
    RgbImage resized;
    LargeVector<float> pixelValues;      // maxPatches * 768, padding rows zero
    std::vector<std::int64_t> positions; // maxPatches * 2, (x, y); padding rows -1
};

// One level. Throws facet::Error for an unsupported level or a size-rule error.
PreprocessedImage preprocess(const RgbImage& decoded, int level);

// Several levels of one decoded image (decoded once by the caller), each resized from it.
std::vector<PreprocessedImage> preprocessLevels(const RgbImage& decoded,
                                                std::span<const int> levels);

// preprocessLevels(decodeImage(file), levels), with the same results and the same errors, for
// callers that decode a file only to preprocess it: a single-scan three-component JPEG without
// EXIF rotation is resized while it decodes (the horizontal pass on a second core, as rows
// arrive; preprocess_file.cpp), every other file exactly as decodeImage then preprocessLevels.
std::vector<PreprocessedImage> preprocessFile(const std::filesystem::path& file,
                                              std::span<const int> levels);
PreprocessedImage preprocessFile(const std::filesystem::path& file, int level);

} // namespace facet::image
