#include "common/crc32.h"

#include <zlib.h>

#include <algorithm>
#include <climits>

namespace facet {

std::uint32_t crc32(std::span<const std::byte> bytes, std::uint32_t previous) {
    // zlib's crc32_z takes a size_t length; its word-at-a-time code is several times faster
    // than a byte-table loop and is the reference the zip format and Python's zlib.crc32 use.
    uLong c = previous;
    c = ::crc32_z(c, reinterpret_cast<const Bytef*>(bytes.data()), bytes.size());
    return static_cast<std::uint32_t>(c);
}

} // namespace facet
