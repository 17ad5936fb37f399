#pragma once
// Counter-based pseudo-random weights: element i of a tensor is a pure function of (seed, i),
// so a large tensor (the 262,144-row output projection) can be regenerated on load instead of
// being stored, and the writer produces bit-identical values for the host's embedding table.
#include <cstdint>
#include <vector>

namespace facet::sim {

// SplitMix64 finaliser (Steele, Lea, Flood 2014) of seed + (i+1)·golden ratio.
[[nodiscard]] inline uint64_t mixAt(uint64_t seed, uint64_t index) {
    uint64_t z = seed + (index + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Uniform in [-1, 1) with 24 bits of resolution.
[[nodiscard]] inline float uniformAt(uint64_t seed, uint64_t index) {
    const auto bits = static_cast<uint32_t>(mixAt(seed, index) >> 40); // 24 bits
    return static_cast<float>(bits) * (2.0f / 16777216.0f) - 1.0f;
}

// `count` bf16 values uniform in [-scale, scale) (rounded to nearest even).
[[nodiscard]] std::vector<uint16_t> generateBf16(uint64_t seed, float scale, uint64_t count);

} // namespace facet::sim
