#pragma once
// bfloat16 <-> float32 with PyTorch's rounding (round to nearest even, NaN kept quiet). bf16
// values travel as raw uint16_t bit patterns (the upper half of an IEEE-754 binary32).
#include <bit>
#include <cstdint>

namespace facet {

[[nodiscard]] inline float bf16ToFloat(std::uint16_t bits) {
    return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
}

// Both results are computed and one is chosen, rather than a branch for NaN, so that loops
// over it vectorise (the patch embedder converts ~20 M values per image at level 1120).
[[nodiscard]] inline std::uint16_t floatToBf16(float value) {
    const auto u = std::bit_cast<std::uint32_t>(value);
    const std::uint32_t rounded = (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
    const std::uint32_t quietNan = (u >> 16) | 0x0040u; // NaN: keep the sign, force a quiet payload
    return static_cast<std::uint16_t>((u & 0x7FFFFFFFu) > 0x7F800000u ? quietNan : rounded);
}

// The value after a round trip through bfloat16.
[[nodiscard]] inline float roundToBf16(float value) {
    return bf16ToFloat(floatToBf16(value));
}

} // namespace facet
