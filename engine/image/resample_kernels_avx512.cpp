// The resample passes on AVX-512 VNNI. Same arithmetic as Pillow: kRoundingHalf +
// sum(pixel * weight) in int32, >> 22, clipped to 0..255.
//
// Why VNNI, and why bytes: the horizontal pass is ~4 * width * height * 3 multiply-adds per level
// whatever the level (the taps grow as the output shrinks), and 32-bit multiplies (vpmulld) are
// slow. vpdpbusd multiplies four unsigned bytes by four signed bytes and adds the four products
// to a 32-bit lane in one instruction: 64 products a zmm. Pixels are bytes already; each 22-bit
// weight is split exactly into signed bytes, k = a * 65536 + b * 256 + c (addWeightQuads), so
// sum(p * k) = (sum(p * a) << 16) + (sum(p * b) << 8) + sum(p * c): three instructions for four
// taps of 16 lanes. (Words and vpdpwssd, k = hi * 2048 + lo, needed four for four taps: perf,
// issue #59.) The three partial sums are each far inside int32 (at most 255 * 128 per tap), and
// the shifted sum is computed modulo 2^32, which gives Pillow's int32 sum exactly because that
// sum itself is within int32.
//
// Horizontal: each 32-bit lane holds four neighbouring samples (taps x .. x + 3) of one row and
// channel, 16 rows a zmm. Vertical: each lane holds one byte position of four consecutive rows.
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

void addWeightQuads(AxisCoefficients& c) {
    const int quads = (c.ksize + 3) / 4;
    const size_t outSize = c.count.size();
    const size_t n = outSize * static_cast<size_t>(quads);
    std::vector<std::int32_t> a(n, 0), b(n, 0), lo(n, 0);
    for (size_t xx = 0; xx < outSize; ++xx) {
        const std::int32_t* k = &c.weights[xx * static_cast<size_t>(c.ksize)];
        for (int x = 0; x < c.count[xx]; ++x) {
            // Signed low byte, then signed middle byte; the rest must be a signed byte too.
            const auto low = static_cast<std::int32_t>(static_cast<std::int8_t>(k[x] & 0xFF));
            const std::int32_t rest = (k[x] - low) / 256;
            const auto mid = static_cast<std::int32_t>(static_cast<std::int8_t>(rest & 0xFF));
            const std::int32_t high = (rest - mid) / 256;
            if (high < -128 || high > 127)
                return; // quads stays 0: the other kernels take this axis
            const size_t at = xx * static_cast<size_t>(quads) + static_cast<size_t>(x / 4);
            const int shift = (x % 4) * 8; // byte i of a group multiplies tap 4g + i
            const auto put = [&](std::vector<std::int32_t>& table, std::int32_t v) {
                table[at] =
                    static_cast<std::int32_t>(static_cast<std::uint32_t>(table[at]) |
                                              (static_cast<std::uint32_t>(v & 0xFF) << shift));
            };
            put(a, high);
            put(b, mid);
            put(lo, low);
        }
    }
    c.quadA = std::move(a);
    c.quadB = std::move(b);
    c.quadC = std::move(lo);
    c.quads = quads;
}

