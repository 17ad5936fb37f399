// PNG through stb_image, with Pillow's convert("RGB") semantics: alpha dropped, gray
// replicated, palette expanded, 16-bit samples reduced to their high byte — except 16-bit
// grayscale PNG, which Pillow opens as mode "I" and whose I -> RGB conversion clips to 0..255.
#include "common/error.h"
#include "image/formats.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <stb/stb_image.h>
#include <string>

namespace facet::image::detail {
namespace {

struct StbFree {
    void operator()(void* p) const { stbi_image_free(p); }
};

bool isGray16Png(Bytes file) {
    // IHDR directly follows the signature (checked by probePng): depth at 24, colour type at 25.
    return file.size() > 25 && std::memcmp(&file[12], "IHDR", 4) == 0 && file[24] == 16 &&
           file[25] == 0;
}

std::string failure(const char* format) {
    const char* reason = stbi_failure_reason();
    return std::string("corrupt ") + format + " data (" + (reason ? reason : "unknown") + ")";
}

} // namespace

RgbImage decodePng(Bytes file, const HeaderInfo& header) {
    const char* name = "PNG";
    if (file.size() > static_cast<size_t>(INT32_MAX))
        throw Error(std::string(name) + " file too large");
    const int length = static_cast<int>(file.size());
    int w = 0, h = 0, channels = 0;
    RgbImage out;
    if (isGray16Png(file)) {
        std::unique_ptr<stbi_us, StbFree> gray(
            stbi_load_16_from_memory(file.data(), length, &w, &h, &channels, 1));
        if (!gray)
            throw Error(failure(name));
        out = {w, h, PixelBytes(static_cast<size_t>(w) * static_cast<size_t>(h) * 3)};
        for (size_t i = 0; i < static_cast<size_t>(w) * static_cast<size_t>(h); ++i) {
            const auto v = static_cast<std::uint8_t>(std::min<stbi_us>(gray.get()[i], 255));
            out.rgb[i * 3] = out.rgb[i * 3 + 1] = out.rgb[i * 3 + 2] = v;
        }
    } else {
        std::unique_ptr<stbi_uc, StbFree> rgb(
            stbi_load_from_memory(file.data(), length, &w, &h, &channels, 3));
        if (!rgb)
            throw Error(failure(name));
        const size_t bytes = static_cast<size_t>(w) * static_cast<size_t>(h) * 3;
        out = {w, h, PixelBytes(rgb.get(), rgb.get() + bytes)};
    }
    if (w != header.width || h != header.height)
        throw Error(std::string("corrupt ") + name + " (decoded size differs from the header)");
    return out;
}

} // namespace facet::image::detail
