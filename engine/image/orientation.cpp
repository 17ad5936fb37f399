// PIL.ImageOps.exif_transpose: orientation 2..8 map to FLIP_LEFT_RIGHT, ROTATE_180,
// FLIP_TOP_BOTTOM, TRANSPOSE, ROTATE_270, TRANSVERSE, ROTATE_90.
#include "image/formats.h"

#include <utility>

namespace facet::image::detail {

RgbImage applyOrientation(RgbImage image, int orientation) {
    if (orientation < 2 || orientation > 8)
        return image;
    const int w = image.width, h = image.height;
    const bool swaps = orientation >= 5;
    RgbImage out{swaps ? h : w, swaps ? w : h, PixelBytes(image.rgb.size())};
    for (int y = 0; y < out.height; ++y) {
        for (int x = 0; x < out.width; ++x) {
            int sx = x, sy = y; // source pixel for output (x, y)
            switch (orientation) {
            case 2:
                sx = w - 1 - x;
                break;
            case 3:
                sx = w - 1 - x, sy = h - 1 - y;
                break;
            case 4:
                sy = h - 1 - y;
                break;
            case 5:
                sx = y, sy = x;
                break;
            case 6:
                sx = y, sy = h - 1 - x;
                break;
            case 7:
                sx = w - 1 - y, sy = h - 1 - x;
                break;
            case 8:
                sx = w - 1 - y, sy = x;
                break;
            default:
                break;
            }
            const size_t from =
                (static_cast<size_t>(sy) * static_cast<size_t>(w) + static_cast<size_t>(sx)) * 3;
            const size_t to =
                (static_cast<size_t>(y) * static_cast<size_t>(out.width) + static_cast<size_t>(x)) *
                3;
            out.rgb[to] = image.rgb[from];
            out.rgb[to + 1] = image.rgb[from + 1];
            out.rgb[to + 2] = image.rgb[from + 2];
        }
    }
    return out;
}

} // namespace facet::image::detail
