#include "generate/sampler.h"

#include "common/error.h"
#include "generate/bf16.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>

namespace facet::generate {
namespace {

// Maps a bf16 bit pattern to an unsigned key with the same order as the float values
// (NaN aside): flip all bits of negatives, set the sign bit of positives; -0 maps to +0's key
// because the float comparison torch does treats them as equal.
inline std::uint16_t orderKey(std::uint16_t bits) {
    if (bits == 0x8000u)
        bits = 0;
    return (bits & 0x8000u) ? static_cast<std::uint16_t>(~bits)
                            : static_cast<std::uint16_t>(bits | 0x8000u);
}

// Indices of every logit >= the k-th largest (duplicates counted, as torch.topk's threshold), in
// one pass: a size-k min-heap tracks the running k-th key, and every element at or above it when
// seen is remembered; the final threshold then filters that short list.
std::vector<std::int32_t> topKIndices(std::span<const std::uint16_t> logits, std::size_t k) {
    std::priority_queue<std::uint16_t, std::vector<std::uint16_t>, std::greater<>> smallestOnTop;
    std::vector<std::pair<std::uint16_t, std::int32_t>> seen;
    seen.reserve(16 * k);
    std::size_t i = 0;
    for (; i < logits.size() && smallestOnTop.size() < k; ++i) {
        const std::uint16_t key = orderKey(logits[i]);
        smallestOnTop.push(key);
        seen.emplace_back(key, static_cast<std::int32_t>(i));
    }
    std::uint16_t floor = smallestOnTop.top();
    for (; i < logits.size(); ++i) {
        const std::uint16_t key = orderKey(logits[i]);
        if (key < floor)
            continue; // the common case costs one compare
        seen.emplace_back(key, static_cast<std::int32_t>(i));
        if (key > floor) {
            smallestOnTop.pop();
            smallestOnTop.push(key);
            floor = smallestOnTop.top();
        }
    }
    std::vector<std::int32_t> out;
    for (const auto& [key, index] : seen)
        if (key >= floor)
            out.push_back(index);
    return out;
}

// Float32 softmax over `logits` into `out` (exp(x - max) / sum), -inf entries giving 0.
void softmaxInPlace(std::vector<float>& values) {
    float maximum = -std::numeric_limits<float>::infinity();
    for (float v : values)
        maximum = std::max(maximum, v);
    float sum = 0;
    for (float& v : values) {
        v = std::exp(v - maximum);
        sum += v;
    }
    for (float& v : values)
        v /= sum;
}

} // namespace

void validate(const SamplerSettings& s) {
    if (!s.doSample)
        return;
    if (!(s.temperature > 0.0f) || !std::isfinite(s.temperature)) {
        throw Error("temperature must be a positive number, got " + std::to_string(s.temperature));
    }
    if (!(s.topP > 0.0f && s.topP <= 1.0f)) {
        throw Error("top_p must be in (0, 1], got " + std::to_string(s.topP));
    }
    if (s.topK < 0)
        throw Error("top_k must be >= 0, got " + std::to_string(s.topK));
}

std::int32_t argmaxBf16(std::span<const std::uint16_t> logits) {
    if (logits.empty())
        throw Error("internal: empty logits");
    std::uint16_t best = orderKey(logits[0]);
    std::size_t index = 0;
    for (std::size_t i = 1; i < logits.size(); ++i) {
        const std::uint16_t key = orderKey(logits[i]);
        if (key > best) {
            best = key;
            index = i;
        }
    }
    return static_cast<std::int32_t>(index);
}

std::vector<Candidate> sampleCandidates(std::span<const std::uint16_t> logits,
                                        const SamplerSettings& s) {
    validate(s);
    if (logits.empty())
        throw Error("internal: empty logits");
    const std::size_t vocab = logits.size();
    const std::size_t k = s.topK == 0 ? vocab : std::min<std::size_t>(std::size_t(s.topK), vocab);

    // Top-k: every logit >= the k-th largest survives (ties included). Division by T > 0 keeps
    // the order, and float32 is fine enough that distinct bf16 values stay distinct after it.
    std::vector<Candidate> kept;
    if (k == vocab) {
        kept.reserve(vocab);
        for (std::size_t i = 0; i < vocab; ++i)
            kept.push_back({static_cast<std::int32_t>(i), bf16ToFloat(logits[i]), 0.0f});
    } else {
        for (std::int32_t i : topKIndices(logits, k))
            kept.push_back({i, bf16ToFloat(logits[static_cast<std::size_t>(i)]), 0.0f});
    }
    if (s.temperature != 1.0f) {
        for (Candidate& c : kept)
            c.logit = c.logit / s.temperature;
    }

    // Top-p over the survivors, ascending as torch.sort(descending=False); equal logits keep
    // index order (torch's order for ties is unspecified).
    std::sort(kept.begin(), kept.end(), [](const Candidate& a, const Candidate& b) {
        return a.logit < b.logit || (a.logit == b.logit && a.id < b.id);
    });
    std::size_t firstKept = 0;
    if (s.topP < 1.0f) {
        std::vector<float> probs(kept.size());
        for (std::size_t j = 0; j < kept.size(); ++j)
            probs[j] = kept[j].logit;
        softmaxInPlace(probs);
        const auto threshold = static_cast<float>(1.0 - static_cast<double>(s.topP));
        double cumulative = 0;
        while (firstKept + 1 < kept.size()) { // the last (most probable) token always stays
            cumulative += static_cast<double>(probs[firstKept]);
            if (static_cast<float>(cumulative) > threshold)
                break;
            ++firstKept;
        }
    }
    kept.erase(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(firstKept));

    std::vector<float> probs(kept.size());
    for (std::size_t j = 0; j < kept.size(); ++j)
        probs[j] = kept[j].logit;
    softmaxInPlace(probs);
    for (std::size_t j = 0; j < kept.size(); ++j)
        kept[j].probability = probs[j];
    std::reverse(kept.begin(), kept.end()); // most probable first
    return kept;
}

std::int32_t Sampler::next(std::span<const std::uint16_t> logits, const SamplerSettings& s) {
    if (!s.doSample)
        return argmaxBf16(logits);
    const std::vector<Candidate> kept = sampleCandidates(logits, s);
    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng_);
    double cumulative = 0;
    for (const Candidate& c : kept) {
        cumulative += static_cast<double>(c.probability);
        if (u < cumulative)
            return c.id;
    }
    return kept.back().id; // rounding left u above the last cumulative value
}

} // namespace facet::generate
