#include "sim/text_model.h"

#include "common/bf16.h"
#include "common/error.h"
#include "sim/parallel_for.h"
#include "sim/tensor_math.h"
#include "sim/weight_generator.h"

#include <cmath>
#include <map>
#include <mutex>
#include <tuple>

namespace facet::sim {
namespace {

std::vector<float> load(const SimFile& file, const std::string& name, std::vector<int64_t> shape) {
    return file.tensor(name, shape).toFloat();
}

} // namespace

TextLayerWeights loadLayerWeights(const SimFile& file, const std::string& p,
                                  const LayerShape& shape) {
    const auto [h, q, kv, hd, im] = shape;
    TextLayerWeights w;
    w.inputNorm = load(file, p + "input_norm", {h});
    w.qProj = load(file, p + "q_proj", {q, h});
    w.kProj = load(file, p + "k_proj", {kv, h});
    w.vProj = load(file, p + "v_proj", {kv, h});
    w.qNorm = load(file, p + "q_norm", {hd});
    w.kNorm = load(file, p + "k_norm", {hd});
    w.oProj = load(file, p + "o_proj", {h, q});
    w.postAttentionNorm = load(file, p + "post_attention_norm", {h});
    w.preFeedforwardNorm = load(file, p + "pre_feedforward_norm", {h});
    w.gateProj = load(file, p + "gate_proj", {im, h});
    w.upProj = load(file, p + "up_proj", {im, h});
    w.downProj = load(file, p + "down_proj", {h, im});
    w.postFeedforwardNorm = load(file, p + "post_feedforward_norm", {h});
    return w;
}

std::shared_ptr<const std::vector<float>> sharedOutputProjection(const StoredTensor& tensor) {
    if (!tensor.generated)
        return std::make_shared<const std::vector<float>>(tensor.toFloat());
    // Stored rows are part of the identity: hash them into the key.
    uint64_t rows = 0xCBF29CE484222325ull; // FNV-1a
    const auto mix = [&rows](uint64_t v) { rows = (rows ^ v) * 0x100000001B3ull; };
    for (auto id : tensor.generated->rowIds)
        mix(static_cast<uint64_t>(id));
    for (auto v : tensor.generated->rowValues)
        mix(v);
    using Key = std::tuple<uint64_t, float, int64_t, uint64_t>;
    static std::mutex mutex;
    static std::map<Key, std::weak_ptr<const std::vector<float>>> cache;
    const Key key{tensor.generated->seed, tensor.generated->scale, tensor.elementCount(), rows};
    std::lock_guard lock(mutex);
    if (auto existing = cache[key].lock())
        return existing;
    auto table = std::make_shared<const std::vector<float>>(tensor.toFloat());
    cache[key] = table;
    return table;
}

std::shared_ptr<const TextModel> TextModel::fromFile(const SimFile& file) {
    auto model = std::make_shared<TextModel>();
    model->config_ = file.config.at("text").get<TextConfig>();
    const auto& c = model->config_;
    validate(c);
    const int64_t h = c.hidden, q = c.qDim(), kv = c.kvDim(), hd = c.headDim, im = c.intermediate;
    for (int i = 0; i < c.layers; ++i) {
        const auto p = "layers." + std::to_string(i) + ".";
        model->layers_.push_back(loadLayerWeights(file, p, {h, q, kv, hd, im}));
    }
    model->finalNorm_ = load(file, "final_norm", {h});
    model->outputProjection_ = sharedOutputProjection(file.tensor("lm_head", {c.vocab, h}));
    return model;
}

void TextModel::projectQkv(int layer, const float* x, int64_t position, float* q, float* k,
                           float* v) const {
    const auto& c = config_;
    const auto& w = layers_[static_cast<size_t>(layer)];
    std::vector<float> normed(static_cast<size_t>(c.hidden));
    rmsNorm(x, w.inputNorm.data(), normed.data(), c.hidden, c.rmsEps);
    matVec(w.qProj.data(), normed.data(), q, c.qDim(), c.hidden);
    matVec(w.kProj.data(), normed.data(), k, c.kvDim(), c.hidden);
    matVec(w.vProj.data(), normed.data(), v, c.kvDim(), c.hidden);
    const float theta = isSliding(layer) ? c.ropeThetaSliding : c.ropeThetaGlobal;
    const auto pos = static_cast<float>(position);
    for (int head = 0; head < c.heads; ++head) {
        float* qh = q + head * c.headDim;
        rmsNorm(qh, w.qNorm.data(), qh, c.headDim, c.rmsEps);
        applyRope(qh, c.headDim, pos, theta);
    }
    for (int head = 0; head < c.kvHeads; ++head) {
        float* kh = k + head * c.headDim;
        float* vh = v + head * c.headDim;
        rmsNorm(kh, w.kNorm.data(), kh, c.headDim, c.rmsEps);
        applyRope(kh, c.headDim, pos, theta);
        rmsNorm(vh, nullptr, vh, c.headDim, c.rmsEps);
    }
    for (int i = 0; i < c.kvDim(); ++i) {
        k[i] = roundToBf16(k[i]);
        v[i] = roundToBf16(v[i]);
    }
}

void TextModel::attend(const float* q, const std::vector<const float*>& keys,
                       const std::vector<const float*>& values, float* out) const {
    const auto& c = config_;
    const int group = c.heads / c.kvHeads;
    std::vector<const float*> headKeys(keys.size()), headValues(values.size());
    for (int head = 0; head < c.heads; ++head) {
        const int offset = (head / group) * c.headDim;
        for (size_t i = 0; i < keys.size(); ++i) {
            headKeys[i] = keys[i] + offset;
            headValues[i] = values[i] + offset;
        }
        attendHead(q + head * c.headDim, headKeys, headValues, {}, c.headDim,
                   out + head * c.headDim);
    }
}

void TextModel::finishLayer(int layer, float* x, const float* attention) const {
    const auto& c = config_;
    const auto& w = layers_[static_cast<size_t>(layer)];
    std::vector<float> tmp(static_cast<size_t>(c.hidden)), normed(static_cast<size_t>(c.hidden));
    matVec(w.oProj.data(), attention, tmp.data(), c.hidden, c.qDim());
    rmsNorm(tmp.data(), w.postAttentionNorm.data(), tmp.data(), c.hidden, c.rmsEps);
    for (int i = 0; i < c.hidden; ++i)
        x[i] += tmp[i];
    rmsNorm(x, w.preFeedforwardNorm.data(), normed.data(), c.hidden, c.rmsEps);
    std::vector<float> gate(static_cast<size_t>(c.intermediate)),
        up(static_cast<size_t>(c.intermediate));
    matVec(w.gateProj.data(), normed.data(), gate.data(), c.intermediate, c.hidden);
    matVec(w.upProj.data(), normed.data(), up.data(), c.intermediate, c.hidden);
    for (int i = 0; i < c.intermediate; ++i)
        gate[i] = geluTanh(gate[i]) * up[i];
    matVec(w.downProj.data(), gate.data(), tmp.data(), c.hidden, c.intermediate);
    rmsNorm(tmp.data(), w.postFeedforwardNorm.data(), tmp.data(), c.hidden, c.rmsEps);
    for (int i = 0; i < c.hidden; ++i)
        x[i] += tmp[i];
}

void TextModel::logits(const float* x, uint16_t* out) const {
    const auto& c = config_;
    std::vector<float> normed(static_cast<size_t>(c.hidden));
    rmsNorm(x, finalNorm_.data(), normed.data(), c.hidden, c.rmsEps);
    const float* table = outputProjection_->data();
    const float cap = c.finalLogitSoftcap;
    // Rows are independent: split over threads (decode spends most of its time here).
    parallelFor(static_cast<size_t>(c.vocab), [&](size_t t) {
        const float sum = dot8(table + t * static_cast<size_t>(c.hidden), normed.data(), c.hidden);
        out[t] = floatToBf16(cap > 0 ? std::tanh(sum / cap) * cap : sum);
    });
}

} // namespace facet::sim