#ifdef FACET_RESAMPLE_AVX512
namespace {

constexpr int kRows = VnniRowGroup::kRows;
// Zero samples after a prepared row: a group of four taps starting at the last pixel reads three
// pixels past the row, at weight zero.
constexpr size_t kPadSamples = 9;

// FACET_IMAGE_NO_SIMD=1 or FACET_IMAGE_NO_AVX512=1 turn this path off, so tests can check the
// AVX2 and scalar loops on machines that have AVX-512 too.
bool haveAvx512Vnni() {
    static const bool yes =
        __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vnni") && !std::getenv("FACET_IMAGE_NO_SIMD") &&
        !std::getenv("FACET_IMAGE_NO_AVX512");
    return yes;
}

// The rows <-> lanes rearrangements below are 16 x 16 byte transposes; with AVX-512 VBMI each is
// eight two-table byte permutes (vpermt2b) on four registers instead of 8 x 8 SSE2 unpacks
// (perf, issue #59: a fifth of the time of the five levels went to these rearrangements).
// FACET_IMAGE_NO_VBMI=1 takes the SSE2 path, so tests check it on machines with VBMI too.
bool haveVbmi() {
    static const bool yes =
        __builtin_cpu_supports("avx512vbmi") && !std::getenv("FACET_IMAGE_NO_VBMI");
    return yes;
}

struct TransposeIndices {
    alignas(64) std::uint8_t firstLow[64], firstHigh[64], secondLow[64], secondHigh[64];
};

// Stage 1 gathers, from two registers (rows 0–7 of the matrix), columns 0–7 (firstLow) or 8–15
// (firstHigh) as [column][row]; stage 2 joins two such halves into four whole transposed rows.
constexpr TransposeIndices makeTransposeIndices() {
    TransposeIndices t{};
    for (int col = 0; col < 8; ++col)
        for (int row = 0; row < 8; ++row) {
            const int from = row < 4 ? row * 16 + col : 64 + (row - 4) * 16 + col;
            t.firstLow[col * 8 + row] = static_cast<std::uint8_t>(from);
            t.firstHigh[col * 8 + row] = static_cast<std::uint8_t>(from + 8);
        }
    for (int out = 0; out < 4; ++out)
        for (int i = 0; i < 16; ++i) {
            const int from = i < 8 ? out * 8 + i : 64 + out * 8 + (i - 8);
            t.secondLow[out * 16 + i] = static_cast<std::uint8_t>(from);
            t.secondHigh[out * 16 + i] = static_cast<std::uint8_t>(from + 32);
        }
    return t;
}

constexpr TransposeIndices kTranspose = makeTransposeIndices();

// m[i * 16 + j] -> m[j * 16 + i] for the 16 x 16 bytes held as z0..z3 (rows 4k .. 4k + 3 in zk).
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) inline void
transpose16x16(__m512i& z0, __m512i& z1, __m512i& z2, __m512i& z3) {
    const __m512i firstLow = _mm512_load_si512(kTranspose.firstLow);
    const __m512i firstHigh = _mm512_load_si512(kTranspose.firstHigh);
    const __m512i secondLow = _mm512_load_si512(kTranspose.secondLow);
    const __m512i secondHigh = _mm512_load_si512(kTranspose.secondHigh);
    const __m512i p01 = _mm512_permutex2var_epi8(z0, firstLow, z1);
    const __m512i q01 = _mm512_permutex2var_epi8(z0, firstHigh, z1);
    const __m512i p23 = _mm512_permutex2var_epi8(z2, firstLow, z3);
    const __m512i q23 = _mm512_permutex2var_epi8(z2, firstHigh, z3);
    z0 = _mm512_permutex2var_epi8(p01, secondLow, p23);
    z1 = _mm512_permutex2var_epi8(p01, secondHigh, p23);
    z2 = _mm512_permutex2var_epi8(q01, secondLow, q23);
    z3 = _mm512_permutex2var_epi8(q01, secondHigh, q23);
}

// Bytes [s, s + 16) of rows r .. r + 3, one 128-bit lane each.
__attribute__((target("avx512f,avx512bw"))) inline __m512i fourRows(const std::uint8_t* const* rows,
                                                                    int r, size_t s) {
    const auto* r0 = reinterpret_cast<const __m128i*>(rows[r] + s);
    const auto* r1 = reinterpret_cast<const __m128i*>(rows[r + 1] + s);
    const auto* r2 = reinterpret_cast<const __m128i*>(rows[r + 2] + s);
    const auto* r3 = reinterpret_cast<const __m128i*>(rows[r + 3] + s);
    const __m512i z =
        _mm512_inserti32x4(_mm512_castsi128_si512(_mm_loadu_si128(r0)), _mm_loadu_si128(r1), 1);
    return _mm512_inserti32x4(_mm512_inserti32x4(z, _mm_loadu_si128(r2), 2), _mm_loadu_si128(r3),
                              3);
}

// rows16[s * 16 + r] = rows[r][s] for s < samples.
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) void
gatherRowsVbmi(const std::uint8_t* const* rows, size_t samples, std::uint8_t* rows16) {
    size_t s = 0;
    for (; s + 16 <= samples; s += 16) {
        __m512i z0 = fourRows(rows, 0, s), z1 = fourRows(rows, 4, s);
        __m512i z2 = fourRows(rows, 8, s), z3 = fourRows(rows, 12, s);
        transpose16x16(z0, z1, z2, z3);
        auto* out = reinterpret_cast<__m512i*>(rows16 + s * kRows);
        _mm512_storeu_si512(out + 0, z0);
        _mm512_storeu_si512(out + 1, z1);
        _mm512_storeu_si512(out + 2, z2);
        _mm512_storeu_si512(out + 3, z3);
    }
    for (; s < samples; ++s)
        for (int r = 0; r < kRows; ++r)
            rows16[s * kRows + static_cast<size_t>(r)] = rows[r][s];
}

