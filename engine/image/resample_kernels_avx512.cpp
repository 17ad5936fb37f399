// The horizontal pass on AVX-512 VNNI, 16 source rows at a time. Same arithmetic as Pillow:
// kRoundingHalf + sum(pixel * weight) in int32, >> 22, clipped to 0..255.
//
// Why VNNI: the pass is ~4 * width * height * 3 multiply-adds per level whatever the level (the
// taps grow as the output shrinks), and 32-bit multiplies (vpmulld) are slow. vpdpwssd multiplies
// 16-bit pairs and adds them into 32-bit sums in one instruction, but the 22-bit weights do not fit
// in 16 bits, so each weight is split exactly as k = hi * 2048 + lo with lo = k & 2047 and
// hi = k >> 11: sum(p * k) = (sum(p * hi) << 11) + sum(p * lo), every partial sum far from
// overflow. Each 32-bit lane holds two neighbouring samples (taps x, x + 1) of one row and
// channel, so one instruction does 2 taps of 16 rows.
#include "image/resample_kernels.h"

#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define FACET_RESAMPLE_AVX512 1
// GCC 12's avx512fintrin.h trips -Wmaybe-uninitialized on its own _mm512_undefined_* helpers
// (GCC bug 105593), a false positive in the compiler's header, not in this file.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#endif

namespace facet::image::detail {

void addWeightPairs(AxisCoefficients& c) {
    c.pairs = (c.ksize + 1) / 2;
    const size_t outSize = c.count.size();
    c.pairHi.assign(outSize * static_cast<size_t>(c.pairs), 0);
    c.pairLo.assign(outSize * static_cast<size_t>(c.pairs), 0);
    for (size_t xx = 0; xx < outSize; ++xx) {
        const std::int32_t* k = &c.weights[xx * static_cast<size_t>(c.ksize)];
        for (int x = 0; x < c.count[xx]; ++x) {
            const auto hi = static_cast<std::uint32_t>(static_cast<std::uint16_t>(k[x] >> 11));
            const auto lo = static_cast<std::uint32_t>(k[x] & 2047);
            const size_t at = xx * static_cast<size_t>(c.pairs) + static_cast<size_t>(x / 2);
            const int shift = (x % 2) * 16; // the lower word multiplies tap x, the upper x + 1
            c.pairHi[at] =
                static_cast<std::int32_t>(static_cast<std::uint32_t>(c.pairHi[at]) | (hi << shift));
            c.pairLo[at] =
                static_cast<std::int32_t>(static_cast<std::uint32_t>(c.pairLo[at]) | (lo << shift));
        }
    }
}

#ifdef FACET_RESAMPLE_AVX512
namespace {

constexpr int kRows = VnniRowGroup::kRows;

// FACET_IMAGE_NO_SIMD=1 or FACET_IMAGE_NO_AVX512=1 turn this path off, so tests can check the
// AVX2 and scalar loops on machines that have AVX-512 too.
bool haveAvx512Vnni() {
    static const bool yes =
        __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vnni") && !std::getenv("FACET_IMAGE_NO_SIMD") &&
        !std::getenv("FACET_IMAGE_NO_AVX512");
    return yes;
}

// window[(3 * j + c) * 16 + r] = (row r's channel c at pixel j) | (the same at pixel j + 1) << 16,
// built from two 8-row byte interleaves (samples of rows 0–7 and of rows 8–15).
__attribute__((target("avx512f,avx512bw"))) void buildWindow(const std::uint8_t* low,
                                                             const std::uint8_t* high,
                                                             size_t samples, std::int32_t* window) {
    for (size_t s = 0; s < samples; ++s) {
        const auto rowsOf = [&](size_t sample) {
            return _mm_unpacklo_epi64(
                _mm_loadl_epi64(reinterpret_cast<const __m128i*>(low + sample * 8)),
                _mm_loadl_epi64(reinterpret_cast<const __m128i*>(high + sample * 8)));
        };
        const __m512i tap0 = _mm512_cvtepu8_epi32(rowsOf(s));
        const __m512i tap1 = _mm512_cvtepu8_epi32(rowsOf(s + 3)); // the same channel, next pixel
        _mm512_storeu_si512(window + s * kRows, _mm512_or_si512(tap0, _mm512_slli_epi32(tap1, 16)));
    }
}

__attribute__((target("avx512f,avx512bw"))) inline __m128i finish(__m512i hi, __m512i lo) {
    __m512i sum = _mm512_add_epi32(_mm512_add_epi32(_mm512_slli_epi32(hi, 11), lo),
                                   _mm512_set1_epi32(kRoundingHalf));
    sum = _mm512_max_epi32(_mm512_srai_epi32(sum, kPrecisionBits), _mm512_setzero_si512());
    return _mm512_cvtusepi32_epi8(sum); // saturates at 255: the upper clip
}

// Output pixels of 16 rows into lanes[(3 * xx + c) * 16 + r].
__attribute__((target("avx512f,avx512bw,avx512vnni"))) void
sumTaps(const std::int32_t* window, int outWidth, const AxisCoefficients& c, std::uint8_t* lanes) {
    for (int xx = 0; xx < outWidth; ++xx) {
        const size_t at = static_cast<size_t>(xx) * static_cast<size_t>(c.pairs);
        const std::int32_t* hiPairs = &c.pairHi[at];
        const std::int32_t* loPairs = &c.pairLo[at];
        const int pairs = (c.count[static_cast<size_t>(xx)] + 1) / 2;
        const std::int32_t* w = window + static_cast<size_t>(c.first[static_cast<size_t>(xx)]) * 3 *
                                             static_cast<size_t>(kRows);
        __m512i h0 = _mm512_setzero_si512(), h1 = h0, h2 = h0, l0 = h0, l1 = h0, l2 = h0;
        for (int g = 0; g < pairs; ++g, w += 2 * 3 * kRows) {
            const __m512i wh = _mm512_set1_epi32(hiPairs[g]);
            const __m512i wl = _mm512_set1_epi32(loPairs[g]);
            const __m512i r = _mm512_loadu_si512(w);
            const __m512i gr = _mm512_loadu_si512(w + kRows);
            const __m512i b = _mm512_loadu_si512(w + 2 * kRows);
            h0 = _mm512_dpwssd_epi32(h0, r, wh);
            l0 = _mm512_dpwssd_epi32(l0, r, wl);
            h1 = _mm512_dpwssd_epi32(h1, gr, wh);
            l1 = _mm512_dpwssd_epi32(l1, gr, wl);
            h2 = _mm512_dpwssd_epi32(h2, b, wh);
            l2 = _mm512_dpwssd_epi32(l2, b, wl);
        }
        std::uint8_t* out = lanes + static_cast<size_t>(xx) * 3 * kRows;
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), finish(h0, l0));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + kRows), finish(h1, l1));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2 * kRows), finish(h2, l2));
    }
}

