#pragma once
#include "image/image.h"

#include <filesystem>

namespace facet::cli {

// Writes RGB8 as an 8-bit RGB PNG; throws facet::Error "PATH: reason".
void writeRgbPng(const std::filesystem::path& file, const image::RgbImage& image);

} // namespace facet::cli
