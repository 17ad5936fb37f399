// EXIF Orientation, read the way Pillow's Image.getexif() does for exif_transpose: the TIFF
// header ("II*\0" or "MM\0*"), IFD0, tag 0x0112 with a single integer value.
#include "image/formats.h"

#include <algorithm>

namespace facet::image::detail {

int exifOrientation(Bytes exif) {
    static constexpr std::uint8_t kPrefix[6] = {'E', 'x', 'i', 'f', 0, 0};
    if (exif.size() >= 6 && std::equal(kPrefix, kPrefix + 6, exif.begin()))
        exif = exif.subspan(6);
    if (exif.size() < 8)
        return 1;
    const bool little = exif[0] == 'I' && exif[1] == 'I';
    const bool big = exif[0] == 'M' && exif[1] == 'M';
    if (!little && !big)
        return 1;
    auto u16 = [&](size_t at) { return little ? le16(&exif[at]) : be16(&exif[at]); };
    auto u32 = [&](size_t at) { return little ? le32(&exif[at]) : be32(&exif[at]); };
    if (u16(2) != 42)
        return 1;
    const size_t ifd = u32(4);
    if (ifd > exif.size() || exif.size() - ifd < 2)
        return 1;
    const size_t entries = u16(ifd);
    for (size_t i = 0; i < entries; ++i) {
        const size_t at = ifd + 2 + i * 12;
        if (at + 12 > exif.size())
            return 1;
        if (u16(at) != 0x0112)
            continue;
        const std::uint32_t type = u16(at + 2);
        if (u32(at + 4) != 1) // a tuple of values is not a valid orientation for Pillow
            return 1;
        std::uint32_t value = 0;
        if (type == 3 || type == 8) // SHORT, SSHORT
            value = u16(at + 8);
        else if (type == 4 || type == 9) // LONG, SLONG
            value = u32(at + 8);
        else if (type == 1 || type == 6) // BYTE, SBYTE
            value = exif[at + 8];
        else
            return 1;
        return value >= 1 && value <= 8 ? static_cast<int>(value) : 1;
    }
    return 1;
}

} // namespace facet::image::detail