// The same from two 8-row interleaves (interleaveRows), where VBMI is missing.
__attribute__((target("avx512f,avx512bw"))) void joinHalves(const std::uint8_t* low,
                                                            const std::uint8_t* high,
                                                            size_t samples, std::uint8_t* rows16) {
    for (size_t s = 0; s < samples; ++s)
        _mm_storeu_si128(
            reinterpret_cast<__m128i*>(rows16 + s * kRows),
            _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(low + s * 8)),
                               _mm_loadl_epi64(reinterpret_cast<const __m128i*>(high + s * 8))));
}

// dst[r][s] = lanes[s * 16 + r] for s < samples.
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) void
scatterRowsVbmi(const std::uint8_t* lanes, size_t samples, std::uint8_t* const* dst) {
    size_t s = 0;
    for (; s + 16 <= samples; s += 16) {
        const auto* in = reinterpret_cast<const __m512i*>(lanes + s * kRows);
        __m512i z[4] = {_mm512_loadu_si512(in), _mm512_loadu_si512(in + 1),
                        _mm512_loadu_si512(in + 2), _mm512_loadu_si512(in + 3)};
        transpose16x16(z[0], z[1], z[2], z[3]);
        for (int k = 0; k < 4; ++k) {
            _mm_storeu_si128(reinterpret_cast<__m128i*>(dst[4 * k] + s),
                             _mm512_castsi512_si128(z[k]));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(dst[4 * k + 1] + s),
                             _mm512_extracti32x4_epi32(z[k], 1));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(dst[4 * k + 2] + s),
                             _mm512_extracti32x4_epi32(z[k], 2));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(dst[4 * k + 3] + s),
                             _mm512_extracti32x4_epi32(z[k], 3));
        }
    }
    for (; s < samples; ++s)
        for (int r = 0; r < kRows; ++r)
            dst[r][s] = lanes[s * kRows + static_cast<size_t>(r)];
}

// window[(3 * j + c) * 16 + r] = row r's channel c at pixels j, j + 1, j + 2, j + 3 (bytes, low
// first), from rows16 (the 16 rows' bytes of each sample).
__attribute__((target("avx512f,avx512bw"))) void buildWindow(const std::uint8_t* rows16,
                                                             size_t samples, std::int32_t* window) {
    const auto rowsOf = [&](size_t sample) {
        return _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows16 + sample * kRows));
    };
    for (size_t s = 0; s < samples; ++s) {
        // The same channel at the next three pixels: samples s + 3, s + 6, s + 9.
        const __m128i t0 = rowsOf(s), t1 = rowsOf(s + 3), t2 = rowsOf(s + 6), t3 = rowsOf(s + 9);
        const __m128i p01lo = _mm_unpacklo_epi8(t0, t1), p01hi = _mm_unpackhi_epi8(t0, t1);
        const __m128i p23lo = _mm_unpacklo_epi8(t2, t3), p23hi = _mm_unpackhi_epi8(t2, t3);
        auto* out = reinterpret_cast<__m128i*>(window + s * kRows);
        _mm_storeu_si128(out + 0, _mm_unpacklo_epi16(p01lo, p23lo)); // rows 0-3
        _mm_storeu_si128(out + 1, _mm_unpackhi_epi16(p01lo, p23lo)); // rows 4-7
        _mm_storeu_si128(out + 2, _mm_unpacklo_epi16(p01hi, p23hi)); // rows 8-11
        _mm_storeu_si128(out + 3, _mm_unpackhi_epi16(p01hi, p23hi)); // rows 12-15
    }
}

// 16 accumulated outputs (the three byte planes of the weights; the rounding half is the c
// plane's starting value) shifted down, not yet clipped: the callers clip as they narrow.
__attribute__((target("avx512f,avx512bw"))) inline __m512i shiftedSum(__m512i a, __m512i b,
                                                                      __m512i c) {
    const __m512i sum =
        _mm512_add_epi32(_mm512_add_epi32(_mm512_slli_epi32(a, 16), _mm512_slli_epi32(b, 8)), c);
    return _mm512_srai_epi32(sum, kPrecisionBits);
}

// Clipped to 0..255 as bytes: the lower clip by max, the upper by the saturating narrowing.
__attribute__((target("avx512f,avx512bw"))) inline __m128i clippedBytes(__m512i shifted) {
    return _mm512_cvtusepi32_epi8(_mm512_max_epi32(shifted, _mm512_setzero_si512()));
}