// dst[r][s] = lanes[s * 16 + r]: 8 x 8 byte transposes back into rows.
void scatterRows(const std::uint8_t* lanes, size_t samples, std::uint8_t* const* dst) {
    std::uint8_t block[64];
    size_t s = 0;
    for (; s + 8 <= samples; s += 8) {
        for (int half = 0; half < 2; ++half) {
            const std::uint8_t* src[8];
            for (int i = 0; i < 8; ++i)
                src[i] =
                    lanes + (s + static_cast<size_t>(i)) * kRows + static_cast<size_t>(half) * 8;
            interleaveRows(src, 8, block);
            for (int r = 0; r < 8; ++r)
                std::memcpy(dst[half * 8 + r] + s, block + r * 8, 8);
        }
    }
    for (; s < samples; ++s)
        for (int r = 0; r < kRows; ++r)
            dst[r][s] = lanes[s * kRows + static_cast<size_t>(r)];
}

// 16 accumulated outputs (hi and lo halves of the weights) to clipped values in 32-bit lanes.
__attribute__((target("avx512f,avx512bw"))) inline __m512i finishLanes(__m512i hi, __m512i lo) {
    const __m512i sum = _mm512_add_epi32(_mm512_add_epi32(_mm512_slli_epi32(hi, 11), lo),
                                         _mm512_set1_epi32(kRoundingHalf));
    return _mm512_min_epi32(
        _mm512_max_epi32(_mm512_srai_epi32(sum, kPrecisionBits), _mm512_setzero_si512()),
        _mm512_set1_epi32(255));
}

} // namespace

