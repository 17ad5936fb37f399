// The PNG chunk walk, with the decisions Pillow 9.4's PngImagePlugin makes about chunks (the
// pixels themselves are stb_image's, decode_stb.cpp). Pillow reads a PNG in three phases, and
// so does this walk:
// 1. Image.open reads the chunks before the first IDAT, checking every CRC;
// 2. load() reads the IDAT run, and any fdAT in it is checked for its sequence number;
// 3. load_end() reads the chunks after it up to IEND, or, in an animated PNG, up to the next
//    frame's fcTL (later frames are not read for the first one).
// In phases 1 and 3: tEXt/zTXt/iTXt (a compressed text may inflate to at most 1 MiB, all text
// together to at most 64 MiB, zTXt must use method 0), acTL/fcTL/fdAT (APNG lengths, sequence
// numbers, frame bounds). The orientation Pillow's exif_transpose applies comes from the eXIf
// chunk, else an ImageMagick "Raw profile type exif" text, and, when neither has an Orientation
// tag, from XMP ("XML:com.adobe.xmp" text) `tiff:Orientation="N"` or `<tiff:Orientation>N`.
#include "common/error.h"
#include "image/formats.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <zlib.h>

namespace facet::image::detail {
namespace {

constexpr size_t kMaxTextChunk = size_t{1} << 20;     // ImageFile.SAFEBLOCK
constexpr size_t kMaxTextMemory = 64 * kMaxTextChunk; // MAX_TEXT_MEMORY

// stb_image's peak for a PNG: the concatenated IDAT data and the inflated scanlines (at most the
// file), then the scanlines and the unfiltered image, then that image and its 3-channel (or
// 8-bit) conversion, then the converted image and our RGB copy. The largest pair is the peak.
std::uint64_t pngWorkingBytes(std::uint64_t w, std::uint64_t h, unsigned depth, unsigned colour,
                              bool interlaced) {
    const unsigned channels = colour == 2 ? 3 : colour == 4 ? 2 : colour == 6 ? 4 : 1;
    const std::uint64_t pixels = w * h, sample = depth == 16 ? 2 : 1;
    const std::uint64_t raw = h * (1 + (w * channels * depth + 7) / 8) + (interlaced ? 7 * h : 0);
    const bool gray16 = depth == 16 && colour == 0;
    const std::uint64_t image = pixels * (colour == 3 ? 3 : channels) * sample;
    const std::uint64_t converted = gray16 ? image : pixels * 3 * sample;
    std::uint64_t peak = raw + image * (interlaced ? 2 : 1);
    peak = std::max(peak, image + (converted != image ? converted : 0));
    if (sample == 2 && !gray16)
        peak = std::max(peak, converted + pixels * 3);
    return peak;
}

// Python's zlib.decompressobj().decompress(data, kMaxTextChunk) as Pillow's
// _safe_zlib_decompress uses it: output limited to 1 MiB, "too large" when input is left over at
// the limit; nullopt where Python raises zlib.error (corrupt data); an unfinished stream gives
// what it inflated.
struct Inflated {
    std::optional<std::string> text;
    bool tooLarge = false;
};

Inflated inflateText(Bytes data) {
    z_stream z{};
    if (inflateInit(&z) != Z_OK)
        throw Error("zlib initialisation failed");
    std::string out(kMaxTextChunk, '\0');
    z.next_in = const_cast<Bytef*>(data.data());
    z.avail_in = static_cast<uInt>(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    int status = Z_OK;
    while (status == Z_OK && z.avail_out > 0 && z.avail_in > 0)
        status = inflate(&z, Z_NO_FLUSH);
    const bool full = z.avail_out == 0, inputLeft = z.avail_in > 0;
    out.resize(out.size() - z.avail_out);
    inflateEnd(&z);
    Inflated result;
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR)
        return result; // zlib.error
    result.tooLarge = full && inputLeft && status != Z_STREAM_END;
    result.text = std::move(out);
    return result;
}

// Code points of strictly valid UTF-8 (Python's "strict" decoder), or nullopt.
std::optional<size_t> utf8Length(std::string_view s) {
    size_t count = 0;
    for (size_t i = 0; i < s.size(); ++count) {
        const auto c = static_cast<unsigned char>(s[i]);
        size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (n == 0 || i + n > s.size())
            return std::nullopt;
        std::uint32_t cp = n == 1 ? c : c & (0x7F >> n);
        for (size_t k = 1; k < n; ++k) {
            const auto d = static_cast<unsigned char>(s[i + k]);
            if ((d >> 6) != 2)
                return std::nullopt;
            cp = (cp << 6) | (d & 0x3F);
        }
        if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
            cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return std::nullopt;
        i += n;
    }
    return count;
}

struct Walk {
    size_t textMemory = 0;
    std::optional<std::string> exif, rawProfile, xmp; // last of each, as Pillow's info dict
    std::optional<std::uint32_t> sequence;            // last APNG sequence number
    std::optional<std::uint32_t> frames;              // acTL num_frames
    bool frameBeforeIdat = false;                     // an fcTL before the IDAT
    int width = 0, height = 0;

