#pragma once
// The instruction sets the patch projection (generate/patch_projection.h) has a kernel for, and
// which one runs.
#include <optional>
#include <string_view>
#include <vector>

namespace facet::generate {

enum class ProjectionKernel {
    Scalar,     // the compiler's baseline x86-64 (SSE2) code
    Avx2,       // 8 floats per instruction
    Avx512,     // 16 floats per instruction
    Avx512Bf16, // vdpbf16ps: bf16 pairs multiplied exactly, summed in float32
};

[[nodiscard]] std::string_view kernelName(ProjectionKernel kernel);
[[nodiscard]] std::optional<ProjectionKernel> kernelFromName(std::string_view name);

// The kernels this CPU can run, fastest first (always ends with Scalar).
[[nodiscard]] std::vector<ProjectionKernel> supportedProjectionKernels();

// The fastest supported kernel, unless FACET_VISION_KERNEL names another supported one (for
// tests and benchmarks comparing kernels on one machine).
[[nodiscard]] ProjectionKernel defaultProjectionKernel();

} // namespace facet::generate
