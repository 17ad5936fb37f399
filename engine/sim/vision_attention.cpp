#include "sim/vision_attention.h"

#include "common/target_clones.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

// The helpers below take and return 64-byte vectors; they are always inlined into the clones,
// so the calling convention GCC warns about never exists.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace facet::sim {
namespace {

// Sixteen lanes held as two halves of eight: GCC/Clang vector extensions, element-wise
// arithmetic lowered to AVX2 (or AVX-512's lower halves, or SSE pairs) by the clones below, with
// the same results on each. A single 64-byte vector type would be natural, but without AVX-512
// GCC lowers it through the stack, about 7x slower here than two 32-byte halves.
constexpr std::size_t kLanes = 16;
using Half = float __attribute__((vector_size(kLanes / 2 * sizeof(float))));
using HalfInts = std::int32_t __attribute__((vector_size(kLanes / 2 * sizeof(float))));
struct Lanes {
    Half lo{}, hi{};
};
struct LaneInts {
    HalfInts lo{}, hi{};
};

[[gnu::always_inline]] inline Lanes operator+(Lanes a, Lanes b) {
    return {a.lo + b.lo, a.hi + b.hi};
}
[[gnu::always_inline]] inline Lanes operator-(Lanes a, Lanes b) {
    return {a.lo - b.lo, a.hi - b.hi};
}
[[gnu::always_inline]] inline Lanes operator*(Lanes a, Lanes b) {
    return {a.lo * b.lo, a.hi * b.hi};
}
[[gnu::always_inline]] inline Lanes& operator+=(Lanes& a, Lanes b) {
    return a = a + b;
}
[[gnu::always_inline]] inline LaneInts operator<(Lanes a, Lanes b) {
    return {a.lo < b.lo, a.hi < b.hi};
}
[[gnu::always_inline]] inline LaneInts operator>(Lanes a, Lanes b) {
    return {a.lo > b.lo, a.hi > b.hi};
}
[[gnu::always_inline]] inline float lane(Lanes v, std::size_t l) {
    return l < kLanes / 2 ? v.lo[l] : v.hi[l - kLanes / 2];
}
// The float lanes' bits as integers, and back.
[[gnu::always_inline]] inline LaneInts bits(Lanes v) {
    return {reinterpret_cast<HalfInts>(v.lo), reinterpret_cast<HalfInts>(v.hi)};
}
[[gnu::always_inline]] inline Lanes floats(LaneInts v) {
    return {reinterpret_cast<Half>(v.lo), reinterpret_cast<Half>(v.hi)};
}

[[gnu::always_inline]] inline Lanes load(const float* p) {
    Lanes v;
    std::memcpy(&v.lo, p, sizeof v.lo);
    std::memcpy(&v.hi, p + kLanes / 2, sizeof v.hi);
    return v;
}

[[gnu::always_inline]] inline void store(float* p, Lanes v) {
    std::memcpy(p, &v.lo, sizeof v.lo);
    std::memcpy(p + kLanes / 2, &v.hi, sizeof v.hi);
}

[[gnu::always_inline]] inline Lanes splat(float x) {
    return {Half{} + x, Half{} + x};
}

// Lane-wise "take ? a : b" on a comparison's result (all bits set or clear per lane).
[[gnu::always_inline]] inline Lanes select(LaneInts take, Lanes a, Lanes b) {
    const LaneInts x = bits(a), y = bits(b);
    return floats({(x.lo & take.lo) | (y.lo & ~take.lo), (x.hi & take.hi) | (y.hi & ~take.hi)});
}

[[gnu::always_inline]] inline Lanes maxLanes(Lanes a, Lanes b) {
    return select(a > b, a, b);
}

// exp for x <= 0 (scores minus their maximum). Below -87, where exp underflows float's normal
// range, the result is exp(-87) ~ 1.6e-38: nothing next to the maximum's 1.
[[gnu::always_inline]] inline Lanes expNonPositive(Lanes x) {
    x = select(x < splat(-87.0f), splat(-87.0f), x);
    // n = round(x / ln 2) by the 1.5 * 2^23 trick (exact for |n| < 2^22).
    const Lanes magic = splat(12582912.0f);
    const Lanes shifted = x * splat(1.44269504088896341f) + magic;
    const Lanes n = shifted - magic;
    // r = x - n ln 2, with ln 2 split in two so n * high is exact (Cody-Waite).
    const Lanes r = x - n * splat(0.693359375f) - n * splat(-2.12194440e-4f);
    Lanes p = splat(1.9875691500e-4f);
    p = p * r + splat(1.3981999507e-3f);
    p = p * r + splat(8.3334519073e-3f);
    p = p * r + splat(4.1665795894e-2f);
    p = p * r + splat(1.6666665459e-1f);
    p = p * r + splat(5.0000001201e-1f);
    p = p * (r * r) + r + splat(1.0f);
    const LaneInts n16 = bits(shifted), m16 = bits(magic);
    const LaneInts exponent = {(n16.lo - m16.lo + 127) << 23, (n16.hi - m16.hi + 127) << 23};
    return p * floats(exponent);
}

[[gnu::always_inline]] inline float sumLanes(Lanes v) {
    float s = 0.0f;
    for (std::size_t l = 0; l < kLanes; ++l)
        s += lane(v, l);
    return s;
}

} // namespace