    void remember(const std::string& key, std::string value) {
        if (key == "exif")
            exif = value;
        else if (key == "Raw profile type exif")
            rawProfile = value;
        else if (key == "XML:com.adobe.xmp")
            xmp = value;
    }

    void countText(size_t characters) {
        textMemory += characters;
        if (textMemory > kMaxTextMemory)
            throw Error("PNG text chunks hold more than " + std::to_string(kMaxTextMemory >> 20) +
                        " MiB of text (Pillow's limit against decompression bombs)");
    }

    void text(Bytes body) { // tEXt
        const auto nul = std::find(body.begin(), body.end(), std::uint8_t{0});
        const std::string key(body.begin(), nul);
        const std::string value(nul == body.end() ? nul : nul + 1, body.end());
        if (key.empty())
            return;
        remember(key, value);
        countText(value.size());
    }

    void compressedText(Bytes body) { // zTXt
        const auto nul = std::find(body.begin(), body.end(), std::uint8_t{0});
        const std::string key(body.begin(), nul);
        const Bytes rest =
            nul == body.end() ? Bytes{} : body.subspan(static_cast<size_t>(nul - body.begin()) + 1);
        const unsigned method = rest.empty() ? 0 : rest[0];
        if (method != 0)
            throw Error("unknown compression method " + std::to_string(method) +
                        " in a PNG zTXt chunk (Pillow refuses the file)");
        const Inflated v = inflateText(rest.empty() ? rest : rest.subspan(1));
        if (v.tooLarge)
            throw Error("a PNG zTXt chunk decompresses to more than 1 MiB (Pillow's limit "
                        "against decompression bombs)");
        if (key.empty())
            return;
        const std::string value = v.text.value_or("");
        remember(key, value);
        countText(value.size());
    }

    void internationalText(Bytes body) { // iTXt
        const std::string s(body.begin(), body.end());
        const size_t keyEnd = s.find('\0');
        if (keyEnd == std::string::npos || s.size() - keyEnd - 1 < 2)
            return;
        const auto flag = static_cast<unsigned char>(s[keyEnd + 1]);
        const auto method = static_cast<unsigned char>(s[keyEnd + 2]);
        const size_t langEnd = s.find('\0', keyEnd + 3);
        if (langEnd == std::string::npos)
            return;
        const size_t tkEnd = s.find('\0', langEnd + 1);
        if (tkEnd == std::string::npos)
            return;
        std::string value = s.substr(tkEnd + 1);
        if (flag != 0) {
            if (method != 0)
                return; // Pillow skips an iTXt with an unknown method
            const Inflated v = inflateText(body.subspan(tkEnd + 1));
            if (v.tooLarge)
                throw Error("a PNG iTXt chunk decompresses to more than 1 MiB (Pillow's limit "
                            "against decompression bombs)");
            if (!v.text)
                return;
            value = *v.text;
        }
        const std::string_view lang(s.data() + keyEnd + 3, langEnd - keyEnd - 3);
        const std::string_view tk(s.data() + langEnd + 1, tkEnd - langEnd - 1);
        const std::optional<size_t> length = utf8Length(value);
        if (!utf8Length(lang) || !utf8Length(tk) || !length)
            return;
        remember(s.substr(0, keyEnd), value);
        countText(*length);
    }

    void animationControl(Bytes body) { // acTL
        if (body.size() < 8)
            throw Error("APNG contains a truncated acTL chunk");
        if (frames) { // a second acTL: Pillow falls back to the default image
            frames.reset();
            return;
        }
        const std::uint32_t n = be32(&body[0]);
        if (n != 0 && n <= 0x80000000u)
            frames = n;
    }

