#pragma once
// Token selection as transformers' `_sample` does it with Gemma 4's generation config
// (rbln-host-algorithms §6): TemperatureLogitsWarper (only when T != 1), TopKLogitsWarper
// (ties at the k-th value kept), TopPLogitsWarper (ascending sort, float32 softmax, double
// cumulative sum, keep at least one token), softmax, multinomial. Greedy is the first argmax.
// Works on the bf16 logits the graphs return, without sorting the whole vocabulary: top-k is a
// partial selection over monotone integer keys, and only the survivors are sorted.
#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace facet::generate {

struct SamplerSettings {
    bool doSample = true;
    float temperature = 1.0f;
    int topK = 64;      // 0 disables the warper, as in transformers
    float topP = 0.95f; // 1.0 disables the warper
};

struct Candidate {
    std::int32_t id = 0;
    float logit = 0;       // after temperature
    float probability = 0; // final distribution the token is drawn from
};

// Throws facet::Error for settings transformers would refuse (T <= 0, top_p outside (0, 1]).
void validate(const SamplerSettings& settings);

// Index of the first maximum (torch.argmax).
[[nodiscard]] std::int32_t argmaxBf16(std::span<const std::uint16_t> logits);

// The tokens the warpers leave, most probable first, with their final probabilities.
// Requires doSample. With topK == 0 this sorts the whole vocabulary (slow path).
[[nodiscard]] std::vector<Candidate> sampleCandidates(std::span<const std::uint16_t> logits,
                                                      const SamplerSettings& settings);

class Sampler {
public:
    explicit Sampler(std::uint64_t seed) : rng_(seed) {}
    // Greedy when !doSample; otherwise one multinomial draw from sampleCandidates.
    std::int32_t next(std::span<const std::uint16_t> logits, const SamplerSettings& settings);

private:
    std::mt19937_64 rng_;
};

} // namespace facet::generate
