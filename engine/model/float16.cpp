#include "model/float16.h"

#include <bit>

namespace facet::model {

float halfToFloat(std::uint16_t bits) {
    const std::uint32_t sign = static_cast<std::uint32_t>(bits & 0x8000u) << 16;
    const std::uint32_t exponent = (bits >> 10) & 0x1Fu;
    std::uint32_t mantissa = bits & 0x3FFu;
    if (exponent == 0x1F) // inf / NaN
        return std::bit_cast<float>(sign | 0x7F800000u | (mantissa << 13));
    if (exponent == 0) {
        if (mantissa == 0)
            return std::bit_cast<float>(sign);
        // Subnormal half: value = mantissa * 2^-24, exact in float.
        const float magnitude = static_cast<float>(mantissa) * 0x1p-24f;
        return sign ? -magnitude : magnitude;
    }
    return std::bit_cast<float>(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

std::uint16_t floatToHalf(float value) {
    const auto bits = std::bit_cast<std::uint32_t>(value);
    const auto sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
    const std::uint32_t magnitude = bits & 0x7FFFFFFFu;
    if (magnitude > 0x7F800000u) // NaN
        return static_cast<std::uint16_t>(sign | 0x7E00u);
    if (magnitude >= 0x477FF000u) // rounds to >= 65520: infinity
        return static_cast<std::uint16_t>(sign | 0x7C00u);
    if (magnitude < 0x38800000u) {
        // Result is subnormal (or zero): add 0.5 so the float adder rounds to nearest-even at
        // the half-subnormal granularity 2^-24, then read the mantissa bits.
        const float shifted = std::bit_cast<float>(magnitude) + 0.5f;
        return static_cast<std::uint16_t>(
            sign | (std::bit_cast<std::uint32_t>(shifted) - std::bit_cast<std::uint32_t>(0.5f)));
    }
    const std::uint32_t oddMantissa = (magnitude >> 13) & 1u;
    const std::uint32_t rounded = magnitude + 0xC8000FFFu + oddMantissa; // rebias -112, round
    return static_cast<std::uint16_t>(sign | (rounded >> 13));
}

} // namespace facet::model
