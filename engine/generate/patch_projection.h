#pragma once
// The patch projection of the vision tower's patch embedder (rbln-host-algorithms §1.4): for
// every patch p and output channel o, bf16(Σ_i W[o][i] · bf16(2·(pixels[p][i] − 0.5))). It is
// the largest piece of host work per image (1.5–9 GMAC at levels 280–1120 for vision widths
// 768–1152), so it has one kernel per instruction set, chosen at run time.
//
// Each kernel is deterministic on its machine (fixed summation order per output, whatever the
// thread count) and every output lies within one bf16 step of the float64 sum; kernels differ
// from each other, and from torch's oneDNN, in a rare last bit (tests/generate/
// test_patch_projection.cpp measures how often).
#include "generate/projection_kernel.h"
#include "generate/vision_inputs.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <span>

namespace facet::generate {

// Receives patch `patch`'s projected row: values[o] is output channel o, rounded to bf16 (held
// as a float). Called once per patch, from several threads at once, in no fixed order.
using ProjectionSink = std::function<void(std::size_t patch, std::span<const float> values)>;

// Projects `count` patches of pixelValues (float32 [count, patchDim] in [0, 1]) with `kernel`
// (one the CPU lacks is replaced by defaultProjectionKernel()). `stop` is checked per block of
// patches: throws VisionInputsCancelled once it is set. No [count, hidden] buffer is made: at
// level 1120 that is 46 MB, and its first-touch page faults cost more than the arithmetic.
void projectPatches(const PatchEmbedderWeights& weights, std::span<const float> pixelValues,
                    std::size_t count, const ProjectionSink& sink, const std::atomic<bool>* stop,
                    ProjectionKernel kernel);

} // namespace facet::generate
