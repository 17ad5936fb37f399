#pragma once
// Internal: the two passes of Pillow's 8-bit resample, on RGB8 rows.
#include <cstdint>
#include <vector>

namespace facet::image::detail {

inline constexpr int kPrecisionBits = 32 - 8 - 2; // Pillow's PRECISION_BITS
inline constexpr std::int32_t kRoundingHalf = 1 << (kPrecisionBits - 1);

// Per output pixel of one axis: the first source index, the number of taps, and `ksize`
// fixed-point weights (zero past the taps).
struct AxisCoefficients {
    int ksize = 0;
    std::vector<int> first, count;
    std::vector<std::int32_t> weights;
};

// Output rows [rowBegin, rowEnd) of the horizontal pass; out row r reads in row r + rowOffset.
void horizontalPass(const std::uint8_t* in, int inWidth, std::uint8_t* out, int outWidth,
                    int rowOffset, int rowBegin, int rowEnd, const AxisCoefficients& c);

// Output rows [rowBegin, rowEnd) of the vertical pass over rows of `width` pixels; `in` holds
// source rows from `firstInRow` on.
void verticalPass(const std::uint8_t* in, int width, std::uint8_t* out, int firstInRow,
                  int rowBegin, int rowEnd, const AxisCoefficients& c);

} // namespace facet::image::detail
