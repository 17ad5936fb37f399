#pragma once
// Little-endian integer encoding and decoding for the zip and pickle formats.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace facet::model {

template <typename T> void appendLE(std::vector<std::byte>& out, T value) {
    for (size_t i = 0; i < sizeof(T); ++i)
        out.push_back(
            static_cast<std::byte>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xFF));
}

// Reads sizeof(T) bytes at `p` as a little-endian unsigned value.
template <typename T> T readLE(const std::byte* p) {
    std::uint64_t value = 0;
    for (size_t i = 0; i < sizeof(T); ++i)
        value |= std::to_integer<std::uint64_t>(p[i]) << (8 * i);
    return static_cast<T>(value);
}

} // namespace facet::model
