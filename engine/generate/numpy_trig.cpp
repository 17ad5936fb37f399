#include "generate/numpy_trig.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace facet::generate {
namespace {

// Constants of NumPy's float32 sin/cos kernel (values are facts of the algorithm: 2/pi,
// pi/2 split in three for Cody-Waite, and the minimax coefficients on [-pi/4, pi/4]).
constexpr float kTwoOverPi = 0x1.45f306p-1f;
constexpr float kPiOver2High = -0x1.921fb0p+00f;
constexpr float kPiOver2Mid = -0x1.5110b4p-22f;
constexpr float kPiOver2Low = -0x1.846988p-48f;
constexpr float kRintMagic = 0x1.800000p+23f; // adding and subtracting rounds to nearest even
constexpr float kCosRange = 71476.0625f;
constexpr float kSinRange = 117435.992f;

float cosPolynomial(float x2) {
    float r = std::fma(0x1.98e616p-16f, x2, -0x1.6c06dcp-10f);
    r = std::fma(r, x2, 0x1.55553cp-05f);
    r = std::fma(r, x2, -0x1.000000p-01f);
    return std::fma(r, x2, 0x1.000000p+00f);
}

float sinPolynomial(float x, float x2) {
    float r = std::fma(0x1.7d3bbcp-19f, x2, -0x1.a06bbap-13f);
    r = std::fma(r, x2, 0x1.11119ap-07f);
    r = std::fma(r, x2, -0x1.555556p-03f);
    r = std::fma(r, x2, 0.0f);
    return std::fma(r, x, x);
}

// One lane of the vectorised kernel. `cosine` picks the quadrant offset of cos.
float numpySinCos(float x, bool cosine) {
    if (std::isnan(x))
        return std::numeric_limits<float>::quiet_NaN();
    if (std::fabs(x) > (cosine ? kCosRange : kSinRange))
        return cosine ? std::cos(x) : std::sin(x); // NumPy's libc fallback (npy_cosf/npy_sinf)
    // Round x·2/pi to an integer with the magic-number trick. NumPy 1.24.2 fuses the multiply
    // with the magic add (one rounding); a later revision of the file reads as a separate
    // multiply, which disagrees with Debian's NumPy on ~0.02% of arguments near a quadrant
    // boundary (measured against /usr/bin/python3's numpy over 381,458 arguments: fused, 0).
    float quadrant = std::fma(x, kTwoOverPi, kRintMagic);
    quadrant = quadrant - kRintMagic;
    float reduced = std::fma(quadrant, kPiOver2High, x);
    reduced = std::fma(quadrant, kPiOver2Mid, reduced);
    reduced = std::fma(quadrant, kPiOver2Low, reduced);
    const float reduced2 = reduced * reduced;
    const float c = cosPolynomial(reduced2);
    const float s = sinPolynomial(reduced, reduced2);
    std::int32_t q = static_cast<std::int32_t>(quadrant); // already integral
    if (cosine)
        q += 1;
    float value = (q & 1) == 0 ? s : c;
    if ((q & 2) == 2)
        value = 0.0f - value;
    return value;
}

} // namespace

float numpyCosF32(float x) {
    return numpySinCos(x, true);
}

float numpySinF32(float x) {
    return numpySinCos(x, false);
}

} // namespace facet::generate
