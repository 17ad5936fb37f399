#pragma once
// CRC-32 (the zip/IEEE polynomial) for the entries the .pth writer stores.
#include <cstddef>
#include <cstdint>
#include <span>

namespace facet::model {

[[nodiscard]] std::uint32_t crc32(std::span<const std::byte> bytes, std::uint32_t previous = 0);

} // namespace facet::model
