// PNG writer for `inspect-image --dump-resized` (stb_image_write, compiled in this one file).
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include "cmd_inspect_image_png.h"

#include "common/error.h"

#include <fstream>
#include <stb/stb_image_write.h>

namespace facet::cli {
namespace {

void appendBytes(void* context, void* data, int size) {
    auto* out = static_cast<std::vector<char>*>(context);
    const char* bytes = static_cast<const char*>(data);
    out->insert(out->end(), bytes, bytes + size);
}

} // namespace

void writeRgbPng(const std::filesystem::path& file, const image::RgbImage& image) {
    std::vector<char> png;
    if (!stbi_write_png_to_func(appendBytes, &png, image.width, image.height, 3, image.rgb.data(),
                                image.width * 3))
        throw fileError(file, "cannot encode the PNG");
    std::ofstream out(file, std::ios::binary);
    if (!out.write(png.data(), static_cast<std::streamsize>(png.size())))
        throw fileError(file, "cannot write the file");
}

} // namespace facet::cli
