// Format sniffing and header probes: size (and EXIF) without decoding any pixels, so that
// over-limit images are refused before a pixel buffer exists.
#include "common/error.h"
#include "image/formats.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <webp/decode.h>
#include <webp/demux.h>

namespace facet::image::detail {
namespace {

bool startsWith(Bytes file, const char* magic, size_t offset = 0) {
    const size_t n = std::strlen(magic);
    return file.size() >= offset + n && std::memcmp(file.data() + offset, magic, n) == 0;
}

} // namespace

Format sniffFormat(Bytes file) {
    if (file.empty())
        throw Error("not a supported image (the file is empty)");
    if (file.size() >= 3 && file[0] == 0xFF && file[1] == 0xD8 && file[2] == 0xFF)
        return Format::Jpeg;
    if (startsWith(file, "\x89PNG\r\n\x1a\n"))
        return Format::Png;
    if (startsWith(file, "GIF87a") || startsWith(file, "GIF89a"))
        return Format::Gif;
    if (startsWith(file, "BM"))
        return Format::Bmp;
    if (startsWith(file, "RIFF") && startsWith(file, "WEBP", 8))
        return Format::WebP;
    if (startsWith(file, "II*") || startsWith(file, "MM"))
        if (file.size() >= 4 && (file[2] == 42 || file[3] == 42))
            throw Error("unsupported image format (TIFF); use JPEG, PNG, WebP, BMP or GIF");
    if (startsWith(file, "ftyp", 4))
        throw Error("unsupported image format (HEIF/AVIF); use JPEG, PNG, WebP, BMP or GIF");
    if (startsWith(file, "8BPS"))
        throw Error("unsupported image format (Photoshop); use JPEG, PNG, WebP, BMP or GIF");
    throw Error("not a supported image (unrecognised file contents)");
}

namespace {

// libjpeg's memory for a JPEG with this frame header and first scan: the samples of every
// component (converted to RGB afterwards unless there are three), and, when the image is coded
// in several scans (progressive, or components in separate scans), the whole coefficient buffer:
// 64 16-bit coefficients per 8x8 block of every component, blocks padded to whole MCUs.
std::uint64_t jpegWorkingBytes(Bytes frame, bool multiScan) {
    const std::uint64_t h = be16(&frame[1]), w = be16(&frame[3]), n = frame[5];
    const std::uint64_t pixels = w * h;
    std::uint64_t bytes = n == 3 ? 0 : pixels * n;
    if (!multiScan || frame.size() < 6 + 3 * n)
        return bytes + (multiScan ? pixels * n * 2 : 0);
    std::uint64_t hMax = 1, vMax = 1;
    for (std::uint64_t c = 0; c < n; ++c) {
        hMax = std::max<std::uint64_t>(hMax, frame[7 + 3 * c] >> 4);
        vMax = std::max<std::uint64_t>(vMax, frame[7 + 3 * c] & 15);
    }
    const std::uint64_t mcuColumns = (w + 8 * hMax - 1) / (8 * hMax);
    const std::uint64_t mcuRows = (h + 8 * vMax - 1) / (8 * vMax);
    for (std::uint64_t c = 0; c < n; ++c) {
        const std::uint64_t hs = frame[7 + 3 * c] >> 4, vs = frame[7 + 3 * c] & 15;
        bytes += mcuColumns * hs * mcuRows * vs * 64 * 2;
    }
    return bytes;
}

} // namespace

HeaderInfo probeJpeg(Bytes file) {
    HeaderInfo info{Format::Jpeg};
    bool haveExif = false, haveFrame = false, progressive = false, dpiKnown = false;
    Bytes frame;
    size_t pos = 2;
    while (true) {
        while (pos < file.size() && file[pos] != 0xFF) // Pillow skips junk between segments
            ++pos;
        while (pos < file.size() && file[pos] == 0xFF)
            ++pos;
        if (pos >= file.size())
            throw Error("truncated JPEG (no image data)");
        const std::uint8_t marker = file[pos++];
        if (marker == 0x01 || marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7))
            continue; // markers without a length
        if (marker == 0xD9)
            throw Error("corrupt JPEG (end of image before any image data)");
        if (pos + 2 > file.size())
            throw Error("truncated JPEG (segment header cut off)");
        const size_t length = be16(&file[pos]);
        if (length < 2 || pos + length > file.size())
            throw Error("truncated JPEG (segment cut off)");
        const Bytes body = file.subspan(pos + 2, length - 2);
        pos += length;
        if (marker == 0xE0 && body.size() >= 8 && std::memcmp(body.data(), "JFIF", 4) == 0) {
            dpiKnown = dpiKnown || body[7] == 1; // Pillow takes "dpi" from a JFIF in inches
        } else if (marker == 0xE1 && !haveExif && body.size() >= 5 &&
                   std::memcmp(body.data(), "Exif\0", 5) == 0) {
            // Pillow reads the EXIF right away when no JFIF gave the resolution, to look for
            // one there, and swallows its errors; the failed read leaves an empty EXIF behind.
            // Read later by exif_transpose, a malformed EXIF fails the load instead.
            try {
                info.orientation = exifOrientation(body);
            } catch (const Error&) {
                if (dpiKnown)
                    throw;
            }
            haveExif = true;
        } else if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 &&
                   marker != 0xCC) {
            if (body.size() < 6)
                throw Error("corrupt JPEG (short frame header)");
            if (body[0] != 8)
                throw Error("unsupported JPEG: " + std::to_string(body[0]) + "-bit samples");
            const int layers = body[5];
            if (layers != 1 && layers != 3 && layers != 4)
                throw Error("unsupported JPEG: " + std::to_string(layers) + " colour components");
            info.height = static_cast<int>(be16(&body[1]));
            info.width = static_cast<int>(be16(&body[3]));
            haveFrame = true;
            frame = body;
            progressive = (marker & 3) == 2; // SOF2, SOF6, SOF10, SOF14
            info.components = layers;
        } else if (marker == 0xDA) {
            if (!haveFrame)
                throw Error("corrupt JPEG (scan before frame header)");
            const bool allInFirstScan = !body.empty() && body[0] == frame[5];
            info.multiScan = progressive || !allInFirstScan;
            info.workingBytes = jpegWorkingBytes(frame, info.multiScan);
            // Every block's DC value is coded in some scan, in one bit at the least; a
            // component has at least ceil(w / 8 hMax) x ceil(h / 8 vMax) blocks. Data after
            // the first scan header that is shorter than that is truncated (the file ends
            // before the image does), known before libjpeg allocates for the whole image.
            std::uint64_t hMax = 1, vMax = 1;
            for (std::uint64_t c = 0; c < frame[5] && 8 + 3 * c < frame.size(); ++c) {
                hMax = std::max<std::uint64_t>(hMax, frame[7 + 3 * c] >> 4);
                vMax = std::max<std::uint64_t>(vMax, frame[7 + 3 * c] & 15);
            }
            const std::uint64_t blocks =
                ((static_cast<std::uint64_t>(info.width) + 8 * hMax - 1) / (8 * hMax)) *
                ((static_cast<std::uint64_t>(info.height) + 8 * vMax - 1) / (8 * vMax));
            if ((file.size() - pos) * 8 < blocks)
                info.truncated = "truncated JPEG (" + std::to_string(file.size() - pos) +
                                 " bytes of image data cannot code the " + std::to_string(blocks) +
                                 " blocks of its first component)";
            break;
        }
    }
    if (info.width == 0 || info.height == 0)
        throw Error("corrupt JPEG (zero width or height)");
    return info;
}

