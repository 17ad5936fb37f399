// The smoke test's built-in image: drawn in code so the test needs no file next to the binary,
// with edges and colour at every scale so each detail level has something to look at.
#include "common/error.h"
#include "generate/smoke_steps.h"

#include <fstream>

namespace facet::generate {

image::RgbImage smokeTestImage() {
    constexpr int kWidth = 640, kHeight = 480;
    image::RgbImage img;
    img.width = kWidth;
    img.height = kHeight;
    img.rgb.resize(std::size_t{kWidth} * kHeight * 3);
    for (int y = 0; y < kHeight; ++y) {
        for (int x = 0; x < kWidth; ++x) {
            std::uint8_t* px = &img.rgb[(std::size_t(y) * kWidth + std::size_t(x)) * 3];
            const int dx = x - 400, dy = y - 220;
            const bool disc = dx * dx + dy * dy < 120 * 120;
            const bool grid = x % 64 < 3 || y % 64 < 3;
            px[0] = disc ? 230 : static_cast<std::uint8_t>(x * 255 / kWidth);
            px[1] = disc ? 40 : static_cast<std::uint8_t>(y * 255 / kHeight);
            px[2] = grid ? 20 : static_cast<std::uint8_t>(((x / 16) ^ (y / 16)) & 1 ? 200 : 90);
        }
    }
    return img;
}

void writeBmp(const image::RgbImage& image, const std::filesystem::path& file) {
    const std::uint32_t stride = (std::uint32_t(image.width) * 3 + 3) / 4 * 4;
    const std::uint32_t pixels = stride * std::uint32_t(image.height);
    std::vector<std::uint8_t> out(54 + pixels, 0);
    auto put32 = [&](std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            out[at + std::size_t(i)] = std::uint8_t(v >> (8 * i));
    };
    out[0] = 'B';
    out[1] = 'M';
    put32(2, 54 + pixels);
    put32(10, 54); // pixel data offset
    put32(14, 40); // BITMAPINFOHEADER
    put32(18, std::uint32_t(image.width));
    put32(22, std::uint32_t(image.height)); // positive: rows bottom-up
    out[26] = 1;                            // planes
    out[28] = 24;                           // bits per pixel
    put32(34, pixels);
    for (int y = 0; y < image.height; ++y) {
        const std::uint8_t* row = &image.rgb[std::size_t(y) * std::size_t(image.width) * 3];
        std::uint8_t* dst = &out[54 + std::size_t(image.height - 1 - y) * stride];
        for (int x = 0; x < image.width; ++x) { // BMP stores BGR
            dst[x * 3] = row[x * 3 + 2];
            dst[x * 3 + 1] = row[x * 3 + 1];
            dst[x * 3 + 2] = row[x * 3];
        }
    }
    std::ofstream stream(file, std::ios::binary);
    stream.write(reinterpret_cast<const char*>(out.data()), std::streamsize(out.size()));
    if (!stream)
        throw fileError(file, "cannot write the smoke test's image");
}

} // namespace facet::generate
