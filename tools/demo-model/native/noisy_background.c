/* The demo model's noisy backgrounds (facet_demo_model/make_data.py _background), computed
 * as numpy computes them, bit for bit, in one pass:
 *
 *   noisy = np.random.default_rng(seed).normal(0, sigma, (h, w, 3))
 *   noisy += bg; noisy += 0.5; np.clip(noisy, 0, 255, out=noisy); noisy.astype(np.uint8)
 *
 * numpy's own draws cost ~23 ns a value on this project's slower machines, one value at a
 * time, plus four passes over an image of doubles: over half of a reading-stage data worker's
 * time. This computes the same bytes at ~4-5 ns a value (tools/demo-model/bench/RESULTS.md):
 * numpy's PCG64 (128-bit LCG, XSL-RR output) from the state numpy's SeedSequence gave it (the
 * caller reads it from numpy), numpy's ziggurat (random_standard_normal in
 * numpy/random/src/distributions/distributions.c) with numpy's own tables
 * (ziggurat_tables.h), then numpy's arithmetic in numpy's order. Built without contracting
 * a*b+c into one fused rounding (CMakeLists.txt), as Debian builds numpy.
 * tools/demo-model/tests/test_data_workers.py checks it against numpy. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "ziggurat_tables.h"

__extension__ typedef unsigned __int128 u128; /* gcc and clang on 64-bit targets */

/* numpy's ziggurat_nor_r and its inverse (ziggurat_constants.h) */
static const double kTailStart = 3.6541528853610087963519472518;
static const double kTailStartInverse = 0.27366123732975827203338247596;

typedef struct {
    u128 state;
    u128 inc;
} Pcg64;

static uint64_t next_uint64(Pcg64* g) {
    const u128 multiplier = ((u128)0x2360ED051FC65DA4ULL << 64) | 0x4385DF649FCCF645ULL;
    g->state = g->state * multiplier + g->inc; /* step first, then output the new state */
    const uint64_t folded = (uint64_t)(g->state >> 64) ^ (uint64_t)g->state;
    const unsigned rotation = (unsigned)(g->state >> 122);
    return (folded >> rotation) | (folded << ((64 - rotation) & 63));
}

static double next_double(Pcg64* g) {
    return (double)(next_uint64(g) >> 11) * (1.0 / 9007199254740992.0);
}

/* np.clip(v, 0, 255) as its byte: without a branch where SSE2 has it (on a white background
 * half the values clip, at random). maxsd/minsd differ from the comparisons only at -0.0,
 * which truncates to the same byte. */
static inline double clip_to_byte_range(double v) {
#if defined(__SSE2__)
    return _mm_cvtsd_f64(_mm_min_sd(_mm_max_sd(_mm_set_sd(v), _mm_set_sd(0.0)), _mm_set_sd(255.0)));
#else
    return v < 0.0 ? 0.0 : (v > 255.0 ? 255.0 : v);
#endif
}

static inline double flip_sign(double x, uint64_t flip) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    bits ^= flip << 63;
    memcpy(&x, &bits, sizeof x);
    return x;
}

static inline double standard_normal(Pcg64* g) {
    for (;;) {
        uint64_t r = next_uint64(g);
        const int idx = (int)(r & 0xff);
        r >>= 8;
        const uint64_t negative = r & 1;
        const uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL;
        /* the sign by its bit, not a branch: half the draws are negative, at random */
        const double x = flip_sign((double)rabs * wi_double[idx], negative);
        if (rabs < ki_double[idx])
            return x;   /* ~99 % of the draws */
        if (idx == 0) { /* the tail beyond kTailStart */
            for (;;) {
                const double xx = -kTailStartInverse * log1p(-next_double(g));
                const double yy = -log1p(-next_double(g));
                if (yy + yy > xx * xx)
                    return ((rabs >> 8) & 1) ? -(kTailStart + xx) : kTailStart + xx;
            }
        }
        if ((fi_double[idx - 1] - fi_double[idx]) * next_double(g) + fi_double[idx] <
            exp(-0.5 * x * x))
            return x;
    }
}

/* out: h * w * 3 bytes, rows of RGB pixels. The PCG64 state and increment come as 64-bit
 * halves (numpy's bit_generator.state["state"]). */
void facet_noisy_background(uint64_t state_high, uint64_t state_low, uint64_t inc_high,
                            uint64_t inc_low, double sigma, const double background[3],
                            size_t height, size_t width, uint8_t* out) {
    Pcg64 g = {((u128)state_high << 64) | state_low, ((u128)inc_high << 64) | inc_low};
    const size_t pixels = height * width;
    for (size_t p = 0; p < pixels; ++p) {
        for (int c = 0; c < 3; ++c) {
            double v = 0.0 + sigma * standard_normal(&g); /* numpy's normal: loc + scale * z */
            v += background[c];
            v += 0.5;
            v = clip_to_byte_range(v);
            out[3 * p + c] = (uint8_t)v;
        }
    }
}

/* out: count standard normal draws, numpy's standard_normal(count) (the test's exact check). */
void facet_standard_normals(uint64_t state_high, uint64_t state_low, uint64_t inc_high,
                            uint64_t inc_low, size_t count, double* out) {
    Pcg64 g = {((u128)state_high << 64) | state_low, ((u128)inc_high << 64) | inc_low};
    for (size_t i = 0; i < count; ++i)
        out[i] = standard_normal(&g);
}
