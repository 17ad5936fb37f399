// Gemma4ImageProcessorPil._preprocess for one image: resize, rescale, patchify, positions, pad.
#include "image/preprocess.h"

#include "common/error.h"
#include "common/parallel.h"
#include "image/preprocess_levels.h"
#include "image/resample.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <numeric>
#include <string>
#include <utility>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define FACET_PATCHIFY_AVX512 1
// GCC 12's avx512fintrin.h trips -Wmaybe-uninitialized (and at -O1, the asan preset,
// -Wuninitialized) on its own _mm512_undefined_* helpers (GCC bug 105593), a false positive in
// the compiler's header.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
#endif

namespace facet::image {
namespace {

// transformers' rescale: image.astype(float64) * (1/255), then astype(float32).
const std::array<float, 256>& rescaleTable() {
    static const std::array<float, 256> table = [] {
        std::array<float, 256> t{};
        const double factor = 1.0 / 255.0;
        for (int u = 0; u < 256; ++u)
            t[static_cast<size_t>(u)] = static_cast<float>(static_cast<double>(u) * factor);
        return t;
    }();
    return table;
}

// One patch row (16 pixels, 48 bytes) rescaled. The vector form computes what the table holds,
// float(double(u) * (1/255)), 16 values at a time (the same double product, the same rounding
// to float), instead of 48 table loads: patchify was a tenth of the five levels' time (perf,
// issue #59).
#ifdef FACET_PATCHIFY_AVX512
__attribute__((target("avx512f"))) void rescaleRowAvx512(const std::uint8_t* src, float* dst) {
    const __m512d factor = _mm512_set1_pd(1.0 / 255.0);
    for (int i = 0; i < kPatchSize * 3; i += 16) {
        const __m512i u =
            _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i)));
        const __m512d low = _mm512_mul_pd(_mm512_cvtepi32_pd(_mm512_castsi512_si256(u)), factor);
        const __m512d high =
            _mm512_mul_pd(_mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(u, 1)), factor);
        _mm256_storeu_ps(dst + i, _mm512_cvtpd_ps(low));
        _mm256_storeu_ps(dst + i + 8, _mm512_cvtpd_ps(high));
    }
}

// FACET_IMAGE_NO_SIMD=1 keeps the table, as for the resample kernels (the scalar test run).
bool rescaleWithAvx512() {
    static const bool yes =
        __builtin_cpu_supports("avx512f") && !std::getenv("FACET_IMAGE_NO_SIMD");
    return yes;
}
#endif

void rescaleRow(const std::uint8_t* src, float* dst) {
#ifdef FACET_PATCHIFY_AVX512
    if (rescaleWithAvx512()) {
        rescaleRowAvx512(src, dst);
        return;
    }
#endif
    const auto& table = rescaleTable();
    for (int i = 0; i < kPatchSize * 3; ++i)
        dst[i] = table[src[i]];
}

// Patch p = py * pw + px holds rows dy, columns dx, channels c: index (dy * 16 + dx) * 3 + c,
// which is the resized image's own HWC order within the 16 x 16 block. Values are appended in
// patch order (one pass over the output, no zero-fill first), then the padding rows are added.
void patchify(const RgbImage& resized, PreprocessedImage& out) {
    const int pw = resized.width / kPatchSize;
    const int ph = resized.height / kPatchSize;
    const size_t rowBytes = static_cast<size_t>(resized.width) * 3;
    const size_t total = static_cast<size_t>(out.maxPatches);
    out.pixelValues.reserve(total * kPatchValues);
    out.positions.reserve(total * 2);
    std::array<float, kPatchValues> patch{};
    for (int py = 0; py < ph; ++py) {
        for (int px = 0; px < pw; ++px) {
            for (int dy = 0; dy < kPatchSize; ++dy)
                rescaleRow(
                    &resized.rgb[(static_cast<size_t>(py) * kPatchSize + static_cast<size_t>(dy)) *
                                     rowBytes +
                                 static_cast<size_t>(px) * kPatchSize * 3],
                    patch.data() + dy * kPatchSize * 3);
            out.pixelValues.insert(out.pixelValues.end(), patch.begin(), patch.end());
            out.positions.push_back(px);
            out.positions.push_back(py);
        }
    }
    out.pixelValues.resize(total * kPatchValues, 0.0f);
    out.positions.resize(total * 2, -1);
}

void checkLevel(int level) {
    if (!isDetailLevel(level))
        throw Error("unsupported detail level " + std::to_string(level) +
                    " (expected 70, 140, 280, 560 or 1120)");
}

} // namespace

namespace detail {

std::vector<PreprocessedImage> planLevels(int width, int height, std::span<const int> levels,
                                          std::vector<TargetSize>& sizes) {
    std::vector<PreprocessedImage> out(levels.size());
    sizes.clear();
    for (size_t i = 0; i < levels.size(); ++i) {
        checkLevel(levels[i]);
        out[i].level = levels[i];
        out[i].maxPatches = levels[i] * kPoolingKernelSize * kPoolingKernelSize;
        sizes.push_back(aspectRatioPreservingSize(height, width, kPatchSize, out[i].maxPatches,
                                                  kPoolingKernelSize));
    }
    return out;
}

void patchifyLevels(std::vector<PreprocessedImage>& out, std::vector<RgbImage> resized,
                    int threads) {
    // Levels are independent from here on. Each thread takes the largest level left (each level
    // is about twice the one below, so 1120 alone balances the other four on two cores).
    std::vector<size_t> order(out.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return out[a].maxPatches > out[b].maxPatches; });
    std::atomic<size_t> next{0};
    facet::parallelFor(threads, threads, [&](int, int) {
        for (size_t k = next++; k < order.size(); k = next++) {
            PreprocessedImage& p = out[order[k]];
            p.resized = std::move(resized[order[k]]);
            p.patches = (p.resized.height / kPatchSize) * (p.resized.width / kPatchSize);
            p.softTokens = p.patches / (kPoolingKernelSize * kPoolingKernelSize);
            patchify(p.resized, p);
        }
    });
}

} // namespace detail

PreprocessedImage preprocess(const RgbImage& decoded, int level) {
    return std::move(preprocessLevels(decoded, {&level, 1}).front());
}

std::vector<PreprocessedImage> preprocessLevels(const RgbImage& decoded,
                                                std::span<const int> levels) {
    // Every size rule first, so that an error costs no pixel work.
    std::vector<TargetSize> sizes;
    std::vector<PreprocessedImage> out =
        detail::planLevels(decoded.width, decoded.height, levels, sizes);
    const int threads = facet::hardwareThreads();
    detail::patchifyLevels(out, detail::resizeBicubicMany(decoded, sizes, threads), threads);
    return out;
}

} // namespace facet::image
