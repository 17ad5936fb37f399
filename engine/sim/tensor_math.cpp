#include "sim/tensor_math.h"

#include <algorithm>
#include <cmath>
#include <cstring>
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

namespace {

// Four floats in one SSE register (x86-64's baseline): a lane's multiply and add are the same
// IEEE single-precision operations as the scalar ones, so lane-wise code keeps every result.
using Four = float __attribute__((vector_size(4 * sizeof(float))));

[[gnu::always_inline]] inline Four loadFour(const float* p) {
    Four v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// The dot products of `query` with eight keys, each summed over d in order from 0.0f exactly as
// a one-key loop does; the eight chains of dependent additions run side by side instead of one
// after another (one key at a time was the simulator's slowest loop: four cycles a multiply-add).
void scoreEightKeys(const float* query, const float* const* keys, int dim, float* scores) {
    float s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
    const float *k0 = keys[0], *k1 = keys[1], *k2 = keys[2], *k3 = keys[3];
    const float *k4 = keys[4], *k5 = keys[5], *k6 = keys[6], *k7 = keys[7];
    for (int d = 0; d < dim; ++d) {
        const float q = query[d];
        s0 += q * k0[d];
        s1 += q * k1[d];
        s2 += q * k2[d];
        s3 += q * k3[d];
        s4 += q * k4[d];
        s5 += q * k5[d];
        s6 += q * k6[d];
        s7 += q * k7[d];
    }
    const float all[8] = {s0, s1, s2, s3, s4, s5, s6, s7};
    std::copy_n(all, 8, scores);
}

// acc[d] += w[0] * v[0][d], then w[1] * v[1][d], ... for `count` (1 to 4) values: per d the same
// additions in the same order as one value at a time, four d in one register.
void addWeightedValues(float* acc, const float* const* v, const float* w, int count, int dim) {
    int d = 0;
    for (; d + 4 <= dim; d += 4) {
        Four a = loadFour(acc + d);
        for (int i = 0; i < count; ++i)
            a += Four{w[i], w[i], w[i], w[i]} * loadFour(v[i] + d);
        std::memcpy(acc + d, &a, sizeof a);
    }
    for (; d < dim; ++d)
        for (int i = 0; i < count; ++i)
            acc[d] += w[i] * v[i][d];
}

} // namespace

void attendHead(const float* query, std::span<const float* const> keys,
                std::span<const float* const> values, std::span<const float> bias, int dim,
                float* out) {
    std::fill(out, out + dim, 0.0f);
    if (keys.empty())
        return; // no visible key: a zero output (only reachable for masked-out rows)
    const size_t n = keys.size();
    std::vector<float> scores(n);
    size_t k = 0;
    for (; k + 8 <= n; k += 8)
        scoreEightKeys(query, &keys[k], dim, &scores[k]);
    for (; k < n; ++k) {
        float s = 0.0f;
        for (int d = 0; d < dim; ++d)
            s += query[d] * keys[k][d];
        scores[k] = s;
    }
    float maxScore = -std::numeric_limits<float>::infinity();
    for (k = 0; k < n; ++k) {
        if (!bias.empty())
            scores[k] += bias[k];
        maxScore = std::max(maxScore, scores[k]);
    }
    for (auto& s : scores)
        s = std::exp(s - maxScore);
    // Summed in key order as before, in a loop of its own: beside the exp calls the running sum
    // went through memory on every key.
    float total = 0.0f;
    for (const float s : scores)
        total += s;
    for (auto& s : scores)
        s /= total; // each key's weight, as the one-key loop divided it
    for (k = 0; k < n; k += 4)
        addWeightedValues(out, &values[k], &scores[k], static_cast<int>(std::min<size_t>(4, n - k)),
                          dim);
}

} // namespace facet::sim
