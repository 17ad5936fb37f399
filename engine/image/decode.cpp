// Public entry points: read the file, identify it, probe the header, refuse over-limit sizes
// before decoding, decode, apply the EXIF orientation. Every failure becomes "PATH: reason".
#include "common/error.h"
#include "image/formats.h"

#include <fstream>
#include <string>

namespace facet::image {
namespace {

using detail::Format;
using detail::HeaderInfo;

std::vector<std::uint8_t> readFile(const std::filesystem::path& file) {
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec))
        throw Error("is a directory, not an image");
    std::ifstream in(file, std::ios::binary | std::ios::ate);
    if (!in)
        throw Error("cannot open the file");
    const std::streamoff size = in.tellg();
    if (size < 0)
        throw Error("cannot read the file");
    std::vector<std::uint8_t> bytes(static_cast<size_t>(size));
    in.seekg(0);
    if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), size))
        throw Error("cannot read the file");
    return bytes;
}

HeaderInfo probe(detail::Bytes bytes) {
    HeaderInfo info;
    switch (detail::sniffFormat(bytes)) {
    case Format::Jpeg:
        info = detail::probeJpeg(bytes);
        break;
    case Format::Png:
        info = detail::probePng(bytes);
        break;
    case Format::Gif:
        info = detail::probeGif(bytes);
        break;
    case Format::Bmp:
        info = detail::probeBmp(bytes);
        break;
    case Format::WebP:
        info = detail::probeWebp(bytes);
        break;
    }
    const std::int64_t pixels = std::int64_t{info.width} * info.height;
    if (pixels > kMaxImagePixels)
        throw Error("image is " + std::to_string(info.width) + "x" + std::to_string(info.height) +
                    " = " + std::to_string(pixels) + " pixels, which exceeds the limit of " +
                    std::to_string(kMaxImagePixels) + " pixels (decompression bomb protection)");
    return info;
}

template <typename Fn> auto withPath(const std::filesystem::path& file, Fn&& fn) {
    try {
        return fn();
    } catch (const Error& e) {
        throw fileError(file, e.what());
    } catch (const std::bad_alloc&) {
        throw fileError(file, "not enough memory to decode the image");
    }
}

} // namespace

Dimensions probeDimensions(const std::filesystem::path& file) {
    return withPath(file, [&] {
        const std::vector<std::uint8_t> bytes = readFile(file);
        const HeaderInfo info = probe(bytes);
        const bool swaps = info.orientation >= 5;
        return Dimensions{swaps ? info.height : info.width, swaps ? info.width : info.height};
    });
}

RgbImage decodeImage(const std::filesystem::path& file) {
    return withPath(file, [&] {
        const std::vector<std::uint8_t> bytes = readFile(file);
        const HeaderInfo info = probe(bytes);
        RgbImage image;
        switch (info.format) {
        case Format::Jpeg:
            image = detail::decodeJpeg(bytes, info);
            break;
        case Format::Png:
            image = detail::decodePngOrBmp(bytes, info);
            break;
        case Format::Bmp:
            image = detail::decodeBmp(bytes, info);
            break;
        case Format::Gif:
            image = detail::decodeGif(bytes, info);
            break;
        case Format::WebP:
            image = detail::decodeWebp(bytes, info);
            break;
        }
        return detail::applyOrientation(std::move(image), info.orientation);
    });
}

} // namespace facet::image
