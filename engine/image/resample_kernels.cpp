// The inner loops of the resample, written for speed without changing Pillow's arithmetic: every
// output is kRoundingHalf + sum(pixel * weight) in int32 (no overflow: |sum| < 2^31 for bicubic
// weights), shifted right by 22 and clipped to 0..255, exactly as Resample.c computes it.
//
// On x86-64 with AVX2 (checked at run time): the horizontal pass interleaves 8 source rows so
// that one 8-lane int32 vector holds the same sample of 8 rows, making every output pixel 3
// vector multiply-adds per tap; the vertical pass sums whole rows 32 bytes at a time in
// registers. Elsewhere the scalar loops below, which are Pillow's loops, are used.
#include "image/resample_kernels.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define FACET_RESAMPLE_AVX2 1
#include <immintrin.h>
#endif

namespace facet::image::detail {
namespace {

inline std::uint8_t clip8(std::int32_t v) {
    return static_cast<std::uint8_t>(std::clamp(v >> kPrecisionBits, 0, 255));
}

void horizontalRowScalar(const std::uint8_t* src, std::uint8_t* dst, int outWidth,
                         const AxisCoefficients& c) {
    for (int xx = 0; xx < outWidth; ++xx) {
        const std::int32_t* k = &c.weights[static_cast<size_t>(xx) * static_cast<size_t>(c.ksize)];
        const std::uint8_t* p = src + static_cast<size_t>(c.first[static_cast<size_t>(xx)]) * 3;
        const int n = c.count[static_cast<size_t>(xx)];
        std::int32_t s0 = kRoundingHalf, s1 = kRoundingHalf, s2 = kRoundingHalf;
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

void verticalRowScalar(const std::uint8_t* top, size_t rowBytes, std::uint8_t* dst,
                       const std::int32_t* k, int count, size_t from) {
    for (size_t i = from; i < rowBytes; ++i) {
        std::int32_t s = kRoundingHalf;
        const std::uint8_t* p = top + i;
        for (int y = 0; y < count; ++y, p += rowBytes)
            s += *p * k[y];
        dst[i] = clip8(s);
    }
}

#ifdef FACET_RESAMPLE_AVX2
constexpr int kLanes = 8;

// FACET_IMAGE_NO_SIMD=1 forces the scalar loops, so tests can check them on AVX2 machines too.
bool haveAvx2() {
    static const bool yes = __builtin_cpu_supports("avx2") && !std::getenv("FACET_IMAGE_NO_SIMD");
    return yes;
}

__attribute__((target("avx2"))) inline __m256i load8(const std::uint8_t* p) {
    return _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
}

__attribute__((target("avx2"))) inline __m256i clipLanes(__m256i v) {
    v = _mm256_srai_epi32(v, kPrecisionBits);
    return _mm256_min_epi32(_mm256_max_epi32(v, _mm256_setzero_si256()), _mm256_set1_epi32(255));
}

__attribute__((target("avx2"))) void horizontalEightRows(const std::uint8_t* const* src,
                                                         std::uint8_t* const* dst, int inWidth,
                                                         int outWidth, const AxisCoefficients& c,
                                                         std::vector<std::uint8_t>& lanes) {
    const size_t samples = static_cast<size_t>(inWidth) * 3;
    lanes.resize(samples * kLanes);
    interleaveRows(src, samples, lanes.data());
    alignas(32) std::int32_t out[3][kLanes];
    for (int xx = 0; xx < outWidth; ++xx) {
        const std::int32_t* k = &c.weights[static_cast<size_t>(xx) * static_cast<size_t>(c.ksize)];
        const std::uint8_t* p =
            lanes.data() + static_cast<size_t>(c.first[static_cast<size_t>(xx)]) * 3 * kLanes;
        const int n = c.count[static_cast<size_t>(xx)];
        __m256i a0 = _mm256_set1_epi32(kRoundingHalf), a1 = a0, a2 = a0;
        for (int x = 0; x < n; ++x, p += 3 * kLanes) {
            const __m256i w = _mm256_set1_epi32(k[x]);
            a0 = _mm256_add_epi32(a0, _mm256_mullo_epi32(load8(p), w));
            a1 = _mm256_add_epi32(a1, _mm256_mullo_epi32(load8(p + kLanes), w));
            a2 = _mm256_add_epi32(a2, _mm256_mullo_epi32(load8(p + 2 * kLanes), w));
        }
        _mm256_store_si256(reinterpret_cast<__m256i*>(out[0]), clipLanes(a0));
        _mm256_store_si256(reinterpret_cast<__m256i*>(out[1]), clipLanes(a1));
        _mm256_store_si256(reinterpret_cast<__m256i*>(out[2]), clipLanes(a2));
        for (int r = 0; r < kLanes; ++r) {
            std::uint8_t* d = dst[r] + xx * 3;
            d[0] = static_cast<std::uint8_t>(out[0][r]);
            d[1] = static_cast<std::uint8_t>(out[1][r]);
            d[2] = static_cast<std::uint8_t>(out[2][r]);
        }
    }
}

// One output row, 32 bytes at a time with all taps summed in registers.
__attribute__((target("avx2"))) void verticalRowAvx2(const std::uint8_t* top, size_t rowBytes,
                                                     std::uint8_t* dst, const std::int32_t* k,
                                                     int count) {
    size_t i = 0;
    for (; i + 32 <= rowBytes; i += 32) {
        __m256i a0 = _mm256_set1_epi32(kRoundingHalf), a1 = a0, a2 = a0, a3 = a0;
        const std::uint8_t* p = top + i;
        for (int y = 0; y < count; ++y, p += rowBytes) {
            const __m256i w = _mm256_set1_epi32(k[y]);
            a0 = _mm256_add_epi32(a0, _mm256_mullo_epi32(load8(p), w));
            a1 = _mm256_add_epi32(a1, _mm256_mullo_epi32(load8(p + 8), w));
            a2 = _mm256_add_epi32(a2, _mm256_mullo_epi32(load8(p + 16), w));
            a3 = _mm256_add_epi32(a3, _mm256_mullo_epi32(load8(p + 24), w));
        }
        // Values are 0..255 after clipping, so the saturating packs are exact; packing works per
        // 128-bit half, and the permutation restores the byte order.
        const __m256i words01 = _mm256_packus_epi32(clipLanes(a0), clipLanes(a1));
        const __m256i words23 = _mm256_packus_epi32(clipLanes(a2), clipLanes(a3));
        const __m256i bytes = _mm256_permutevar8x32_epi32(
            _mm256_packus_epi16(words01, words23), _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), bytes);
    }
    verticalRowScalar(top, rowBytes, dst, k, count, i);
}
#endif

} // namespace

#ifdef FACET_RESAMPLE_AVX2
__attribute__((target("avx2"))) void interleaveRows(const std::uint8_t* const* src, size_t samples,
                                                    std::uint8_t* lanes) {
    size_t i = 0;
    for (; i + kLanes <= samples; i += kLanes) {
        __m128i a[kLanes];
        for (int r = 0; r < kLanes; ++r)
            a[r] = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src[r] + i));
        const __m128i b0 = _mm_unpacklo_epi8(a[0], a[1]), b1 = _mm_unpacklo_epi8(a[2], a[3]);
        const __m128i b2 = _mm_unpacklo_epi8(a[4], a[5]), b3 = _mm_unpacklo_epi8(a[6], a[7]);
        const __m128i c0 = _mm_unpacklo_epi16(b0, b1), c1 = _mm_unpackhi_epi16(b0, b1);
        const __m128i c2 = _mm_unpacklo_epi16(b2, b3), c3 = _mm_unpackhi_epi16(b2, b3);
        auto* out = reinterpret_cast<__m128i*>(lanes + i * kLanes);
        _mm_storeu_si128(out + 0, _mm_unpacklo_epi32(c0, c2));
        _mm_storeu_si128(out + 1, _mm_unpackhi_epi32(c0, c2));
        _mm_storeu_si128(out + 2, _mm_unpacklo_epi32(c1, c3));
        _mm_storeu_si128(out + 3, _mm_unpackhi_epi32(c1, c3));
    }
    for (; i < samples; ++i)
        for (int r = 0; r < kLanes; ++r)
            lanes[i * kLanes + static_cast<size_t>(r)] = src[r][i];
}
#endif

