#pragma once
// The few row-wise kernels the tiny model needs. The graphs and the monolithic reference call
// the same functions in the same order, so their results agree bit for bit whenever the host
// feeds the graphs correctly.
#include <cstddef>
#include <cstdint>
#include <span>

namespace facet::sim {

// sum_i a[i] * b[i] in eight partial sums (a[i] goes to sum i % 8, the sums are added as
// ((0+1)+(2+3))+((4+5)+(6+7)), the tail past the last multiple of 8 last): a fixed order the
// compiler vectorises, unlike one serial chain.
[[nodiscard]] float dot8(const float* a, const float* b, int n);
// out[r] = dot8(row r of w, x, cols)  (w row-major [rows, cols]).
void matVec(const float* w, const float* x, float* out, int rows, int cols);
// RMSNorm over n values: x / sqrt(mean(x²) + eps), times `weight` when given (Gemma 4's
// q/k norms and layer norms have a scale; v_norm and the projector's norm do not).
void rmsNorm(const float* x, const float* weight, float* out, int n, float eps);
// GELU with the tanh approximation (gelu_pytorch_tanh).
[[nodiscard]] float geluTanh(float x);
// NeoX rotate-half RoPE of one head of `dim` channels at `position` with base `theta`.
void applyRope(float* head, int dim, float position, float theta);
// Rotate-half over `dim` channels with explicit cos/sin tables of `dim` entries.
void applyRopeTables(float* head, int dim, const float* cos, const float* sin);

// One query head against a list of visible keys (ascending position order). keys[i] and
// values[i] point at that key's head vector of `dim` values; `bias` (may be empty) is added
// to each score. Scaling is 1.0 (Gemma 4 normalises q and k instead). Writes `dim` outputs.
void attendHead(const float* query, std::span<const float* const> keys,
                std::span<const float* const> values, std::span<const float> bias, int dim,
                float* out);

} // namespace facet::sim