HeaderInfo probeWebp(Bytes file) {
    HeaderInfo info{Format::WebP};
    WebPBitstreamFeatures features;
    const VP8StatusCode status = WebPGetFeatures(file.data(), file.size(), &features);
    if (status == VP8_STATUS_NOT_ENOUGH_DATA)
        throw Error("truncated WebP");
    if (status != VP8_STATUS_OK || features.width <= 0 || features.height <= 0)
        throw Error("corrupt WebP header");
    info.width = features.width;
    info.height = features.height;
    // libwebp's own buffers: a lossless image is decoded whole into 32-bit ARGB first; a lossy
    // one keeps its alpha plane whole. Animations are decoded frame by frame, as large as that.
    const std::uint64_t pixels =
        static_cast<std::uint64_t>(features.width) * static_cast<std::uint64_t>(features.height);
    info.workingBytes = features.format == 2 || features.has_animation ? 4 * pixels
                        : features.has_alpha                           ? pixels
                                                                       : 0;
    // Pillow takes EXIF from the demuxer's first "EXIF" chunk.
    const WebPData data{file.data(), file.size()};
    if (WebPDemuxer* demux = WebPDemux(&data)) {
        WebPChunkIterator chunk;
        if (WebPDemuxGetChunk(demux, "EXIF", 1, &chunk)) {
            info.orientation = exifOrientation(Bytes(chunk.chunk.bytes, chunk.chunk.size));
            WebPDemuxReleaseChunkIterator(&chunk);
        }
        WebPDemuxDelete(demux);
    } else {
        throw Error("corrupt or truncated WebP container");
    }
    return info;
}

} // namespace facet::image::detail