__attribute__((target("avx512f,avx512bw,avx512vnni"))) void
verticalRowVnni(const std::uint8_t* top, size_t rowBytes, std::uint8_t* dst,
                const AxisCoefficients& c, int yy) {
    const size_t at = static_cast<size_t>(yy) * static_cast<size_t>(c.pairs);
    const int count = c.count[static_cast<size_t>(yy)];
    const int pairs = (count + 1) / 2;
    const __m512i zero = _mm512_setzero_si512();
    for (size_t i = 0; i < rowBytes; i += 64) {
        // The last block of a row is partial: masked loads read no byte past the row.
        const __mmask64 mask =
            rowBytes - i >= 64 ? ~__mmask64{0} : (__mmask64{1} << (rowBytes - i)) - 1;
        // Accumulators in named variables: as an array, GCC keeps them in memory.
        __m512i h0 = zero, h1 = zero, h2 = zero, h3 = zero;
        __m512i l0 = zero, l1 = zero, l2 = zero, l3 = zero;
        for (int g = 0; g < pairs; ++g) {
            const std::uint8_t* rowA = top + static_cast<size_t>(2 * g) * rowBytes + i;
            // An odd tap count pairs its last row with itself, at weight zero (the row after it
            // may lie outside the buffer).
            const std::uint8_t* rowB = 2 * g + 1 < count ? rowA + rowBytes : rowA;
            const __m512i a = _mm512_maskz_loadu_epi8(mask, rowA);
            const __m512i b = _mm512_maskz_loadu_epi8(mask, rowB);
            const __m512i abLow = _mm512_unpacklo_epi8(a, b), abHigh = _mm512_unpackhi_epi8(a, b);
            // Each 32-bit lane: (row 2g, row 2g + 1) at one byte position, as 16-bit words.
            const __m512i q0 = _mm512_unpacklo_epi8(abLow, zero);
            const __m512i q1 = _mm512_unpackhi_epi8(abLow, zero);
            const __m512i q2 = _mm512_unpacklo_epi8(abHigh, zero);
            const __m512i q3 = _mm512_unpackhi_epi8(abHigh, zero);
            const __m512i wh = _mm512_set1_epi32(c.pairHi[at + static_cast<size_t>(g)]);
            const __m512i wl = _mm512_set1_epi32(c.pairLo[at + static_cast<size_t>(g)]);
            h0 = _mm512_dpwssd_epi32(h0, q0, wh);
            l0 = _mm512_dpwssd_epi32(l0, q0, wl);
            h1 = _mm512_dpwssd_epi32(h1, q1, wh);
            l1 = _mm512_dpwssd_epi32(l1, q1, wl);
            h2 = _mm512_dpwssd_epi32(h2, q2, wh);
            l2 = _mm512_dpwssd_epi32(l2, q2, wl);
            h3 = _mm512_dpwssd_epi32(h3, q3, wh);
            l3 = _mm512_dpwssd_epi32(l3, q3, wl);
        }
        // The unpacks above and these packs both work within 128-bit lanes, in inverse orders,
        // so the bytes come out in row order; the values are 0..255, so the packs are exact.
        const __m512i bytes =
            _mm512_packus_epi16(_mm512_packus_epi32(finishLanes(h0, l0), finishLanes(h1, l1)),
                                _mm512_packus_epi32(finishLanes(h2, l2), finishLanes(h3, l3)));
        _mm512_mask_storeu_epi8(dst + i, mask, bytes);
    }
}

bool vnniAvailable() {
    return haveAvx512Vnni();
}

void VnniRowGroup::prepare(const std::uint8_t* const* rows, int inWidth) {
    const size_t inRow = static_cast<size_t>(inWidth) * 3;
    // Three padding samples (one pixel) of zeros after the row: the last pair of an odd tap
    // count reads pixel j + 1 = width, with weight zero.
    low_.resize((inRow + 3) * 8);
    high_.resize((inRow + 3) * 8);
    std::memset(low_.data() + inRow * 8, 0, 3 * 8);
    std::memset(high_.data() + inRow * 8, 0, 3 * 8);
    window_.resize(inRow * static_cast<size_t>(kRows));
    interleaveRows(rows, inRow, low_.data());
    interleaveRows(rows + 8, inRow, high_.data());
    buildWindow(low_.data(), high_.data(), inRow, window_.data());
}

void VnniRowGroup::resample(const AxisCoefficients& c, int outWidth, std::uint8_t* const* rows) {
    const size_t outRow = static_cast<size_t>(outWidth) * 3;
    lanes_.resize(outRow * static_cast<size_t>(kRows));
    sumTaps(window_.data(), outWidth, c, lanes_.data());
    scatterRows(lanes_.data(), outRow, rows);
}

#else

bool vnniAvailable() {
    return false;
}

void verticalRowVnni(const std::uint8_t*, size_t, std::uint8_t*, const AxisCoefficients&, int) {}

void VnniRowGroup::prepare(const std::uint8_t* const*, int) {}

void VnniRowGroup::resample(const AxisCoefficients&, int, std::uint8_t* const*) {}

#endif

} // namespace facet::image::detail