void horizontalPass(const std::uint8_t* in, int inWidth, std::uint8_t* out, int outWidth,
                    int rowOffset, int rowBegin, int rowEnd, const AxisCoefficients& c) {
    const size_t inRow = static_cast<size_t>(inWidth) * 3;
    const size_t outRow = static_cast<size_t>(outWidth) * 3;
    int yy = rowBegin;
#ifdef FACET_RESAMPLE_AVX2
    if (haveAvx2()) {
        std::vector<std::uint8_t> lanes;
        for (; yy + kLanes <= rowEnd; yy += kLanes) {
            const std::uint8_t* src[kLanes];
            std::uint8_t* dst[kLanes];
            for (int r = 0; r < kLanes; ++r) {
                src[r] = in + static_cast<size_t>(yy + r + rowOffset) * inRow;
                dst[r] = out + static_cast<size_t>(yy + r) * outRow;
            }
            horizontalEightRows(src, dst, inWidth, outWidth, c, lanes);
        }
    }
#endif
    for (; yy < rowEnd; ++yy)
        horizontalRowScalar(in + static_cast<size_t>(yy + rowOffset) * inRow,
                            out + static_cast<size_t>(yy) * outRow, outWidth, c);
}

void verticalPass(const std::uint8_t* in, int width, std::uint8_t* out, int firstInRow,
                  int rowBegin, int rowEnd, const AxisCoefficients& c) {
    const size_t rowBytes = static_cast<size_t>(width) * 3;
    for (int yy = rowBegin; yy < rowEnd; ++yy) {
        const std::int32_t* k = &c.weights[static_cast<size_t>(yy) * static_cast<size_t>(c.ksize)];
        const std::uint8_t* top =
            in + static_cast<size_t>(c.first[static_cast<size_t>(yy)] - firstInRow) * rowBytes;
        std::uint8_t* dst = out + static_cast<size_t>(yy) * rowBytes;
        const int count = c.count[static_cast<size_t>(yy)];
        if (c.quads > 0) { // weight quads exist only where the VNNI kernels run
            verticalRowVnni(top, rowBytes, dst, c, yy);
            continue;
        }
#ifdef FACET_RESAMPLE_AVX2
        if (haveAvx2()) {
            verticalRowAvx2(top, rowBytes, dst, k, count);
            continue;
        }
#endif
        verticalRowScalar(top, rowBytes, dst, k, count, 0);
    }
}

} // namespace facet::image::detail
