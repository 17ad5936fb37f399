// EXIF Orientation, read the way Pillow 9.4's Image.getexif() does for exif_transpose: an
// optional "Exif\0\0" prefix, an 8-byte TIFF header (Pillow raises SyntaxError for any other
// header, so exif_transpose, and with it loading the image, fails), IFD0, tag 0x0112. Entries
// after a cut-off IFD are lost without error, as Pillow's IFD reader warns and stops.
#include "common/error.h"
#include "image/formats.h"

#include <algorithm>
#include <cstring>

namespace facet::image::detail {
namespace {

// Pillow's TiffImagePlugin PREFIXES, without BigTIFF (whose 16-byte header Pillow's Exif cannot
// read from the 8 bytes it takes: struct.error, the image fails to load).
bool tiffHeader(Bytes exif, bool& little) {
    const std::uint8_t* p = exif.data();
    if (std::memcmp(p, "MM\x00\x2A", 4) == 0 || std::memcmp(p, "MM\x2A\x00", 4) == 0) {
        little = false;
        return true;
    }
    if (std::memcmp(p, "II\x2A\x00", 4) == 0 || std::memcmp(p, "II\x00\x2A", 4) == 0) {
        little = true;
        return true;
    }
    return false;
}

// Types Pillow's IFD reader knows; entries of other types are skipped (not "present").
size_t typeSize(std::uint32_t type) {
    switch (type) {
    case 1:
    case 2:
    case 6:
    case 7:
        return 1;
    case 3:
    case 8:
        return 2;
    case 4:
    case 9:
    case 11:
    case 13:
        return 4;
    case 5:
    case 10:
    case 12:
    case 16:
        return 8;
    default:
        return 0;
    }
}

} // namespace

ExifOrientation readExifOrientation(Bytes exif) {
    static constexpr std::uint8_t kPrefix[6] = {'E', 'x', 'i', 'f', 0, 0};
    if (exif.size() >= 6 && std::equal(kPrefix, kPrefix + 6, exif.begin()))
        exif = exif.subspan(6);
    if (exif.empty())
        return {};
    bool little = true;
    if (exif.size() < 8 || !tiffHeader(exif, little))
        throw Error("corrupt EXIF data (not a TIFF header; Pillow cannot apply its orientation)");
    auto u16 = [&](size_t at) { return little ? le16(&exif[at]) : be16(&exif[at]); };
    auto u32 = [&](size_t at) { return little ? le32(&exif[at]) : be32(&exif[at]); };
    const size_t ifd = u32(4);
    if (ifd > exif.size() || exif.size() - ifd < 2)
        return {};
    const size_t entries = u16(ifd);
    for (size_t i = 0; i < entries; ++i) {
        const size_t at = ifd + 2 + i * 12;
        if (at + 12 > exif.size())
            return {};
        if (u16(at) != 0x0112)
            continue;
        const std::uint32_t type = u16(at + 2);
        const std::uint64_t count = u32(at + 4), size = count * typeSize(type);
        if (size == 0) // unknown type or no values: skipped
            continue;
        if (size > 4 && (u32(at + 8) > exif.size() || exif.size() - u32(at + 8) < size))
            continue;   // values cut off: skipped with a warning
        if (count != 1) // a tuple of values is present but not a valid orientation
            return {true, 1};
        std::uint32_t value = 0;
        if (type == 3 || type == 8) // SHORT, SSHORT
            value = u16(at + 8);
        else if (type == 4 || type == 9) // LONG, SLONG
            value = u32(at + 8);
        else if (type == 1 || type == 6) // BYTE, SBYTE
            value = exif[at + 8];
        return {true, value >= 1 && value <= 8 ? static_cast<int>(value) : 1};
    }
    return {};
}

int exifOrientation(Bytes exif) {
    return readExifOrientation(exif).value;
}

} // namespace facet::image::detail
