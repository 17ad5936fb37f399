#include "sim/sim_weights.h"

#include "common/bf16.h"
#include "sim/weight_generator.h"

#include <cmath>

namespace facet::sim {
namespace {

StoredTensor uniform(uint64_t seed, const std::string& name, std::vector<int64_t> shape,
                     float scale, float offset = 0.0f) {
    StoredTensor t{name, std::move(shape), {}, {}};
    const auto s = tensorSeed(seed, name);
    const auto n = static_cast<uint64_t>(t.elementCount());
    t.bf16.resize(n);
    for (uint64_t i = 0; i < n; ++i)
        t.bf16[i] = floatToBf16(offset + scale * uniformAt(s, i));
    return t;
}

// One sandwich-norm transformer layer, text or vision.
void appendLayer(std::vector<StoredTensor>& out, uint64_t seed, const std::string& p, int64_t h,
                 int64_t qd, int64_t kvd, int64_t hd, int64_t im) {
    const auto inv = [](int64_t n) { return 1.0f / std::sqrt(static_cast<float>(n)); };
    out.push_back(uniform(seed, p + "input_norm", {h}, 0.1f, 1.0f));
    out.push_back(uniform(seed, p + "q_proj", {qd, h}, inv(h)));
    out.push_back(uniform(seed, p + "k_proj", {kvd, h}, inv(h)));
    out.push_back(uniform(seed, p + "v_proj", {kvd, h}, inv(h)));
    out.push_back(uniform(seed, p + "q_norm", {hd}, 0.1f, 1.0f));
    out.push_back(uniform(seed, p + "k_norm", {hd}, 0.1f, 1.0f));
    out.push_back(uniform(seed, p + "o_proj", {h, qd}, inv(qd)));
    out.push_back(uniform(seed, p + "post_attention_norm", {h}, 0.1f, 1.0f));
    out.push_back(uniform(seed, p + "pre_feedforward_norm", {h}, 0.1f, 1.0f));
    out.push_back(uniform(seed, p + "gate_proj", {im, h}, 2.0f * inv(h)));
    out.push_back(uniform(seed, p + "up_proj", {im, h}, 2.0f * inv(h)));
    out.push_back(uniform(seed, p + "down_proj", {h, im}, inv(im)));
    out.push_back(uniform(seed, p + "post_feedforward_norm", {h}, 0.1f, 1.0f));
}

} // namespace

uint64_t tensorSeed(uint64_t modelSeed, const std::string& name) {
    uint64_t hash = 0xCBF29CE484222325ull; // FNV-1a
    for (unsigned char ch : name)
        hash = (hash ^ ch) * 0x100000001B3ull;
    return mixAt(modelSeed, hash);
}

StoredTensor embeddingTable(uint64_t seed, const TextConfig& c) {
    StoredTensor t{"lm_head", {c.vocab, c.hidden}, {}, {}};
    t.generated = GeneratedWeights{tensorSeed(seed, "embed_tokens"), 0.5f, {}, {}};
    return t;
}

std::vector<StoredTensor> textWeights(uint64_t seed, const TextConfig& c) {
    std::vector<StoredTensor> out;
    for (int i = 0; i < c.layers; ++i)
        appendLayer(out, seed, "text.layers." + std::to_string(i) + ".", c.hidden, c.qDim(),
                    c.kvDim(), c.headDim, c.intermediate);
    out.push_back(uniform(seed, "text.final_norm", {c.hidden}, 0.1f, 1.0f));
    for (auto& t : out)
        t.name = t.name.substr(5); // stored without the "text." seed prefix
    out.push_back(embeddingTable(seed, c));
    return out;
}

std::vector<StoredTensor> visionWeights(uint64_t seed, const VisionConfig& c) {
    std::vector<StoredTensor> out;
    const int64_t qd = int64_t{c.heads} * c.headDim;
    for (int i = 0; i < c.layers; ++i)
        appendLayer(out, seed, "vision.layers." + std::to_string(i) + ".", c.hidden, qd, qd,
                    c.headDim, c.intermediate);
    for (auto& t : out)
        t.name = t.name.substr(7);
    return out;
}

std::vector<StoredTensor> projectorWeights(uint64_t seed, const VisionConfig& v,
                                           const TextConfig& t) {
    return {uniform(seed, "projection", {t.hidden, v.hidden},
                    1.0f / std::sqrt(static_cast<float>(v.hidden)))};
}

std::vector<StoredTensor> patchEmbedderWeights(uint64_t seed, const VisionConfig& c) {
    const int64_t in = 3 * int64_t{c.patchSize} * c.patchSize;
    return {
        uniform(seed, "input_proj.weight", {c.hidden, in},
                1.0f / std::sqrt(static_cast<float>(in))),
        uniform(seed, "position_embedding_table", {2, c.positionEmbeddingSize, c.hidden}, 0.5f)};
}

} // namespace facet::sim
