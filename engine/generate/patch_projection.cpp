#include "generate/patch_projection.h"

#include "common/parallel.h"
#include "generate/bf16.h"

#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <thread>

namespace facet::generate {
namespace {

// ---- float32 kernels (Scalar, Avx2, Avx512) -------------------------------------------------
// Patches go through in blocks of kPatches, each block transposed ([input][patch]) and
// multiplied by kOutputs weight rows at a time, so the accumulators stay in registers and the
// loop over patches vectorises. Each output sums its products in ascending input order from 0.
constexpr std::size_t kPatches = 16, kOutputs = 4;

struct F32Block {
    const float* weights; // float [hidden, patchDim]
    std::size_t hidden, patchDim;
    const float* block; // [patchDim][kPatches]
    std::size_t n;
    float* tile; // [kPatches][hidden]
};

// One body for the three instruction sets: always inlined into each target function below, so
// the compiler vectorises it for that target.
__attribute__((always_inline)) inline void projectBlockF32(const F32Block& b) {
    std::size_t o = 0;
    for (; o + kOutputs <= b.hidden; o += kOutputs) {
        float acc[kOutputs][kPatches] = {};
        for (std::size_t i = 0; i < b.patchDim; ++i) {
            const float* column = &b.block[i * kPatches];
            for (std::size_t k = 0; k < kOutputs; ++k) {
                const float weight = b.weights[(o + k) * b.patchDim + i];
                for (std::size_t p = 0; p < kPatches; ++p)
                    acc[k][p] += weight * column[p];
            }
        }
        for (std::size_t k = 0; k < kOutputs; ++k)
            for (std::size_t p = 0; p < b.n; ++p)
                b.tile[p * b.hidden + o + k] = roundToBf16(acc[k][p]);
    }
    for (; o < b.hidden; ++o) { // a hidden size that is not a multiple of kOutputs
        float acc[kPatches] = {};
        for (std::size_t i = 0; i < b.patchDim; ++i)
            for (std::size_t p = 0; p < kPatches; ++p)
                acc[p] += b.weights[o * b.patchDim + i] * b.block[i * kPatches + p];
        for (std::size_t p = 0; p < b.n; ++p)
            b.tile[p * b.hidden + o] = roundToBf16(acc[p]);
    }
}

__attribute__((target("avx512f"))) void projectBlockAvx512(const F32Block& b) {
    projectBlockF32(b);
}
__attribute__((target("avx2"))) void projectBlockAvx2(const F32Block& b) {
    projectBlockF32(b);
}
void projectBlockScalar(const F32Block& b) {
    projectBlockF32(b);
}

// ---- bf16 kernel (Avx512Bf16) ---------------------------------------------------------------
// vdpbf16ps multiplies pairs of bf16 values exactly and adds both products to a float32 lane.
// Weights are packed per panel of kPanel outputs as [input pair][output] 32-bit pairs, so one
// 64-byte load feeds 16 outputs; each patch's pair is broadcast. A micro-kernel keeps kRows
// patches × kPanel outputs (24 zmm accumulators) in registers over all input pairs.
constexpr std::size_t kPanel = 64, kRows = 6, kVectors = kPanel / 16;
constexpr std::size_t kChunk = 8 * kRows; // patches per work item

std::vector<std::uint32_t> packWeightPairs(const PatchEmbedderWeights& w) {
    const auto hidden = static_cast<std::size_t>(w.hidden);
    const auto pairs = static_cast<std::size_t>(w.patchDim) / 2;
    const std::size_t panels = (hidden + kPanel - 1) / kPanel;
    std::vector<std::uint32_t> packed(panels * pairs * kPanel, 0);
    for (std::size_t o = 0; o < hidden; ++o) {
        const std::uint16_t* row = w.inputProj + o * static_cast<std::size_t>(w.patchDim);
        const std::size_t panel = o / kPanel, lane = o % kPanel;
        for (std::size_t k = 0; k < pairs; ++k) {
            packed[(panel * pairs + k) * kPanel + lane] =
                static_cast<std::uint32_t>(row[2 * k]) |
                (static_cast<std::uint32_t>(row[2 * k + 1]) << 16);
        }
    }
    return packed;
}

// out[r][j] = Σ_k dot(x[r][k], panel[k][j]) for kRows patches (rows of `pairs` bf16 pairs).
__attribute__((target("avx512f,avx512bf16"))) void
microKernelBf16(const std::uint32_t* panel, const std::uint32_t* x, std::size_t pairs, float* out) {
    __m512 acc[kRows][kVectors];
#pragma GCC unroll 6
    for (std::size_t r = 0; r < kRows; ++r)
#pragma GCC unroll 4
        for (std::size_t v = 0; v < kVectors; ++v)
            acc[r][v] = _mm512_setzero_ps();
    for (std::size_t k = 0; k < pairs; ++k) {
        __m512bh w[kVectors];
#pragma GCC unroll 4
        for (std::size_t v = 0; v < kVectors; ++v)
            w[v] = reinterpret_cast<__m512bh>(_mm512_loadu_si512(panel + k * kPanel + v * 16));
#pragma GCC unroll 6
        for (std::size_t r = 0; r < kRows; ++r) {
            const auto pair =
                reinterpret_cast<__m512bh>(_mm512_set1_epi32(static_cast<int>(x[r * pairs + k])));
#pragma GCC unroll 4
            for (std::size_t v = 0; v < kVectors; ++v)
                acc[r][v] = _mm512_dpbf16_ps(acc[r][v], w[v], pair);
        }
    }
#pragma GCC unroll 6
    for (std::size_t r = 0; r < kRows; ++r)
#pragma GCC unroll 4
        for (std::size_t v = 0; v < kVectors; ++v)
            _mm512_storeu_ps(out + r * kPanel + v * 16, acc[r][v]);
}

inline std::uint32_t normalisedPair(float lo, float hi) {
    return static_cast<std::uint32_t>(floatToBf16(2.0f * (lo - 0.5f))) |
           (static_cast<std::uint32_t>(floatToBf16(2.0f * (hi - 0.5f))) << 16);
}

// The normalised pixels of patches [first, first + n) as rows of bf16 pairs, zero rows up to a
// multiple of kRows.
__attribute__((target("avx512f"))) void normalisedPairs(std::span<const float> pixels,
                                                        std::size_t patchDim, std::size_t first,
                                                        std::size_t n,
                                                        std::vector<std::uint32_t>& rows) {
    const std::size_t pairs = patchDim / 2;
    std::fill(rows.begin(), rows.end(), 0u);
    for (std::size_t p = 0; p < n; ++p) {
        const float* row = &pixels[(first + p) * patchDim];
        std::uint32_t* out = &rows[p * pairs];
        // blocks of 16 pairs, which the compiler turns into vector code at -O2
        std::size_t k = 0;
        for (; k + 16 <= pairs; k += 16)
            for (std::size_t j = k; j < k + 16; ++j)
                out[j] = normalisedPair(row[2 * j], row[2 * j + 1]);
        for (; k < pairs; ++k)
            out[k] = normalisedPair(row[2 * k], row[2 * k + 1]);
    }
}

bool cpuHas(const char* feature) {
    __builtin_cpu_init();
    if (std::string_view(feature) == "avx512bf16")
        return __builtin_cpu_supports("avx512bf16") && __builtin_cpu_supports("avx512f");
    if (std::string_view(feature) == "avx512f")
        return __builtin_cpu_supports("avx512f");
    return __builtin_cpu_supports("avx2");
}

// Runs `chunk(index)` for every chunk of patches on up to 8 threads; threads pay off only for
// real images, so a tiny model's few patches stay on this thread.
template <typename Chunk>
void forEachChunk(std::size_t chunks, std::size_t macs, const std::atomic<bool>* stop,
                  Chunk&& chunk) {
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancelled{false};
    const int threads =
        macs < (std::size_t{1} << 24) ? 1 : std::clamp(facet::hardwareThreads(), 1, 8);
    // The engine's worker pool: each task claims chunks until none is left; an exception in one
    // is rethrown here once every task has ended.
    facet::runOnPool(threads, [&](int) {
        for (std::size_t index; (index = next.fetch_add(1)) < chunks;) {
            if (stop && stop->load(std::memory_order_relaxed)) {
                cancelled = true;
                return;
            }
            chunk(index);
        }
    });
    if (cancelled)
        throw VisionInputsCancelled{};
}

void projectBf16(const PatchEmbedderWeights& w, std::span<const float> pixels, std::size_t count,
                 const ProjectionSink& sink, const std::atomic<bool>* stop) {
    const auto hidden = static_cast<std::size_t>(w.hidden);
    const auto patchDim = static_cast<std::size_t>(w.patchDim);
    const std::size_t pairs = patchDim / 2;
    const std::size_t panels = (hidden + kPanel - 1) / kPanel;
    const std::vector<std::uint32_t> packed = packWeightPairs(w);
    forEachChunk((count + kChunk - 1) / kChunk, count * hidden * patchDim, stop,
                 [&](std::size_t index) {
                     thread_local std::vector<std::uint32_t> rows;
                     thread_local std::array<float, kRows * kPanel> out;
                     thread_local std::vector<float> tile; // [kChunk][hidden]
                     rows.resize(kChunk * pairs);
                     tile.resize(kChunk * hidden);
                     const std::size_t first = index * kChunk;
                     const std::size_t n = std::min(kChunk, count - first);
                     normalisedPairs(pixels, patchDim, first, n, rows);
                     for (std::size_t q = 0; q < panels; ++q) {
                         const std::size_t width = std::min(kPanel, hidden - q * kPanel);
                         for (std::size_t r0 = 0; r0 < n; r0 += kRows) {
                             microKernelBf16(&packed[q * pairs * kPanel], &rows[r0 * pairs], pairs,
                                             out.data());
                             for (std::size_t r = 0; r < std::min(kRows, n - r0); ++r) {
                                 float* target = &tile[(r0 + r) * hidden + q * kPanel];
                                 const float* values = &out[r * kPanel];
                                 if (width == kPanel) { // a known count: vector code
                                     for (std::size_t j = 0; j < kPanel; ++j)
                                         target[j] = roundToBf16(values[j]);
                                 } else {
                                     for (std::size_t j = 0; j < width; ++j)
                                         target[j] = roundToBf16(values[j]);
                                 }
                             }
                         }
                     }
                     for (std::size_t r = 0; r < n; ++r)
                         sink(first + r, {&tile[r * hidden], hidden});
                 });
}

void projectF32(const PatchEmbedderWeights& w, std::span<const float> pixels, std::size_t count,
                const ProjectionSink& sink, const std::atomic<bool>* stop,
                void (*block)(const F32Block&)) {
    const auto hidden = static_cast<std::size_t>(w.hidden);
    const auto patchDim = static_cast<std::size_t>(w.patchDim);
    std::vector<float> weights(hidden * patchDim);
    for (std::size_t i = 0; i < weights.size(); ++i)
        weights[i] = bf16ToFloat(w.inputProj[i]);
    forEachChunk((count + kPatches - 1) / kPatches, count * hidden * patchDim, stop,
                 [&](std::size_t index) {
                     thread_local std::vector<float> transposed, tile;
                     transposed.assign(patchDim * kPatches, 0.0f);
                     tile.resize(kPatches * hidden);
                     const std::size_t first = index * kPatches;
                     const std::size_t n = std::min(kPatches, count - first);
                     for (std::size_t p = 0; p < n; ++p) {
                         const float* row = &pixels[(first + p) * patchDim];
                         for (std::size_t i = 0; i < patchDim; ++i)
                             transposed[i * kPatches + p] = roundToBf16(2.0f * (row[i] - 0.5f));
                     }
                     block({weights.data(), hidden, patchDim, transposed.data(), n, tile.data()});
                     for (std::size_t p = 0; p < n; ++p)
                         sink(first + p, {&tile[p * hidden], hidden});
                 });
}

} // namespace

std::string_view kernelName(ProjectionKernel kernel) {
    switch (kernel) {
    case ProjectionKernel::Scalar:
        return "scalar";
    case ProjectionKernel::Avx2:
        return "avx2";
    case ProjectionKernel::Avx512:
        return "avx512";
    case ProjectionKernel::Avx512Bf16:
        return "avx512bf16";
    }
    return "scalar";
}

std::optional<ProjectionKernel> kernelFromName(std::string_view name) {
    for (const auto kernel : {ProjectionKernel::Scalar, ProjectionKernel::Avx2,
                              ProjectionKernel::Avx512, ProjectionKernel::Avx512Bf16}) {
        if (kernelName(kernel) == name)
            return kernel;
    }
    return std::nullopt;
}

std::vector<ProjectionKernel> supportedProjectionKernels() {
    std::vector<ProjectionKernel> kernels;
    if (cpuHas("avx512bf16"))
        kernels.push_back(ProjectionKernel::Avx512Bf16);
    if (cpuHas("avx512f"))
        kernels.push_back(ProjectionKernel::Avx512);
    if (cpuHas("avx2"))
        kernels.push_back(ProjectionKernel::Avx2);
    kernels.push_back(ProjectionKernel::Scalar);
    return kernels;
}

ProjectionKernel defaultProjectionKernel() {
    static const ProjectionKernel chosen = [] {
        const auto supported = supportedProjectionKernels();
        if (const char* wanted = std::getenv("FACET_VISION_KERNEL")) {
            const auto kernel = kernelFromName(wanted);
            if (kernel && std::find(supported.begin(), supported.end(), *kernel) != supported.end())
                return *kernel;
        }
        return supported.front();
    }();
    return chosen;
}

void projectPatches(const PatchEmbedderWeights& w, std::span<const float> pixelValues,
                    std::size_t count, const ProjectionSink& sink, const std::atomic<bool>* stop,
                    ProjectionKernel kernel) {
    const auto supported = supportedProjectionKernels();
    if (std::find(supported.begin(), supported.end(), kernel) == supported.end())
        kernel = defaultProjectionKernel(); // never an instruction this CPU lacks
    switch (kernel) {
    case ProjectionKernel::Avx512Bf16:
        if (w.patchDim % 2 == 0) { // pairs of inputs; Gemma 4's 16×16×3 = 768 always is
            projectBf16(w, pixelValues, count, sink, stop);
            return;
        }
        projectF32(w, pixelValues, count, sink, stop, projectBlockAvx512);
        return;
    case ProjectionKernel::Avx512:
        projectF32(w, pixelValues, count, sink, stop, projectBlockAvx512);
        return;
    case ProjectionKernel::Avx2:
        projectF32(w, pixelValues, count, sink, stop, projectBlockAvx2);
        return;
    case ProjectionKernel::Scalar:
        projectF32(w, pixelValues, count, sink, stop, projectBlockScalar);
        return;
    }
}

} // namespace facet::generate
