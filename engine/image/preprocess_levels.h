#pragma once
// Internal: preprocessLevels' two ends around the resize, shared with preprocess_file.cpp.
#include "image/preprocess.h"

#include <span>
#include <vector>

namespace facet::image::detail {

// Every level's size rule for an image of width x height (checked before any pixel work): the
// results with level and maxPatches filled in, and the sizes to resize to.
std::vector<PreprocessedImage> planLevels(int width, int height, std::span<const int> levels,
                                          std::vector<TargetSize>& sizes);

// Each level's resized image moved into its result, then patchified, levels spread over
// `threads`.
void patchifyLevels(std::vector<PreprocessedImage>& out, std::vector<RgbImage> resized,
                    int threads);

} // namespace facet::image::detail