    void frameControl(Bytes body) { // fcTL
        if (body.size() < 26)
            throw Error("APNG contains a truncated fcTL chunk");
        checkSequence(be32(&body[0]), !sequence.has_value());
        const std::uint64_t w = be32(&body[4]), h = be32(&body[8]);
        const std::uint64_t x = be32(&body[12]), y = be32(&body[16]);
        if (x + w > static_cast<std::uint64_t>(width) || y + h > static_cast<std::uint64_t>(height))
            throw Error("APNG contains invalid frames (a frame outside the image)");
    }

    void frameData(Bytes body) { // fdAT
        if (body.size() < 4)
            throw Error("APNG contains a truncated fdAT chunk");
        checkSequence(be32(&body[0]), false);
    }

    // The first fcTL must be number 0; every later fcTL or fdAT the previous number plus one.
    void checkSequence(std::uint32_t number, bool first) {
        const bool ok = first ? number == 0 : sequence && *sequence + 1 == std::uint64_t{number};
        if (!ok)
            throw Error("APNG contains frame sequence errors (sequence number " +
                        std::to_string(number) + ")");
        sequence = number;
    }
};

// Pillow's getexif + exif_transpose on what the walk collected.
int orientation(const Walk& walk) {
    ExifOrientation found;
    if (walk.exif) {
        found = readExifOrientation(
            Bytes(reinterpret_cast<const std::uint8_t*>(walk.exif->data()), walk.exif->size()));
    } else if (walk.rawProfile) {
        // ImageMagick's layout: "\nexif\n   LENGTH\nHEX..."; Pillow drops three lines and reads
        // the rest as hex (whitespace allowed between bytes, anything else fails the load).
        std::string hex;
        size_t lines = 0, i = 0;
        for (; i < walk.rawProfile->size() && lines < 3; ++i)
            lines += (*walk.rawProfile)[i] == '\n';
        if (lines == 3) // the remaining lines are joined: a byte may straddle a line break
            std::remove_copy(walk.rawProfile->begin() + static_cast<std::ptrdiff_t>(i),
                             walk.rawProfile->end(), std::back_inserter(hex), '\n');
        std::string bytes;
        for (size_t k = 0; k < hex.size();) {
            if (std::isspace(static_cast<unsigned char>(hex[k]))) {
                ++k;
                continue;
            }
            if (k + 1 >= hex.size() || !std::isxdigit(static_cast<unsigned char>(hex[k])) ||
                !std::isxdigit(static_cast<unsigned char>(hex[k + 1])))
                throw Error("corrupt \"Raw profile type exif\" text (not hexadecimal)");
            bytes.push_back(static_cast<char>(std::stoi(hex.substr(k, 2), nullptr, 16)));
            k += 2;
        }
        found = readExifOrientation(
            Bytes(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
    }
    if (!found.present && walk.xmp && !walk.xmp->empty()) {
        // Pillow: re.search(r'tiff:Orientation(="|>)([0-9])', xmp), the first match. Searched by
        // hand: std::regex is not needed for a fixed prefix (and GCC 12 warns inside it under
        // the sanitizers, which fails the asan build with -Werror).
        const std::string& xmp = *walk.xmp;
        static constexpr std::string_view key = "tiff:Orientation";
        for (size_t at = xmp.find(key); at != std::string::npos; at = xmp.find(key, at + 1)) {
            size_t digit = at + key.size();
            if (digit < xmp.size() && xmp[digit] == '>')
                digit += 1;
            else if (xmp.compare(digit, 2, "=\"") == 0)
                digit += 2;
            else
                continue;
            if (digit < xmp.size() && xmp[digit] >= '0' && xmp[digit] <= '9') {
                const int value = xmp[digit] - '0';
                return value >= 1 && value <= 8 ? value : 1;
            }
        }
    }
    return found.value;
}

} // namespace

HeaderInfo probePng(Bytes file) {
    HeaderInfo info{Format::Png};
    Walk walk;
    std::uint64_t imageDataBytes = 0; // what the image-data chunks hold
    std::uint64_t pixelBits = 0;      // what the image needs, before compression
    enum { Header, ImageData, AfterImageData, Done } phase = Header;
    bool animated = false;
    size_t pos = 8;
    while (phase != Done) {
        if (pos + 8 > file.size())
            throw Error("truncated PNG (ends before the IEND chunk)");
        const size_t length = be32(&file[pos]);
        const std::uint8_t* type = &file[pos + 4];
        if (length > 0x7FFFFFFF || file.size() - (pos + 8) < length + 4)
            throw Error("truncated PNG (chunk cut off)");
        const Bytes body = file.subspan(pos + 8, length);
        auto is = [&](const char* name) { return std::memcmp(type, name, 4) == 0; };
        const std::string name(reinterpret_cast<const char*>(type), 4);
        if (pos == 8) {
            if (!is("IHDR") || length < 13)
                throw Error("corrupt PNG (missing IHDR)");
            const std::uint32_t w = be32(&body[0]), h = be32(&body[4]);
            if (w == 0 || h == 0 || w > 0x7FFFFFFF || h > 0x7FFFFFFF)
                throw Error("corrupt PNG (invalid size)");
            info.width = walk.width = static_cast<int>(w);
            info.height = walk.height = static_cast<int>(h);
            info.workingBytes = pngWorkingBytes(w, h, body[8], body[9], body[12] != 0);
            const unsigned colour = body[9];
            const unsigned channels = colour == 2 ? 3 : colour == 4 ? 2 : colour == 6 ? 4 : 1;
            pixelBits = std::uint64_t{w} * h * channels * body[8];
        }
        // Pillow reads a chunk type as four word characters; anything else is a broken file
        // while it opens the PNG or reads its image data (after that it just stops reading).
        const bool validType =
            std::all_of(type, type + 4, [](std::uint8_t c) { return std::isalnum(c) || c == '_'; });
        if (!validType && phase != AfterImageData)
            throw Error("broken PNG file (invalid chunk type)");
        const bool imageData = is("IDAT") || is("DDAT") || is("fdAT");
        if (phase == ImageData && !imageData)
            phase = AfterImageData;
        if (phase == Header && is("IDAT")) {
            phase = ImageData;
            // Pillow fixes n_frames when it opens the file: acTL's count, plus the default image
            // when no fcTL came before the IDAT.
            animated = walk.frames && *walk.frames + (walk.frameBeforeIdat ? 0 : 1) > 1;
        }
        if (phase == Header) {
            const std::uint32_t crc = static_cast<std::uint32_t>(
                crc32(crc32(0, type, 4), body.data(), static_cast<uInt>(body.size())));
            if (crc != be32(&file[pos + 8 + length]))
                throw Error("broken PNG file (bad checksum in the " + name + " chunk)");
        }
        if (is("IEND")) {
            phase = Done;
        } else if (phase == ImageData) {
            imageDataBytes += length;
            if (is("fdAT"))
                walk.frameData(body);
        } else {
            if (phase == AfterImageData && is("fcTL") && animated)
                phase = Done; // the next frame starts: Pillow stops reading for the first one
            else if (is("tEXt"))
                walk.text(body);
            else if (is("zTXt"))
                walk.compressedText(body);
            else if (is("iTXt"))
                walk.internationalText(body);
            else if (is("eXIf"))
                walk.exif = "Exif" + std::string(2, '\0') + std::string(body.begin(), body.end());
            else if (is("acTL"))
                walk.animationControl(body);
            else if (is("fcTL")) {
                walk.frameControl(body);
                walk.frameBeforeIdat |= phase == Header;
            } else if (is("fdAT")) {
                walk.frameData(body);
                if (phase == Header)
                    throw Error("unsupported APNG: frame data before the default image");
            }
        }
        pos += 12 + length;
    }
    // Deflate cannot compress better than 1032:1 (a 258-byte match in 2 bits), so image data
    // that could not hold the pixels even then is truncated: judged here, from the chunk
    // lengths, instead of after inflating gigabytes (a 32 KB file claimed 1 x 16.7 M RGB).
    // Pillow reads it to the end and refuses it as truncated too.
    const std::uint64_t needed = (pixelBits + 7) / 8;
    if (needed / 1032 > imageDataBytes + 16)
        info.truncated = "truncated PNG (" + std::to_string(imageDataBytes) +
                         " bytes of image data cannot hold the " + std::to_string(needed) +
                         " bytes of a " + std::to_string(info.width) + "x" +
                         std::to_string(info.height) + " image)";
    info.orientation = orientation(walk);
    return info;
}

} // namespace facet::image::detail