// Output pixels of 16 rows into lanes[(3 * xx + c) * 16 + r].
__attribute__((target("avx512f,avx512bw,avx512vnni"))) void
sumTaps(const std::int32_t* window, int outWidth, const AxisCoefficients& c, std::uint8_t* lanes) {
    for (int xx = 0; xx < outWidth; ++xx) {
        const size_t at = static_cast<size_t>(xx) * static_cast<size_t>(c.quads);
        const std::int32_t* qa = &c.quadA[at];
        const std::int32_t* qb = &c.quadB[at];
        const std::int32_t* qc = &c.quadC[at];
        const int quads = (c.count[static_cast<size_t>(xx)] + 3) / 4;
        const std::int32_t* w = window + static_cast<size_t>(c.first[static_cast<size_t>(xx)]) * 3 *
                                             static_cast<size_t>(kRows);
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, b0 = a0, b1 = a0, b2 = a0;
        __m512i c0 = _mm512_set1_epi32(kRoundingHalf), c1 = c0, c2 = c0;
        for (int g = 0; g < quads; ++g, w += 4 * 3 * kRows) {
            const __m512i wa = _mm512_set1_epi32(qa[g]);
            const __m512i wb = _mm512_set1_epi32(qb[g]);
            const __m512i wc = _mm512_set1_epi32(qc[g]);
            const __m512i r = _mm512_loadu_si512(w);
            const __m512i gr = _mm512_loadu_si512(w + kRows);
            const __m512i bl = _mm512_loadu_si512(w + 2 * kRows);
            a0 = _mm512_dpbusd_epi32(a0, r, wa);
            b0 = _mm512_dpbusd_epi32(b0, r, wb);
            c0 = _mm512_dpbusd_epi32(c0, r, wc);
            a1 = _mm512_dpbusd_epi32(a1, gr, wa);
            b1 = _mm512_dpbusd_epi32(b1, gr, wb);
            c1 = _mm512_dpbusd_epi32(c1, gr, wc);
            a2 = _mm512_dpbusd_epi32(a2, bl, wa);
            b2 = _mm512_dpbusd_epi32(b2, bl, wb);
            c2 = _mm512_dpbusd_epi32(c2, bl, wc);
        }
        std::uint8_t* out = lanes + static_cast<size_t>(xx) * 3 * kRows;
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), clippedBytes(shiftedSum(a0, b0, c0)));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + kRows),
                         clippedBytes(shiftedSum(a1, b1, c1)));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2 * kRows),
                         clippedBytes(shiftedSum(a2, b2, c2)));
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

} // namespace

