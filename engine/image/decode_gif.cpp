// GIF, first frame, as Pillow's GifImagePlugin (9.x) loads it: the canvas is the logical screen
// grown to contain the frame, pre-filled with the frame's transparency index (else 0); the frame's
// LZW indices are written without compositing and looked up in the local palette, else the
// global one, else used as gray levels. stb_image composites transparency instead, so it is not
// used here.
#include "common/error.h"
#include "image/formats.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

namespace facet::image::detail {
namespace {

struct GifFrame {
    int canvasWidth = 0, canvasHeight = 0;
    int x0 = 0, y0 = 0, width = 0, height = 0;
    bool interlaced = false;
    std::optional<int> transparency;
    Bytes palette; // empty: no palette (indices are gray levels)
    int minCodeSize = 0;
    size_t dataStart = 0; // first sub-block of the LZW data
};

// Walks the blocks up to the first image descriptor, as GifImageFile._seek(0) does.
GifFrame locateFirstFrame(Bytes file) {
    if (file.size() < 13)
        throw Error("truncated GIF header");
    GifFrame f;
    f.canvasWidth = static_cast<int>(le16(&file[6]));
    f.canvasHeight = static_cast<int>(le16(&file[8]));
    size_t pos = 13;
    Bytes global;
    if (file[10] & 0x80) {
        const size_t size = size_t{3} << ((file[10] & 7) + 1);
        if (pos + size > file.size())
            throw Error("truncated GIF (global palette)");
        global = file.subspan(pos, size);
        pos += size;
    }
    auto skipSubBlocks = [&] {
        while (true) {
            if (pos >= file.size())
                throw Error("truncated GIF (extension block)");
            const size_t n = file[pos++];
            if (n == 0)
                return;
            pos += n;
        }
    };
    while (true) {
        if (pos >= file.size() || file[pos] == ';')
            throw Error("corrupt GIF (no image frame)");
        const std::uint8_t tag = file[pos++];
        if (tag == '!') {
            if (pos + 1 > file.size())
                throw Error("truncated GIF (extension)");
            const std::uint8_t label = file[pos++];
            if (label == 0xF9 && pos + 5 <= file.size() && file[pos] >= 4 && (file[pos + 1] & 1))
                f.transparency = file[pos + 4];
            skipSubBlocks();
        } else if (tag == ',') {
            if (pos + 9 > file.size())
                throw Error("truncated GIF (image descriptor)");
            f.x0 = static_cast<int>(le16(&file[pos]));
            f.y0 = static_cast<int>(le16(&file[pos + 2]));
            f.width = static_cast<int>(le16(&file[pos + 4]));
            f.height = static_cast<int>(le16(&file[pos + 6]));
            const std::uint8_t flags = file[pos + 8];
            pos += 9;
            // Pillow checks the grown canvas right here, before the palette and the image data:
            // a frame too large is reported as a decompression bomb even if nothing follows.
            checkPixelLimit(std::max(f.canvasWidth, f.x0 + f.width),
                            std::max(f.canvasHeight, f.y0 + f.height));
            f.interlaced = (flags & 0x40) != 0;
            f.palette = global;
            if (flags & 0x80) {
                const size_t size = size_t{3} << ((flags & 7) + 1);
                if (pos + size > file.size())
                    throw Error("truncated GIF (local palette)");
                f.palette = file.subspan(pos, size);
                pos += size;
            }
            if (pos >= file.size())
                throw Error("truncated GIF (image data)");
            f.minCodeSize = file[pos++];
            f.dataStart = pos;
            break;
        } // any other byte is skipped, as Pillow skips it
    }
    f.canvasWidth = std::max(f.canvasWidth, f.x0 + f.width);
    f.canvasHeight = std::max(f.canvasHeight, f.y0 + f.height);
    if (f.canvasWidth == 0 || f.canvasHeight == 0)
        throw Error("corrupt GIF (zero width or height)");
    if (f.minCodeSize < 1 || f.minCodeSize > 11)
        throw Error("corrupt GIF (invalid LZW code size)");
    return f;
}

// Row order of the frame's data: straight, or the four interlace passes.
std::vector<int> rowOrder(int height, bool interlaced) {
    std::vector<int> rows;
    if (!interlaced) {
        for (int y = 0; y < height; ++y)
            rows.push_back(y);
        return rows;
    }
    for (auto [start, step] : {std::pair{0, 8}, {4, 8}, {2, 4}, {1, 2}})
        for (int y = start; y < height; y += step)
            rows.push_back(y);
    return rows;
}

// LZW decode into `indices` (frame width * height); returns the number of pixels produced.
size_t decodeLzw(Bytes file, const GifFrame& f, std::vector<std::uint8_t>& indices) {
    const int clear = 1 << f.minCodeSize, end = clear + 1;
    std::array<std::uint16_t, 4096> prefix{};
    std::array<std::uint8_t, 4096> suffix{}, stack{};
    int codeSize = f.minCodeSize + 1, next = end + 1, previous = -1;
    std::uint8_t firstOfPrevious = 0;
    std::uint32_t bits = 0;
    int bitCount = 0;
    size_t produced = 0, pos = f.dataStart, blockLeft = 0;
    for (int c = 0; c < clear; ++c)
        suffix[static_cast<size_t>(c)] = static_cast<std::uint8_t>(c);
    while (produced < indices.size()) {
        while (bitCount < codeSize) {
            if (blockLeft == 0) {
                if (pos >= file.size())
                    throw Error("truncated GIF (image data cut off)");
                blockLeft = file[pos++];
                if (blockLeft == 0)
                    return produced; // data ended early (the caller refuses a short frame)
            }
            if (pos >= file.size())
                throw Error("truncated GIF (image data cut off)");
            bits |= std::uint32_t{file[pos++]} << bitCount;
            bitCount += 8;
            --blockLeft;
        }
        const int code = static_cast<int>(bits & ((1u << codeSize) - 1));
        bits >>= codeSize;
        bitCount -= codeSize;
        if (code == clear) {
            codeSize = f.minCodeSize + 1, next = end + 1, previous = -1;
            continue;
        }
        if (code == end)
            return produced;
        if (previous < 0) {
            if (code >= clear)
                throw Error("corrupt GIF data (invalid first LZW code)");
            indices[produced++] = static_cast<std::uint8_t>(code);
            previous = code, firstOfPrevious = static_cast<std::uint8_t>(code);
            continue;
        }
        if (code > next)
            throw Error("corrupt GIF data (LZW code out of range)");
        size_t depth = 0;
        int walk = code;
        if (code == next) { // the KwKwK case
            stack[depth++] = firstOfPrevious;
            walk = previous;
        }
        while (walk >= clear) {
            stack[depth++] = suffix[static_cast<size_t>(walk)];
            walk = prefix[static_cast<size_t>(walk)];
        }
        stack[depth++] = static_cast<std::uint8_t>(walk);
        const std::uint8_t first = static_cast<std::uint8_t>(walk);
        while (depth > 0 && produced < indices.size())
            indices[produced++] = stack[--depth];
        if (next < 4096) {
            prefix[static_cast<size_t>(next)] = static_cast<std::uint16_t>(previous);
            suffix[static_cast<size_t>(next)] = first;
            ++next;
            if (next == (1 << codeSize) && codeSize < 12)
                ++codeSize;
        }
        previous = code, firstOfPrevious = first;
    }
    return produced;
}

// The most pixels the first frame's data could produce: every LZW code is at least
// minCodeSize + 1 bits, and none stands for more than 4096 pixels (a table of 4096 entries, each
// one pixel longer than the one it extends). Data bytes are counted up to the block terminator
// or the end of the file.
std::uint64_t maxFramePixels(Bytes file, const GifFrame& f) {
    std::uint64_t dataBytes = 0;
    for (size_t pos = f.dataStart; pos < file.size();) {
        const size_t n = file[pos];
        if (n == 0)
            break;
        dataBytes += std::min(n, file.size() - pos - 1);
        pos += n + 1;
    }
    return dataBytes * 8 / static_cast<std::uint64_t>(f.minCodeSize + 1) * 4096;
}

} // namespace

HeaderInfo probeGif(Bytes file) {
    const GifFrame f = locateFirstFrame(file);
    // Pillow fills the whole frame from the data or refuses the file as truncated; judged before
    // a canvas is allocated (798 bytes claimed 13000 x 13000: 818 MB and 5 s).
    const std::uint64_t framePixels =
        static_cast<std::uint64_t>(f.width) * static_cast<std::uint64_t>(f.height);
    HeaderInfo info{Format::Gif, f.canvasWidth, f.canvasHeight, 1};
    if (framePixels > maxFramePixels(file, f))
        info.truncated = "truncated GIF (the first frame's data cannot hold its " +
                         std::to_string(f.width) + "x" + std::to_string(f.height) + " pixels)";
    // The canvas of palette indices and the frame's own indices.
    info.workingBytes =
        static_cast<std::uint64_t>(f.canvasWidth) * static_cast<std::uint64_t>(f.canvasHeight) +
        static_cast<std::uint64_t>(f.width) * static_cast<std::uint64_t>(f.height);
    return info;
}

RgbImage decodeGif(Bytes file, const HeaderInfo&) {
    const GifFrame f = locateFirstFrame(file);
    const size_t canvasPixels =
        static_cast<size_t>(f.canvasWidth) * static_cast<size_t>(f.canvasHeight);
    std::vector<std::uint8_t> canvas(canvasPixels,
                                     static_cast<std::uint8_t>(f.transparency.value_or(0)));
    std::vector<std::uint8_t> frame(static_cast<size_t>(f.width) * static_cast<size_t>(f.height));
    const size_t produced = decodeLzw(file, f, frame);
    // An end code or the block terminator before the frame is full: Pillow's decoder goes on
    // reading past them and refuses the file as truncated ("image file is truncated"), so the
    // rest of the frame is never left at the fill value.
    if (produced < frame.size())
        throw Error("truncated GIF (the first frame's data ends after " + std::to_string(produced) +
                    " of its " + std::to_string(frame.size()) + " pixels)");
    const std::vector<int> rows = rowOrder(f.height, f.interlaced);
    for (size_t i = 0; i < produced; ++i) {
        const int y = f.y0 + rows[i / static_cast<size_t>(f.width)];
        const int x = f.x0 + static_cast<int>(i % static_cast<size_t>(f.width));
        canvas[static_cast<size_t>(y) * static_cast<size_t>(f.canvasWidth) +
               static_cast<size_t>(x)] = frame[i];
    }
    RgbImage out{f.canvasWidth, f.canvasHeight, PixelBytes(canvasPixels * 3)};
    for (size_t i = 0; i < canvasPixels; ++i) {
        const size_t index = canvas[i];
        for (size_t c = 0; c < 3; ++c)
            out.rgb[i * 3 + c] = index * 3 + c < f.palette.size()
                                     ? f.palette[index * 3 + c]
                                     : static_cast<std::uint8_t>(index);
        // (no palette, or an index past it: Pillow's gray ramp)
    }
    return out;
}

} // namespace facet::image::detail
