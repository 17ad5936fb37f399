#pragma once
// Internal: the two passes of Pillow's 8-bit resample, on RGB8 rows.
#include <cstddef>
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
    // For the AVX-512 VNNI passes (addWeightQuads): per output, `quads` groups of four taps
    // (4g .. 4g + 3), each weight split exactly into signed bytes as a * 65536 + b * 256 + c,
    // the four a bytes of a group in one int32 of quadA (b in quadB, c in quadC); zero where
    // there is no tap. quads stays 0 where a weight does not split so (never for bicubic
    // weights; then the AVX2 or scalar loops run).
    int quads = 0;
    std::vector<std::int32_t> quadA, quadB, quadC;
};

// Pillow's precompute_coeffs for BICUBIC (resample_coefficients.cpp): every output, or only
// outputs [begin, end) (entry i is output begin + i).
AxisCoefficients precomputeCoefficients(int inSize, int outSize);
AxisCoefficients precomputeCoefficients(int inSize, int outSize, int begin, int end);

// The `ksize` precomputeCoefficients will use, without computing any weight.
int bicubicKernelSize(int inSize, int outSize);

void addWeightQuads(AxisCoefficients& c);

// Output rows [rowBegin, rowEnd) of the horizontal pass; out row r reads in row r + rowOffset.
void horizontalPass(const std::uint8_t* in, int inWidth, std::uint8_t* out, int outWidth,
                    int rowOffset, int rowBegin, int rowEnd, const AxisCoefficients& c);

// Output rows [rowBegin, rowEnd) of the vertical pass over rows of `width` pixels; `in` holds
// source rows from `firstInRow` on.
void verticalPass(const std::uint8_t* in, int width, std::uint8_t* out, int firstInRow,
                  int rowBegin, int rowEnd, const AxisCoefficients& c);

// Internal to the x86 kernels: lanes[i * 8 + r] = src[r][i] for 8 rows (SSE2 transposes).
void interleaveRows(const std::uint8_t* const* src, size_t samples, std::uint8_t* lanes);

// The horizontal pass on AVX-512 VNNI (resample_kernels_avx512.cpp), 16 source rows at a time:
// prepare() rearranges the rows once, then resample() produces them at any number of widths, so
// several detail levels share that work. Use only where vnniAvailable() says so.
bool vnniAvailable();

// One output row `yy` of the vertical pass on AVX-512 VNNI (needs `c.quads`); `top` is its first
// source row.
void verticalRowVnni(const std::uint8_t* top, size_t rowBytes, std::uint8_t* dst,
                     const AxisCoefficients& c, int yy);

class VnniRowGroup {
public:
    static constexpr int kRows = 16;
    void prepare(const std::uint8_t* const* rows, int inWidth);
    // Needs `c.quads` (addWeightQuads); writes outWidth pixels into each of the 16 rows.
    void resample(const AxisCoefficients& c, int outWidth, std::uint8_t* const* rows);

private:
    // rows16_[s * 16 + r]: sample s of row r (low_, high_: its halves, where AVX-512 VBMI is
    // missing); window_: see resample_kernels_avx512.cpp; lanes_: the outputs before scatter.
    std::vector<std::uint8_t> rows16_, low_, high_, lanes_;
    std::vector<std::int32_t> window_;
};

} // namespace facet::image::detail
