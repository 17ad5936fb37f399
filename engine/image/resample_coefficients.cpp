// Pillow's precompute_coeffs (Resample.c) for the BICUBIC filter: per output pixel, the first
// source pixel, the tap count and the weights, computed in double in Pillow's order and rounded to
// fixed point with PRECISION_BITS = 22.
#include "image/resample_kernels.h"

#include "common/parallel.h"

#include <algorithm>
#include <cmath>

namespace facet::image::detail {
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

} // namespace

namespace {

constexpr double kSupport = 2.0; // bicubic

// Pillow passes the box edges as float: (double)(in1 - in0) with in0 = 0.
double scaleOf(int inSize, int outSize) {
    return static_cast<double>(static_cast<float>(inSize) - 0.0f) / outSize;
}

} // namespace

int bicubicKernelSize(int inSize, int outSize) {
    const double scale = scaleOf(inSize, outSize);
    return static_cast<int>(std::ceil(kSupport * (scale < 1.0 ? 1.0 : scale))) * 2 + 1;
}

AxisCoefficients precomputeCoefficients(int inSize, int outSize) {
    return precomputeCoefficients(inSize, outSize, 0, outSize);
}

AxisCoefficients precomputeCoefficients(int inSize, int outSize, int begin, int end) {
    const double scale = scaleOf(inSize, outSize);
    const double filterscale = scale < 1.0 ? 1.0 : scale;
    const double support = kSupport * filterscale;
    AxisCoefficients c;
    c.ksize = bicubicKernelSize(inSize, outSize);
    const auto n = static_cast<size_t>(end - begin);
    c.first.resize(n);
    c.count.resize(n);
    c.weights.assign(n * static_cast<size_t>(c.ksize), 0);
    // Each output pixel's weights depend on nothing else, so a large table (a source hundreds
    // of thousands of pixels long: tens of thousands of taps an output) is filled on every core;
    // the values are the same whoever computes them.
    const auto fill = [&](int chunkBegin, int chunkEnd) {
        std::vector<double> k(static_cast<size_t>(c.ksize));
        for (int xx = begin + chunkBegin; xx < begin + chunkEnd; ++xx) {
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
            const auto at = static_cast<size_t>(xx - begin);
            std::int32_t* out = &c.weights[at * static_cast<size_t>(c.ksize)];
            for (int x = 0; x < xmax; ++x) {
                double v = k[static_cast<size_t>(x)];
                if (ww != 0.0)
                    v /= ww;
                out[x] = v < 0 ? static_cast<std::int32_t>(-0.5 + v * (1 << kPrecisionBits))
                               : static_cast<std::int32_t>(0.5 + v * (1 << kPrecisionBits));
            }
            c.first[at] = xmin;
            c.count[at] = xmax;
        }
    };
    const bool large = n * static_cast<size_t>(c.ksize) > (size_t{1} << 20);
    parallelFor(static_cast<int>(n), large ? hardwareThreads() : 1, fill);
    return c;
}

} // namespace facet::image::detail