__attribute__((target("avx512f,avx512bw,avx512vnni"))) void
verticalRowVnni(const std::uint8_t* top, size_t rowBytes, std::uint8_t* dst,
                const AxisCoefficients& c, int yy) {
    const size_t at = static_cast<size_t>(yy) * static_cast<size_t>(c.quads);
    const int count = c.count[static_cast<size_t>(yy)];
    const int quads = (count + 3) / 4;
    const __m512i zero = _mm512_setzero_si512();
    for (size_t i = 0; i < rowBytes; i += 64) {
        // The last block of a row is partial: masked loads read no byte past the row.
        const __mmask64 mask =
            rowBytes - i >= 64 ? ~__mmask64{0} : (__mmask64{1} << (rowBytes - i)) - 1;
        // Accumulators in named variables: as an array, GCC keeps them in memory.
        __m512i a0 = zero, a1 = zero, a2 = zero, a3 = zero;
        __m512i b0 = zero, b1 = zero, b2 = zero, b3 = zero;
        __m512i c0 = _mm512_set1_epi32(kRoundingHalf), c1 = c0, c2 = c0, c3 = c0;
        for (int g = 0; g < quads; ++g) {
            // Rows past the tap count are read again from the group's first row, at weight zero
            // (the rows after the last tap may lie outside the buffer).
            const std::uint8_t* row0 = top + static_cast<size_t>(4 * g) * rowBytes + i;
            const std::uint8_t* row1 = 4 * g + 1 < count ? row0 + rowBytes : row0;
            const std::uint8_t* row2 = 4 * g + 2 < count ? row0 + 2 * rowBytes : row0;
            const std::uint8_t* row3 = 4 * g + 3 < count ? row0 + 3 * rowBytes : row0;
            const __m512i r0 = _mm512_maskz_loadu_epi8(mask, row0);
            const __m512i r1 = _mm512_maskz_loadu_epi8(mask, row1);
            const __m512i r2 = _mm512_maskz_loadu_epi8(mask, row2);
            const __m512i r3 = _mm512_maskz_loadu_epi8(mask, row3);
            const __m512i p01lo = _mm512_unpacklo_epi8(r0, r1),
                          p01hi = _mm512_unpackhi_epi8(r0, r1);
            const __m512i p23lo = _mm512_unpacklo_epi8(r2, r3),
                          p23hi = _mm512_unpackhi_epi8(r2, r3);
            // Each 32-bit lane: rows 4g .. 4g + 3 at one byte position (per 128-bit lane: bytes
            // 0-3, 4-7, 8-11, 12-15 in q0 .. q3).
            const __m512i q0 = _mm512_unpacklo_epi16(p01lo, p23lo);
            const __m512i q1 = _mm512_unpackhi_epi16(p01lo, p23lo);
            const __m512i q2 = _mm512_unpacklo_epi16(p01hi, p23hi);
            const __m512i q3 = _mm512_unpackhi_epi16(p01hi, p23hi);
            const __m512i wa = _mm512_set1_epi32(c.quadA[at + static_cast<size_t>(g)]);
            const __m512i wb = _mm512_set1_epi32(c.quadB[at + static_cast<size_t>(g)]);
            const __m512i wc = _mm512_set1_epi32(c.quadC[at + static_cast<size_t>(g)]);
            a0 = _mm512_dpbusd_epi32(a0, q0, wa);
            b0 = _mm512_dpbusd_epi32(b0, q0, wb);
            c0 = _mm512_dpbusd_epi32(c0, q0, wc);
            a1 = _mm512_dpbusd_epi32(a1, q1, wa);
            b1 = _mm512_dpbusd_epi32(b1, q1, wb);
            c1 = _mm512_dpbusd_epi32(c1, q1, wc);
            a2 = _mm512_dpbusd_epi32(a2, q2, wa);
            b2 = _mm512_dpbusd_epi32(b2, q2, wb);
            c2 = _mm512_dpbusd_epi32(c2, q2, wc);
            a3 = _mm512_dpbusd_epi32(a3, q3, wa);
            b3 = _mm512_dpbusd_epi32(b3, q3, wb);
            c3 = _mm512_dpbusd_epi32(c3, q3, wc);
        }
        // The unpacks above and these packs both work within 128-bit lanes, in inverse orders,
        // so the bytes come out in row order. The packs' unsigned saturation is the clip to
        // 0..255: below 0 to 0, and 256..511 (the shifted int32 sum is under 512) to 255.
        const __m512i bytes = _mm512_packus_epi16(
            _mm512_packus_epi32(shiftedSum(a0, b0, c0), shiftedSum(a1, b1, c1)),
            _mm512_packus_epi32(shiftedSum(a2, b2, c2), shiftedSum(a3, b3, c3)));
        _mm512_mask_storeu_epi8(dst + i, mask, bytes);
    }
}

bool vnniAvailable() {
    return haveAvx512Vnni();
}

void VnniRowGroup::prepare(const std::uint8_t* const* rows, int inWidth) {
    const size_t inRow = static_cast<size_t>(inWidth) * 3;
    rows16_.resize((inRow + kPadSamples) * kRows);
    std::memset(rows16_.data() + inRow * kRows, 0, kPadSamples * kRows);
    if (haveVbmi()) {
        gatherRowsVbmi(rows, inRow, rows16_.data());
    } else {
        low_.resize(inRow * 8);
        high_.resize(inRow * 8);
        interleaveRows(rows, inRow, low_.data());
        interleaveRows(rows + 8, inRow, high_.data());
        joinHalves(low_.data(), high_.data(), inRow, rows16_.data());
    }
    window_.resize(inRow * static_cast<size_t>(kRows));
    buildWindow(rows16_.data(), inRow, window_.data());
}

void VnniRowGroup::resample(const AxisCoefficients& c, int outWidth, std::uint8_t* const* rows) {
    const size_t outRow = static_cast<size_t>(outWidth) * 3;
    lanes_.resize(outRow * static_cast<size_t>(kRows));
    sumTaps(window_.data(), outWidth, c, lanes_.data());
    if (haveVbmi())
        scatterRowsVbmi(lanes_.data(), outRow, rows);
    else
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
