#pragma once
// Region zoom (issue #58): a rectangle of an image cut out and sent as an image of its own, so
// a small detail gets the whole token budget of a level instead of a corner of the scaled-down
// image. Coordinates are pixels of the image as the model sees it: after the EXIF orientation
// (decodeImage / probeDimensions), never of the stored pixel grid.
#include "image/image.h"
#include "image/preprocess.h"

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace facet::image {

struct CropRect {
    int x = 0, y = 0, width = 0, height = 0;
    friend bool operator==(const CropRect&, const CropRect&) = default;
};

// "X,Y,W,H": four non-negative decimal integers; anything else throws facet::Error (kind
// BadInput) quoting the text.
[[nodiscard]] CropRect parseCropRect(const std::string& text);
[[nodiscard]] std::string toString(const CropRect& rect); // "X,Y,W,H"

// Throws facet::fileError naming `file` when `rect` has no area or does not lie inside an
// image of `size` (its oriented size).
void checkCropRect(const std::filesystem::path& file, Dimensions size, const CropRect& rect);

// The pixels of `rect` (checked by the caller) as PIL's Image.crop((x, y, x + w, y + h)).
[[nodiscard]] RgbImage cropImage(const RgbImage& image, const CropRect& rect);

// Decodes `file` (EXIF orientation applied), checks `rect` and returns the crop as a PNG file's
// bytes: lossless, so decoding it gives the crop's pixels exactly. Throws facet::Error "PATH: …".
[[nodiscard]] std::vector<std::uint8_t> croppedPng(const std::filesystem::path& file,
                                                   const CropRect& rect);

// The level a crop of width x height is attached at by default: the lowest of `levels` whose
// size rule (aspectRatioPreservingSize, what preprocessing resizes to) keeps both sides at least
// as large as the crop, i.e. the crop is not scaled down; where none does, the highest of
// `levels` (1120 when `levels` are all five). A level whose size rule refuses the shape (a
// 0 x 0 result, a budget exceeded) is skipped. `levels` need not be sorted; empty throws.
[[nodiscard]] int defaultCropLevel(int width, int height,
                                   std::span<const int> levels = kDetailLevels);

} // namespace facet::image
