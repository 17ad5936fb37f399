#pragma once
// Internal: one size of Pillow's BICUBIC resample in bounded memory, for the sources whose
// ordinary plan would not fit (resample_banded.cpp says when and how).
#include "image/image.h"
#include "image/preprocess.h"

namespace facet::image::detail {

// Whether resizing `source` to `size` needs the banded path.
bool needsBands(const RgbImage& source, const TargetSize& size);

// Resizes into `out` (already sized), with the same bytes as the ordinary path.
void resizeInBands(const RgbImage& source, RgbImage& out, int threads);

} // namespace facet::image::detail
