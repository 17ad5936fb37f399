#pragma once
// Internal: per-format header probes and decoders. Every function throws facet::Error with a
// reason only (no path); decode.cpp prefixes the path.
#include "image/image.h"

#include <atomic>
#include <cstdint>
#include <span>
#include <string>

namespace facet::image::detail {

using Bytes = std::span<const std::uint8_t>;

enum class Format { Jpeg, Png, Gif, Bmp, WebP };

struct HeaderInfo {
    HeaderInfo() = default;
    explicit HeaderInfo(Format f, int w = 0, int h = 0, int orient = 1, std::uint64_t working = 0)
        : format(f), width(w), height(h), orientation(orient), workingBytes(working) {}

    Format format = Format::Jpeg;
    int width = 0, height = 0; // as stored, before EXIF orientation
    int orientation = 1;       // EXIF Orientation tag, 1 when absent or invalid
    // The decoder's peak memory besides the file bytes and the RGB result, estimated from the
    // header so that an image that cannot fit is refused before anything is allocated.
    std::uint64_t workingBytes = 0;
    // JPEG only: colour components of the frame, and whether the image is coded in several scans
    // (progressive, or components in separate scans). preprocess_file.cpp streams only
    // single-scan three-component JPEGs.
    int components = 0;
    bool multiScan = false;
    // Set when the file's data cannot hold the image the header describes (judged from sizes
    // alone: deflate's and LZW's best ratios, a JPEG's bit per block), with the reason. Pillow
    // refuses such a file as truncated once it runs out of data; Facet refuses it before
    // decoding, after the pixel limit and the memory plan (the order of Pillow's and Facet's
    // own checks).
    std::string truncated;
};

// Peak memory of one decode (file bytes, decoder working memory, RGB result, orientation copy)
// may not exceed this; together with the resize plan it keeps one level under 1 GiB.
inline constexpr std::uint64_t kDecodeMemoryLimit = std::uint64_t{960} << 20;

// Pillow's DecompressionBombError: more than kMaxImagePixels pixels. Decoders call it where
// Pillow checks (GIF: as soon as a frame grows the canvas); decode.cpp after every probe.
void checkPixelLimit(std::int64_t width, std::int64_t height);

// Identifies the format from its signature, or throws "unsupported image format (TIFF)" /
// "not a supported image (...)".
Format sniffFormat(Bytes file);

HeaderInfo probeJpeg(Bytes file);
HeaderInfo probePng(Bytes file); // png_chunks.cpp
HeaderInfo probeGif(Bytes file);
HeaderInfo probeBmp(Bytes file);
HeaderInfo probeWebp(Bytes file);

// Decoders return the image as stored (orientation not applied), already converted to RGB the
// way Pillow's convert("RGB") does for the mode Pillow would open it in.
RgbImage decodeJpeg(Bytes file, const HeaderInfo& header);
RgbImage decodePng(Bytes file, const HeaderInfo& header); // stb_image
RgbImage decodeBmp(Bytes file, const HeaderInfo& header); // Pillow's rules (bmp_header.h)
RgbImage decodeGif(Bytes file, const HeaderInfo& header);
RgbImage decodeWebp(Bytes file, const HeaderInfo& header);

// decodeJpeg for a three-component JPEG, into `into` (already sized header.width x
// header.height) while another thread reads the rows decoded so far: `rowsReady` is raised
// (release, then notify_all) every 64 scanlines and to the height at the end. On any failure it is
// set to -1 (and notified) before the same error as decodeJpeg's is thrown. Returns false, with
// `rowsReady` at -1 and nothing written, where libjpeg's output is not header.width x
// header.height x 3 after all: then decodeJpeg says what it is.
bool decodeJpegStreaming(Bytes file, const HeaderInfo& header, RgbImage& into,
                         std::atomic<int>& rowsReady);

// The Orientation tag (0x0112) of IFD0 in an EXIF block ("Exif\0\0" prefix optional): whether
// Pillow sees the tag at all (then XMP is not consulted) and its value, 1 when absent or not a
// valid orientation. Throws where Pillow's exif_transpose fails (not a TIFF header); a damaged
// IFD is read as far as it goes, as Pillow reads it.
struct ExifOrientation {
    bool present = false;
    int value = 1;
};
ExifOrientation readExifOrientation(Bytes exif);
int exifOrientation(Bytes exif); // readExifOrientation(exif).value

// PIL.ImageOps.exif_transpose for orientations 2..8; 1 and unknown values return the input.
RgbImage applyOrientation(RgbImage image, int orientation);

// Big/little-endian readers with bounds already checked by the caller.
inline std::uint32_t be16(const std::uint8_t* p) {
    return (p[0] << 8) | p[1];
}
inline std::uint32_t le16(const std::uint8_t* p) {
    return p[0] | (p[1] << 8);
}
inline std::uint32_t be32(const std::uint8_t* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
           p[3];
}
inline std::uint32_t le32(const std::uint8_t* p) {
    return p[0] | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) |
           (std::uint32_t{p[3]} << 24);
}

} // namespace facet::image::detail
