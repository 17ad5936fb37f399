#include "sim/tensor_math.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace facet::sim {

float dot8(const float* a, const float* b, int n) {
    const int lanes = n / 8 * 8;
    float acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < lanes; i += 8)
        for (int l = 0; l < 8; ++l)
            acc[l] += a[i + l] * b[i + l];
    float sum = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
    for (int i = lanes; i < n; ++i)
        sum += a[i] * b[i];
    return sum;
}

void matVec(const float* w, const float* x, float* out, int rows, int cols) {
    for (int r = 0; r < rows; ++r)
        out[r] = dot8(w + static_cast<size_t>(r) * static_cast<size_t>(cols), x, cols);
}

void rmsNorm(const float* x, const float* weight, float* out, int n, float eps) {
    float sumSquares = 0.0f;
    for (int i = 0; i < n; ++i)
        sumSquares += x[i] * x[i];
    const float inv = 1.0f / std::sqrt(sumSquares / static_cast<float>(n) + eps);
    for (int i = 0; i < n; ++i)
        out[i] = x[i] * inv * (weight ? weight[i] : 1.0f);
}

float geluTanh(float x) {
    constexpr float kSqrt2OverPi = 0.7978845608028654f;
    return 0.5f * x * (1.0f + std::tanh(kSqrt2OverPi * (x + 0.044715f * x * x * x)));
}

void applyRope(float* head, int dim, float position, float theta) {
    const int half = dim / 2;
    for (int i = 0; i < half; ++i) {
        const double invFreq = std::pow(static_cast<double>(theta), -2.0 * i / dim);
        const double angle = static_cast<double>(position) * invFreq;
        const auto c = static_cast<float>(std::cos(angle));
        const auto s = static_cast<float>(std::sin(angle));
        const float x1 = head[i];
        const float x2 = head[i + half];
        head[i] = x1 * c - x2 * s;
        head[i + half] = x2 * c + x1 * s;
    }
}

void applyRopeTables(float* head, int dim, const float* cos, const float* sin) {
    const int half = dim / 2;
    for (int i = 0; i < half; ++i) {
        const float x1 = head[i];
        const float x2 = head[i + half];
        head[i] = x1 * cos[i] - x2 * sin[i];
        head[i + half] = x2 * cos[i + half] + x1 * sin[i + half];
    }
}

void attendHead(const float* query, std::span<const float* const> keys,
                std::span<const float* const> values, std::span<const float> bias, int dim,
                float* out) {
    std::fill(out, out + dim, 0.0f);
    if (keys.empty())
        return; // no visible key: a zero output (only reachable for masked-out rows)
    std::vector<float> scores(keys.size());
    float maxScore = -std::numeric_limits<float>::infinity();
    for (size_t k = 0; k < keys.size(); ++k) {
        float s = 0.0f;
        for (int d = 0; d < dim; ++d)
            s += query[d] * keys[k][d];
        if (!bias.empty())
            s += bias[k];
        scores[k] = s;
        maxScore = std::max(maxScore, s);
    }
    float total = 0.0f;
    for (auto& s : scores) {
        s = std::exp(s - maxScore);
        total += s;
    }
    for (size_t k = 0; k < keys.size(); ++k) {
        const float p = scores[k] / total;
        for (int d = 0; d < dim; ++d)
            out[d] += p * values[k][d];
    }
}

} // namespace facet::sim
