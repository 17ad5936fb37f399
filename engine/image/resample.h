#pragma once
// Internal: Pillow's antialiased BICUBIC resample with an explicit thread budget, for one size or
// for several sizes of one source at once (the detail levels of one image share work).
#include "image/image.h"
#include "image/preprocess.h"

#include <span>
#include <vector>

namespace facet::image::detail {

RgbImage resizeBicubic(const RgbImage& source, int width, int height, int threads);

std::vector<RgbImage> resizeBicubicMany(const RgbImage& source, std::span<const TargetSize> sizes,
                                        int threads);

} // namespace facet::image::detail
