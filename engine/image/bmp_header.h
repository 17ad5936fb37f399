#pragma once
// Internal: a BMP's headers read with the rules of Pillow 9.4's BmpImagePlugin, so that Facet
// opens, and refuses, the same files with the same pixels.
#include "image/formats.h"

#include <array>
#include <cstdint>

namespace facet::image::detail {

// How the stored pixels become RGB: Pillow's raw modes for BMP.
enum class BmpPixels {
    Palette, // "P;1", "P;4", "P": palette indices
    Gray1,   // "1": a palette of black and white only, bits unpacked to 0 / 255
    Gray8,   // "L": a palette of (i, i, i) only, bytes used as gray levels
    Bgr15,   // "BGR;15"
    Bgr16,   // "BGR;16"
    Bgr24,   // "BGR"
    Bgrx,    // "BGRX", "BGRA": bytes B, G, R, (X or A)
    Xbgr,    // "XBGR", "ABGR": bytes (X or A), B, G, R
    Rgbx,    // "RGBA": bytes R, G, B, A
    Rle8,    // "bmp_rle" decoder, one index per byte
    Rle4,    // "bmp_rle" decoder, two indices per byte
};

struct BmpLayout {
    int width = 0, height = 0;
    bool topDown = false;
    unsigned bits = 0;       // bits per stored pixel
    unsigned unpackBits = 0; // bits per pixel of the raw mode (Gray8 of a 4-bit file: 8)
    BmpPixels pixels = BmpPixels::Bgr24;
    bool grayRle = false;       // RLE indices used as gray levels (palette was a gray ramp)
    bool blackWhiteRle = false; // RLE with a black-and-white palette: Pillow cannot load it
    size_t dataOffset = 0;      // where the pixels start
    size_t stride = 0;          // bytes per stored row (raw pixels)
    std::array<std::uint8_t, 256 * 3> palette{}; // RGB, entries past paletteEntries: gray ramp
    size_t paletteEntries = 0; // Pillow refuses more than 256 when it loads the pixels
};

// Throws facet::Error with Pillow's reason for a header Pillow refuses to open.
BmpLayout parseBmp(Bytes file);

} // namespace facet::image::detail
