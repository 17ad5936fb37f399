// bench_vision_inputs: the host half of one image's vision-tower call (patch projection, 2-D
// position embedding, padding mask, 2-D RoPE tables: generate/vision_inputs) in C++ against
// the same steps in Python with torch the way optimum-rbln runs them, at Gemma 4's vision
// widths (768 for E2B/E4B, 1152 for 26B/31B) and the patch counts of levels 280 and 1120.
//
// usage: bench_vision_inputs_run PYTHON VISION_INPUTS_REFERENCE_PY [--smoke]
// --smoke: both widths at level 70's patch count, one run per side (the bench-smoke ctest).
#include "bench_support.h"
#include "bf16_peak.h"
#include "common/parallel.h"
#include "generate/bf16.h"
#include "generate/patch_projection.h"
#include "generate/vision_inputs.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

using namespace facet::generate;

namespace {

constexpr int kPositions = 10240, kHeadDim = 64;

struct CppTimes {
    double reused = 0,
           fresh = 0; // ms: buffers kept from the last image (as the engine does) or new
};

CppTimes measureCpp(int hidden, int patches, int runs) {
    std::mt19937 rng(0);
    std::normal_distribution<float> normal(0.0f, 0.04f);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::vector<std::uint16_t> weight(std::size_t(hidden) * 768), table(2u * kPositions * hidden);
    for (auto& v : weight)
        v = floatToBf16(normal(rng));
    for (auto& v : table)
        v = floatToBf16(normal(rng) / 2);
    std::vector<float> pixels(std::size_t(patches) * 768);
    for (auto& v : pixels)
        v = unit(rng);
    std::vector<std::int64_t> positions(2u * patches);
    for (int p = 0; p < patches; ++p) {
        const bool padding = p >= patches - patches / 10; // as the Python side pads
        positions[2u * p] = padding ? -1 : p % 64;
        positions[2u * p + 1] = padding ? -1 : p / 64;
    }
    PatchEmbedderWeights w;
    w.inputProj = weight.data();
    w.positionTable = table.data();
    w.hidden = hidden;
    w.positionSize = kPositions;
    CppTimes times;
    times.fresh = facet::bench::medianMs(
        runs, [&] { (void)buildVisionInputs(w, pixels, positions, kHeadDim, 100.0, nullptr); }, 1);
    VisionInputs kept;
    times.reused = facet::bench::medianMs(
        runs, [&] { buildVisionInputs(w, pixels, positions, kHeadDim, 100.0, nullptr, kept); }, 1);
    return times;
}

double measurePython(const facet::bench::Args& args, int hidden, int patches, int runs) {
    const std::string command = "'" + args[0] + "' '" + args[1] + "' " + std::to_string(hidden) +
                                " " + std::to_string(patches) + " " + std::to_string(kHeadDim) +
                                " " + std::to_string(runs);
    return nlohmann::json::parse(facet::bench::commandOutput(command)).at("ms").get<double>();
}

} // namespace

int main(int argc, char** argv) {
    const facet::bench::Args args(argc, argv,
                                  "bench_vision_inputs_run PYTHON VISION_INPUTS_REFERENCE_PY", 2);
    const int runs = args.smoke ? 1 : 5;
    const std::vector<int> levels = args.smoke ? std::vector<int>{70} : std::vector<int>{280, 1120};
    std::printf("Host vision inputs per image (median of %d), C++ (kernel %s) vs Python/torch\n"
                "C++ ms: buffers kept from the previous image, as the engine's encoder does; "
                "new buffers: each call allocates (first-touch page faults)\n\n",
                runs, std::string(kernelName(defaultProjectionKernel())).c_str());
    // The floor: the projection's multiply-adds at vdpbf16ps's peak on every core the
    // projection uses (the position add, RoPE tables and masks are left out: small beside it).
    const double peak = facet::bench::bf16PeakGflopsPerCore();
    const int cores = std::min(facet::hardwareThreads(), 8);
    if (peak > 0)
        std::printf("floor: 2 x patches x width x 768 FLOP at %.0f GFLOP/s per core (vdpbf16ps, "
                    "measured) x %d cores\n\n",
                    peak, cores);
    std::printf("| vision width | level | patches | C++ ms | C++ ms, new buffers | torch ms | "
                "torch / C++ | floor ms | C++ / floor |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|\n");
    try {
        for (const int hidden : {768, 1152}) {
            for (const int level : levels) {
                const int patches = level * 9;
                const CppTimes cpp = measureCpp(hidden, patches, runs);
                const double python = measurePython(args, hidden, patches, runs);
                const double floor =
                    peak > 0 ? 2.0 * patches * hidden * 768 / (peak * 1e9 * cores) * 1e3 : 0;
                std::printf("| %d | %d | %d | %.1f | %.1f | %.1f | %.1fx | %.1f | %.1fx |\n",
                            hidden, level, patches, cpp.reused, cpp.fresh, python,
                            python / cpp.reused, floor, floor > 0 ? cpp.reused / floor : 0.0);
                std::fflush(stdout);
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_vision_inputs: %s\n", e.what());
        return 2;
    }
    return 0;
}
