#pragma once
// CRC-32 (the zip/IEEE polynomial, computed by zlib as Python's zlib.crc32 is): the .pth
// writer's zip entries, and checksums of image outputs in tests and benchmarks.
#include <cstddef>
#include <cstdint>
#include <span>

namespace facet {

[[nodiscard]] std::uint32_t crc32(std::span<const std::byte> bytes, std::uint32_t previous = 0);

} // namespace facet
