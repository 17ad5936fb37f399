// Pillow's resample keeps three things whole: the weight table of each axis (ksize weights for
// every output pixel, about 16 bytes per *source* pixel of that axis whatever the output size)
// and the horizontal pass's result for every source row the vertical pass reads. For ordinary
// images they are small; for a very long, thin source they are not: 1 x 16,777,216 pixels made
// 48 x 53,760 needs a 268 MB vertical table and a 2.4 GB intermediate. Here such a size is made
// in bands of output rows (each with its own slice of the vertical table and the horizontal
// result of only the source rows it reads) and, when the horizontal table is the large one, in
// bands of output columns. Each output pixel is computed from the same weights and the same
// 8-bit intermediate values as in Pillow, so the bytes are identical; rows shared by neighbouring
// bands are resampled twice.
#include "image/resample_banded.h"

#include "common/large_buffer.h"
#include "common/parallel.h"
#include "image/resample_kernels.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

namespace facet::image::detail {
namespace {

// Upper bound for each of: a weight-table slice, the horizontal result of one band. Tests set
// FACET_IMAGE_BAND_BYTES to a few kilobytes to send ordinary images through this path.
const size_t kMaxBandBytes = [] {
    const char* bytes = std::getenv("FACET_IMAGE_BAND_BYTES");
    return bytes && std::atol(bytes) > 0 ? static_cast<size_t>(std::atol(bytes)) : size_t{32} << 20;
}();

size_t tableBytes(int inSize, int outSize) {
    return static_cast<size_t>(outSize) * static_cast<size_t>(bicubicKernelSize(inSize, outSize)) *
           sizeof(std::int32_t) * 3; // weights, and the pair tables of the VNNI kernels
}

// Outputs per slice of an axis so that its table slice (with the VNNI pair tables where those
// kernels run) stays within kMaxBandBytes.
int sliceOutputs(int inSize, int outSize) {
    const size_t perOutput =
        static_cast<size_t>(bicubicKernelSize(inSize, outSize)) * 4 * (vnniAvailable() ? 3 : 1);
    return static_cast<int>(
        std::clamp<size_t>(kMaxBandBytes / perOutput, 1, static_cast<size_t>(outSize)));
}

// The horizontal pass of source rows [first, last) into `band` (row r at r - first), in column
// slices when the whole horizontal table would be too large.
void horizontalBand(const RgbImage& source, int outWidth, const AxisCoefficients* whole, int first,
                    int last, std::uint8_t* band, int threads) {
    const size_t outRow = static_cast<size_t>(outWidth) * 3;
    auto run = [&](const AxisCoefficients& c, int x0, int x1) {
        parallelFor(last - first, threads, [&](int begin, int end) {
            for (int r = begin; r < end; ++r)
                horizontalPass(source.rgb.data() + static_cast<size_t>(first + r) *
                                                       static_cast<size_t>(source.width) * 3,
                               source.width,
                               band + static_cast<size_t>(r) * outRow + static_cast<size_t>(x0) * 3,
                               x1 - x0, 0, 0, 1, c);
        });
    };
    if (whole) { // whole rows: the kernels take several rows at once (8 at a time on AVX2)
        parallelFor(last - first, threads, [&](int begin, int end) {
            horizontalPass(source.rgb.data(), source.width, band, outWidth, first, begin, end,
                           *whole);
        });
        return;
    }
    const int step = sliceOutputs(source.width, outWidth);
    for (int x0 = 0; x0 < outWidth; x0 += step) {
        const int x1 = std::min(outWidth, x0 + step);
        run(precomputeCoefficients(source.width, outWidth, x0, x1), x0, x1);
    }
}

} // namespace

bool needsBands(const RgbImage& source, const TargetSize& size) {
    const bool horizontal = size.width != source.width, vertical = size.height != source.height;
    if (horizontal && tableBytes(source.width, size.width) > kMaxBandBytes)
        return true;
    if (vertical && tableBytes(source.height, size.height) > kMaxBandBytes)
        return true;
    // The intermediate: every source row the vertical pass reads (at most all), at the new width.
    // Up to 3 * sqrt(target pixels * source pixels) bytes for any size the size rule gives
    // without clamping a side (64 MB at 1120 for the largest image accepted), so ordinary photos
    // keep the faster shared path; only sources so thin that a side is clamped go past 4 bands.
    return horizontal && vertical &&
           static_cast<size_t>(source.height) * static_cast<size_t>(size.width) * 3 >
               4 * kMaxBandBytes;
}

void resizeInBands(const RgbImage& source, RgbImage& out, int threads) {
    const bool horizontal = out.width != source.width, vertical = out.height != source.height;
    const size_t outRow = static_cast<size_t>(out.width) * 3;
    AxisCoefficients wholeHorizontal;
    const bool sliceColumns = horizontal && tableBytes(source.width, out.width) > kMaxBandBytes;
    if (horizontal && !sliceColumns)
        wholeHorizontal = precomputeCoefficients(source.width, out.width);
    const AxisCoefficients* whole = sliceColumns ? nullptr : &wholeHorizontal;
    if (!vertical) { // the horizontal pass alone, straight into the output
        horizontalBand(source, out.width, whole, 0, source.height, out.rgb.data(), threads);
        return;
    }
    const int ksize = bicubicKernelSize(source.height, out.height);
    const size_t bandRows =
        std::max(kMaxBandBytes / outRow, static_cast<size_t>(ksize)); // at least one output row
    LargeBlock band(horizontal ? bandRows * outRow : 1);
    const int step = sliceOutputs(source.height, out.height);
    for (int s0 = 0; s0 < out.height; s0 += step) {
        AxisCoefficients slice =
            precomputeCoefficients(source.height, out.height, s0, std::min(out.height, s0 + step));
        if (vnniAvailable())
            addWeightQuads(slice);
        const int n = static_cast<int>(slice.first.size());
        for (int y0 = 0; y0 < n;) {
            // Output rows [y0, y1) of the slice whose source rows fit the band.
            const int first = slice.first[static_cast<size_t>(y0)];
            int last = first + slice.count[static_cast<size_t>(y0)], y1 = y0 + 1;
            while (y1 < n) {
                const int end =
                    slice.first[static_cast<size_t>(y1)] + slice.count[static_cast<size_t>(y1)];
                if (static_cast<size_t>(std::max(last, end) - first) > bandRows)
                    break;
                last = std::max(last, end);
                ++y1;
            }
            const std::uint8_t* in = source.rgb.data() + static_cast<size_t>(first) * outRow;
            if (horizontal) {
                horizontalBand(source, out.width, whole, first, last, band.data(), threads);
                in = band.data();
            }
            // The slice is indexed from its first output: shift it to y0 and the output to match.
            std::uint8_t* dst = out.rgb.data() + static_cast<size_t>(s0) * outRow;
            parallelFor(y1 - y0, threads, [&](int begin, int end) {
                verticalPass(in, out.width, dst, first, y0 + begin, y0 + end, slice);
            });
            y0 = y1;
        }
    }
}

} // namespace facet::image::detail
