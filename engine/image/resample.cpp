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
#include "image/resample_kernels.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

namespace facet::image {
namespace detail {
namespace {

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
    RgbImage out{
        width, height,
        std::vector<std::uint8_t>(static_cast<size_t>(width) * static_cast<size_t>(height) * 3)};
    if (width == source.width) { // vertical pass only, straight from the source
        parallelFor(height, threads, [&](int begin, int end) {
            verticalPass(source.rgb.data(), width, out.rgb.data(), 0, begin, end, vert);
        });
        return out;
    }
    const AxisCoefficients horiz = precomputeCoefficients(source.width, width);
    if (height == source.height) { // horizontal pass only, straight into the output
        parallelFor(height, threads, [&](int begin, int end) {
            horizontalPass(source.rgb.data(), source.width, out.rgb.data(), width, 0, begin, end,
                           horiz);
        });
        return out;
    }
    // Both passes, in bands of output rows: a band's horizontal pass covers exactly the source
    // rows its vertical taps read (rows shared with the next band are computed again, with the
    // same result), so the intermediate stays small and in cache instead of being a whole image.
    const double sourceRowsPerOutputRow = static_cast<double>(source.height) / height;
    const int bandRows = std::clamp(static_cast<int>(384 / sourceRowsPerOutputRow), 8, 256);
    const int bands = (height + bandRows - 1) / bandRows;
    parallelFor(bands, threads, [&](int bandBegin, int bandEnd) {
        std::vector<std::uint8_t> band;
        for (int b = bandBegin; b < bandEnd; ++b) {
            const int y0 = b * bandRows, y1 = std::min(height, y0 + bandRows);
            const int firstRow = vert.first[static_cast<size_t>(y0)];
            const int lastRow =
                vert.first[static_cast<size_t>(y1 - 1)] + vert.count[static_cast<size_t>(y1 - 1)];
            band.resize(static_cast<size_t>(lastRow - firstRow) * static_cast<size_t>(width) * 3);
            horizontalPass(source.rgb.data(), source.width, band.data(), width, firstRow, 0,
                           lastRow - firstRow, horiz);
            verticalPass(band.data(), width, out.rgb.data(), firstRow, y0, y1, vert);
        }
    });
    return out;
}

} // namespace detail

RgbImage resizeBicubic(const RgbImage& source, int width, int height) {
    return detail::resizeBicubic(source, width, height, detail::hardwareThreads());
}

} // namespace facet::image
