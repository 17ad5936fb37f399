#pragma once
// The vision tower's bidirectional attention for one head over the unmasked patches, the
// simulator's hottest loop (10,080 x 10,080 scores per head at max_soft_tokens 1120). Keys and
// values are laid out dimension-major so every loop runs over keys in 16-wide lanes (two halves
// of eight, which AVX2 holds in registers), and exp is a polynomial evaluated in those lanes.
//
// Arithmetic (documented because the PyTorch twin is compared with it within bf16 rounding,
// tools/demo-model/tests): each score sums its products over d ascending; the softmax subtracts the
// maximum; exp(x) = 2^n * p(r) with n = round(x / ln 2) and a degree-6 polynomial p (relative
// error under 2e-7 on the scores' range, below 1 ulp of bf16 by far); the total and each output
// dimension sum key j into lane j % 16, then the lanes in order; the output is divided by the
// total at the end. No fused multiply-add, so every machine computes the same bits.
#include <cstddef>
#include <vector>

namespace facet::sim {

// One head's keys and values of the unmasked patches, both [headDim][padded], zero past n.
struct VisionHeadKeys {
    std::vector<float> keysByDim;
    std::vector<float> valuesByDim;
    std::size_t n = 0;
    std::size_t padded = 0; // n rounded up to the lane width
};

// k, v: [patches][qd] with head h at columns [h * hd, (h + 1) * hd); valid: unmasked patches.
VisionHeadKeys gatherVisionKeys(const std::vector<float>& k, const std::vector<float>& v,
                                const std::vector<std::size_t>& valid, std::size_t head,
                                std::size_t hd, std::size_t qd);

// out[hd] = softmax(query . keys) . values. scores: scratch of keys.padded floats.
void attendVisionHead(const float* query, const VisionHeadKeys& keys, std::size_t hd, float* scores,
                      float* out);

} // namespace facet::sim
