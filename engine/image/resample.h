#pragma once
// Internal: Pillow's antialiased BICUBIC resample with an explicit thread budget, so that
// preprocessLevels can split the machine between levels.
#include "image/image.h"

namespace facet::image::detail {

RgbImage resizeBicubic(const RgbImage& source, int width, int height, int threads);

} // namespace facet::image::detail