VisionHeadKeys gatherVisionKeys(const std::vector<float>& k, const std::vector<float>& v,
                                const std::vector<std::size_t>& valid, std::size_t head,
                                std::size_t hd, std::size_t qd) {
    VisionHeadKeys out;
    out.n = valid.size();
    out.padded = (out.n + kLanes - 1) / kLanes * kLanes;
    out.keysByDim.assign(hd * out.padded, 0.0f);
    out.valuesByDim.assign(hd * out.padded, 0.0f);
    for (std::size_t j = 0; j < out.n; ++j)
        for (std::size_t d = 0; d < hd; ++d) {
            out.keysByDim[d * out.padded + j] = k[valid[j] * qd + head * hd + d];
            out.valuesByDim[d * out.padded + j] = v[valid[j] * qd + head * hd + d];
        }
    return out;
}

FACET_TARGET_CLONES("avx512f", "avx2", "default")
void attendVisionHead(const float* query, const VisionHeadKeys& keys, std::size_t hd, float* scores,
                      float* out) {
    const std::size_t padded = keys.padded;
    for (std::size_t j = 0; j < padded; j += kLanes) {
        Lanes s{};
        for (std::size_t d = 0; d < hd; ++d)
            s += splat(query[d]) * load(&keys.keysByDim[d * padded + j]);
        store(&scores[j], s);
    }
    // The padding keys past n take no part: below every score here, zero weight below.
    std::fill(scores + keys.n, scores + padded, -std::numeric_limits<float>::infinity());
    Lanes maxima = splat(-std::numeric_limits<float>::infinity());
    for (std::size_t j = 0; j < padded; j += kLanes)
        maxima = maxLanes(maxima, load(&scores[j]));
    float maxScore = lane(maxima, 0);
    for (std::size_t l = 1; l < kLanes; ++l)
        maxScore = std::max(maxScore, lane(maxima, l));
    for (std::size_t j = 0; j < padded; j += kLanes)
        store(&scores[j], expNonPositive(load(&scores[j]) - splat(maxScore)));
    std::fill(scores + keys.n, scores + padded, 0.0f);
    Lanes totals{};
    for (std::size_t j = 0; j < padded; j += kLanes)
        totals += load(&scores[j]);
    const float total = sumLanes(totals);
    for (std::size_t d = 0; d < hd; ++d) {
        Lanes acc{};
        const float* row = &keys.valuesByDim[d * padded];
        for (std::size_t j = 0; j < padded; j += kLanes)
            acc += load(&scores[j]) * load(&row[j]);
        out[d] = sumLanes(acc) / total;
    }
}

} // namespace facet::sim
