// A port of Pillow's ImagingResample (Resample.c) for 8-bit RGB with the BICUBIC filter:
// separable, horizontal pass first (only over the source rows the vertical pass will read), then
// vertical; a pass is skipped when its dimension is unchanged. Coefficients are computed in
// double exactly as precompute_coeffs does, then rounded to fixed point with PRECISION_BITS = 22;
// sums start at 1 << 21 and are clipped to 0..255 after an arithmetic shift, as clip8 does.
// The arithmetic is identical, only the loop order and the threading differ, so results are
// bit-identical to Pillow.
#include "image/resample.h"

#include "common/error.h"
#include "image/parallel.h"
#include "image/preprocess.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

namespace facet::image {
namespace detail {
namespace {

constexpr int kPrecisionBits = 32 - 8 - 2;
constexpr int kHalf = 1 << (kPrecisionBits - 1);

double bicubicFilter(double x) {
    constexpr double a = -0.5;
    if (x < 0.0)
        x = -x;
    if (x < 1.0)
        return ((a + 2.0) * x - (a + 3.0)) * x * x + 1;
    if (x < 2.0)
        return (((x - 5) * x + 8) * x - 4) * a;
    return 0.0;
}

// Per output pixel of one axis: the first source index, the number of taps, and `ksize`
// fixed-point weights (zero past the taps).
struct AxisCoefficients {
    int ksize = 0;
    std::vector<int> first, count;
    std::vector<std::int32_t> weights;
};

AxisCoefficients precomputeCoefficients(int inSize, int outSize) {
    constexpr double support0 = 2.0; // bicubic
    // Pillow passes the box edges as float: (double)(in1 - in0) with in0 = 0.
    const double scale = static_cast<double>(static_cast<float>(inSize) - 0.0f) / outSize;
    const double filterscale = scale < 1.0 ? 1.0 : scale;
    const double support = support0 * filterscale;
    AxisCoefficients c;
    c.ksize = static_cast<int>(std::ceil(support)) * 2 + 1;
    c.first.resize(static_cast<size_t>(outSize));
    c.count.resize(static_cast<size_t>(outSize));
    c.weights.assign(static_cast<size_t>(outSize) * static_cast<size_t>(c.ksize), 0);
    std::vector<double> k(static_cast<size_t>(c.ksize));
    for (int xx = 0; xx < outSize; ++xx) {
        const double center = 0.0 + (xx + 0.5) * scale;
        const double ss = 1.0 / filterscale;
        int xmin = static_cast<int>(center - support + 0.5);
        xmin = std::max(xmin, 0);
        int xmax = static_cast<int>(center + support + 0.5);
        xmax = std::min(xmax, inSize) - xmin;
        double ww = 0.0;
        for (int x = 0; x < xmax; ++x) {
            const double w = bicubicFilter((x + xmin - center + 0.5) * ss);
            k[static_cast<size_t>(x)] = w;
            ww += w;
        }
        std::int32_t* out = &c.weights[static_cast<size_t>(xx) * static_cast<size_t>(c.ksize)];
        for (int x = 0; x < xmax; ++x) {
            double v = k[static_cast<size_t>(x)];
            if (ww != 0.0)
                v /= ww;
            out[x] = v < 0 ? static_cast<std::int32_t>(-0.5 + v * (1 << kPrecisionBits))
                           : static_cast<std::int32_t>(0.5 + v * (1 << kPrecisionBits));
        }
        c.first[static_cast<size_t>(xx)] = xmin;
        c.count[static_cast<size_t>(xx)] = xmax;
    }
    return c;
}

inline std::uint8_t clip8(std::int32_t v) {
    return static_cast<std::uint8_t>(std::clamp(v >> kPrecisionBits, 0, 255));
}

// Source rows [rowBegin, rowEnd) of `in` (width inW) -> rows of `out` (width outW), offset by
// `rowOffset` (out row r reads in row r + rowOffset).
void horizontalRows(const std::uint8_t* in, int inW, std::uint8_t* out, int outW, int rowOffset,
                    int rowBegin, int rowEnd, const AxisCoefficients& c) {
    for (int yy = rowBegin; yy < rowEnd; ++yy) {
        const std::uint8_t* src =
            in + static_cast<size_t>(yy + rowOffset) * static_cast<size_t>(inW) * 3;
        std::uint8_t* dst = out + static_cast<size_t>(yy) * static_cast<size_t>(outW) * 3;
        for (int xx = 0; xx < outW; ++xx) {
            const std::int32_t* k =
                &c.weights[static_cast<size_t>(xx) * static_cast<size_t>(c.ksize)];
            const std::uint8_t* p = src + static_cast<size_t>(c.first[static_cast<size_t>(xx)]) * 3;
            const int n = c.count[static_cast<size_t>(xx)];
            std::int32_t s0 = kHalf, s1 = kHalf, s2 = kHalf;
            for (int x = 0; x < n; ++x, p += 3) {
                s0 += p[0] * k[x];
                s1 += p[1] * k[x];
                s2 += p[2] * k[x];
            }
            dst[xx * 3 + 0] = clip8(s0);
            dst[xx * 3 + 1] = clip8(s1);
            dst[xx * 3 + 2] = clip8(s2);
        }
    }
}

// Output rows [rowBegin, rowEnd): each is a weighted sum of whole source rows, so the inner
// loop runs over contiguous bytes with one weight and vectorises.
void verticalRows(const std::uint8_t* in, int width, std::uint8_t* out, int rowBegin, int rowEnd,
                  const AxisCoefficients& c) {
    const size_t rowBytes = static_cast<size_t>(width) * 3;
    std::vector<std::int32_t> acc(rowBytes);
    for (int yy = rowBegin; yy < rowEnd; ++yy) {
        std::fill(acc.begin(), acc.end(), kHalf);
        const std::int32_t* k = &c.weights[static_cast<size_t>(yy) * static_cast<size_t>(c.ksize)];
        const int first = c.first[static_cast<size_t>(yy)];
        for (int y = 0; y < c.count[static_cast<size_t>(yy)]; ++y) {
            const std::uint8_t* src = in + static_cast<size_t>(first + y) * rowBytes;
            const std::int32_t w = k[y];
            for (size_t i = 0; i < rowBytes; ++i)
                acc[i] += src[i] * w;
        }
        std::uint8_t* dst = out + static_cast<size_t>(yy) * rowBytes;
        for (size_t i = 0; i < rowBytes; ++i)
            dst[i] = clip8(acc[i]);
    }
}

} // namespace

RgbImage resizeBicubic(const RgbImage& source, int width, int height, int threads) {
    if (width <= 0 || height <= 0 || source.width <= 0 || source.height <= 0)
        throw Error("resize: sizes must be positive (" + std::to_string(width) + "x" +
                    std::to_string(height) + ")");
    if (source.rgb.size() != static_cast<size_t>(source.width) * source.height * 3)
        throw Error("resize: source buffer does not match its size");
    if (width == source.width && height == source.height)
        return source;

    const AxisCoefficients vert = precomputeCoefficients(source.height, height);
    const std::uint8_t* current = source.rgb.data();
    int currentWidth = source.width;
    std::vector<std::uint8_t> temp;
    int rowShift = 0;
    if (width != source.width) {
        const AxisCoefficients horiz = precomputeCoefficients(source.width, width);
        // Only the source rows the vertical pass reads (Pillow's ybox_first..ybox_last).
        const int firstRow = vert.first.front();
        const int lastRow = vert.first.back() + vert.count.back();
        const int rows = lastRow - firstRow;
        temp.resize(static_cast<size_t>(rows) * static_cast<size_t>(width) * 3);
        parallelFor(rows, threads, [&](int begin, int end) {
            horizontalRows(source.rgb.data(), source.width, temp.data(), width, firstRow, begin,
                           end, horiz);
        });
        current = temp.data();
        currentWidth = width;
        rowShift = firstRow;
    }
    RgbImage out{width, height, {}};
    if (height == source.height) {
        out.rgb = std::move(temp);
        return out;
    }
    AxisCoefficients shifted = vert;
    for (int& f : shifted.first)
        f -= rowShift;
    out.rgb.resize(static_cast<size_t>(width) * static_cast<size_t>(height) * 3);
    parallelFor(height, threads, [&](int begin, int end) {
        verticalRows(current, currentWidth, out.rgb.data(), begin, end, shifted);
    });
    return out;
}

} // namespace detail

RgbImage resizeBicubic(const RgbImage& source, int width, int height) {
    return detail::resizeBicubic(source, width, height, detail::hardwareThreads());
}

} // namespace facet::image
