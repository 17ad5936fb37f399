// Public entry points: read the file, identify it, probe the header, refuse over-limit sizes
// before decoding, decode, apply the EXIF orientation. Every failure becomes "PATH: reason".
#include "common/error.h"
#include "image/decode_file.h"
#include "image/file_input.h"
#include "image/formats.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace facet::image {
namespace {

using detail::Format;
using detail::HeaderInfo;

std::string mebibytes(std::uint64_t bytes) {
    return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

// Refuses, from the header alone, an image whose decode would not fit kDecodeMemoryLimit: the
// file, the decoder's working memory and the RGB result live together; an orientation that swaps
// the sides needs a second RGB buffer (the file is freed by then).
void checkMemory(const HeaderInfo& info, std::uint64_t fileBytes) {
    const std::uint64_t rgb = std::uint64_t{3} * static_cast<std::uint64_t>(info.width) *
                              static_cast<std::uint64_t>(info.height);
    const std::uint64_t decoding = fileBytes + info.workingBytes + rgb;
    const std::uint64_t orienting = info.orientation >= 5 ? 2 * rgb : rgb;
    const std::uint64_t needed = std::max(decoding, orienting);
    if (needed > detail::kDecodeMemoryLimit)
        throw Error("decoding this " + std::to_string(info.width) + "x" +
                    std::to_string(info.height) + " image needs about " + mebibytes(needed) +
                    " of memory, more than the limit of " + mebibytes(detail::kDecodeMemoryLimit));
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
    detail::checkPixelLimit(info.width, info.height);
    checkMemory(info, bytes.size());
    if (!info.truncated.empty())
        throw Error(info.truncated);
    return info;
}

// What the head of a file larger than its head says, when it says it: the dimensions (and for
// some formats more) from the format's own probe run on the head alone, or from a PNG's IHDR,
// which is always first. Nothing when the head is not enough (a probe that needs the whole
// file fails on a part of it): the whole file is judged as before.
std::optional<HeaderInfo> probeHead(detail::Bytes head) {
    const Format format = detail::sniffFormat(head);
    if (format == Format::Png) {
        if (head.size() < 24 || std::memcmp(&head[12], "IHDR", 4) != 0)
            return std::nullopt;
        const std::uint32_t w = detail::be32(&head[16]), h = detail::be32(&head[20]);
        if (w == 0 || h == 0 || w > 0x7FFFFFFF || h > 0x7FFFFFFF)
            return std::nullopt;
        return HeaderInfo{Format::Png, static_cast<int>(w), static_cast<int>(h), 1, 0};
    }
    try {
        switch (format) {
        case Format::Jpeg:
            return detail::probeJpeg(head);
        case Format::Gif:
            return detail::probeGif(head);
        case Format::Bmp:
            return detail::probeBmp(head);
        case Format::WebP:
            return detail::probeWebp(head);
        case Format::Png:
            break;
        }
    } catch (const Error&) {
    }
    return std::nullopt;
}

// The file's bytes, its head judged first: a file whose head already shows an image past the
// pixel limit or the decode-memory plan is refused before the rest (up to 768 MiB) is read.
std::vector<std::uint8_t> readJudged(const std::filesystem::path& file) {
    detail::OpenedImageFile opened = detail::openImageFile(file);
    if (opened.file->size() > opened.head.size())
        if (const auto info = probeHead(opened.head)) {
            detail::checkPixelLimit(info->width, info->height);
            checkMemory(*info, opened.file->size());
        }
    return detail::readWholeImageFile(std::move(opened));
}

} // namespace

namespace detail {

void checkPixelLimit(std::int64_t width, std::int64_t height) {
    const std::int64_t pixels = width * height;
    if (pixels > kMaxImagePixels)
        throw Error("image is " + std::to_string(width) + "x" + std::to_string(height) + " = " +
                    std::to_string(pixels) + " pixels, which exceeds the limit of " +
                    std::to_string(kMaxImagePixels) + " pixels (decompression bomb protection)");
}

JudgedFile readJudgedFile(const std::filesystem::path& file) {
    JudgedFile judged;
    judged.bytes = readJudged(file);
    judged.info = probe(judged.bytes);
    return judged;
}

RgbImage decodeJudged(JudgedFile judged) {
    const Bytes bytes = judged.bytes;
    const HeaderInfo& info = judged.info;
    RgbImage image;
    switch (info.format) {
    case Format::Jpeg:
        image = decodeJpeg(bytes, info);
        break;
    case Format::Png:
        image = decodePng(bytes, info);
        break;
    case Format::Bmp:
        image = decodeBmp(bytes, info);
        break;
    case Format::Gif:
        image = decodeGif(bytes, info);
        break;
    case Format::WebP:
        image = decodeWebp(bytes, info);
        break;
    }
    std::vector<std::uint8_t>().swap(judged.bytes); // the file is not needed while orienting
    return applyOrientation(std::move(image), info.orientation);
}

} // namespace detail

Dimensions probeDimensions(const std::filesystem::path& file) {
    return detail::withPath(file, [&] {
        const std::vector<std::uint8_t> bytes = readJudged(file);
        const HeaderInfo info = probe(bytes);
        const bool swaps = info.orientation >= 5;
        return Dimensions{swaps ? info.height : info.width, swaps ? info.width : info.height};
    });
}

RgbImage decodeImage(const std::filesystem::path& file) {
    return detail::withPath(file,
                            [&] { return detail::decodeJudged(detail::readJudgedFile(file)); });
}

} // namespace facet::image
