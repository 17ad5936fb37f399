#include "sim/vision_model.h"

#include "common/bf16.h"
#include "common/error.h"
#include "sim/cancel.h"
#include "sim/fault_injection.h"
#include "sim/parallel_for.h"
#include "sim/tensor_math.h"
#include "sim/vision_attention.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <thread>

namespace facet::sim {
namespace {

std::vector<float> load(const SimFile& file, const std::string& name, std::vector<int64_t> shape) {
    return file.tensor(name, shape).toFloat();
}

// Rotates the x half and the y half of one head separately (apply_multidimensional_rope).
void ropeTwoAxes(float* head, int dim, const float* cos, const float* sin) {
    const int half = dim / 2;
    applyRopeTables(head, half, cos, sin);
    applyRopeTables(head + half, half, cos + half, sin + half);
}

} // namespace

std::shared_ptr<const VisionModel> VisionModel::fromFile(const SimFile& file) {
    auto model = std::make_shared<VisionModel>();
    model->config_ = file.config.at("vision").get<VisionConfig>();
    const auto& c = model->config_;
    validate(c);
    const int64_t h = c.hidden, qd = int64_t{c.heads} * c.headDim, hd = c.headDim,
                  im = c.intermediate;
    for (int i = 0; i < c.layers; ++i) {
        const auto p = "layers." + std::to_string(i) + ".";
        model->layers_.push_back(loadLayerWeights(file, p, {h, qd, qd, hd, im}));
    }
    return model;
}

void VisionModel::run(int64_t mst, const VisionInputs& in, uint16_t* hidden,
                      uint8_t* poolerMask) const {
    const auto& c = config_;
    const int64_t k = c.poolingKernel;
    const auto patches = static_cast<size_t>(mst * k * k);
    const auto h = static_cast<size_t>(c.hidden);
    const auto hd = static_cast<size_t>(c.headDim);
    const auto qd = static_cast<size_t>(c.heads) * hd;
    const auto im = static_cast<size_t>(c.intermediate);

    std::vector<float> x(patches * h), bias(patches), cosF(patches * hd), sinF(patches * hd);
    for (size_t i = 0; i < patches * h; ++i)
        x[i] = bf16ToFloat(in.inputsEmbeds[i]);
    for (size_t p = 0; p < patches; ++p)
        bias[p] = bf16ToFloat(in.attnMask[p]);
    for (size_t i = 0; i < patches * hd; ++i) {
        cosF[i] = bf16ToFloat(in.cos[i]);
        sinF[i] = bf16ToFloat(in.sin[i]);
    }

    // Checked per patch inside the layers too: one layer at 1120 takes about a second.
    const std::atomic<bool>* cancel = cancelFlag();
    const auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    for (int64_t waited = 0; waited < visionDelayMs(mst); waited += 10) { // tests only
        if (cancelled())
            throw RunCancelled();
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::vector<float> q(patches * qd), kk(patches * qd), v(patches * qd);
    std::vector<size_t> validKeys;
    for (size_t p = 0; p < patches; ++p)
        if (bias[p] > -1e30f) // not masked (the host sends -0 or bf16's lowest)
            validKeys.push_back(p);
    for (const auto& w : layers_) {
        if (cancelled())
            throw RunCancelled();
        parallelFor(patches, [&](size_t p) {
            if (cancelled())
                return;
            std::vector<float> normed(h);
            rmsNorm(&x[p * h], w.inputNorm.data(), normed.data(), c.hidden, c.rmsEps);
            matVec(w.qProj.data(), normed.data(), &q[p * qd], static_cast<int>(qd), c.hidden);
            matVec(w.kProj.data(), normed.data(), &kk[p * qd], static_cast<int>(qd), c.hidden);
            matVec(w.vProj.data(), normed.data(), &v[p * qd], static_cast<int>(qd), c.hidden);
            for (size_t head = 0; head < static_cast<size_t>(c.heads); ++head) {
                float* qh = &q[p * qd + head * hd];
                float* kh = &kk[p * qd + head * hd];
                float* vh = &v[p * qd + head * hd];
                rmsNorm(qh, w.qNorm.data(), qh, c.headDim, c.rmsEps);
                rmsNorm(kh, w.kNorm.data(), kh, c.headDim, c.rmsEps);
                rmsNorm(vh, nullptr, vh, c.headDim, c.rmsEps);
                ropeTwoAxes(qh, c.headDim, &cosF[p * hd], &sinF[p * hd]);
                ropeTwoAxes(kh, c.headDim, &cosF[p * hd], &sinF[p * hd]);
            }
        });
        std::vector<float> layerOut(patches * h);
        std::vector<VisionHeadKeys> heads;
        for (size_t head = 0; head < static_cast<size_t>(c.heads); ++head)
            heads.push_back(gatherVisionKeys(kk, v, validKeys, head, hd, qd));
        parallelFor(patches, [&](size_t p) {
            if (cancelled())
                return;
            std::vector<float> normed(h), attention(qd), tmp(h), gate(im), up(im);
            std::vector<float> scores(heads.empty() ? 0 : heads[0].padded);
            for (size_t head = 0; head < static_cast<size_t>(c.heads); ++head) {
                if (validKeys.empty()) { // every key masked: the general path's answer
                    std::vector<const float*> keys(patches), values(patches);
                    for (size_t j = 0; j < patches; ++j) {
                        keys[j] = &kk[j * qd + head * hd];
                        values[j] = &v[j * qd + head * hd];
                    }
                    attendHead(&q[p * qd + head * hd], keys, values, bias, c.headDim,
                               &attention[head * hd]);
                    continue;
                }
                attendVisionHead(&q[p * qd + head * hd], heads[head], hd, scores.data(),
                                 &attention[head * hd]);
            }
            std::copy_n(&x[p * h], h, &layerOut[p * h]);
            float* row = &layerOut[p * h];
            matVec(w.oProj.data(), attention.data(), tmp.data(), c.hidden, static_cast<int>(qd));
            rmsNorm(tmp.data(), w.postAttentionNorm.data(), tmp.data(), c.hidden, c.rmsEps);
            for (size_t i = 0; i < h; ++i)
                row[i] += tmp[i];
            rmsNorm(row, w.preFeedforwardNorm.data(), normed.data(), c.hidden, c.rmsEps);
            matVec(w.gateProj.data(), normed.data(), gate.data(), c.intermediate, c.hidden);
            matVec(w.upProj.data(), normed.data(), up.data(), c.intermediate, c.hidden);
            for (size_t i = 0; i < im; ++i)
                gate[i] = geluTanh(gate[i]) * up[i];
            matVec(w.downProj.data(), gate.data(), tmp.data(), c.hidden, c.intermediate);
            rmsNorm(tmp.data(), w.postFeedforwardNorm.data(), tmp.data(), c.hidden, c.rmsEps);
            for (size_t i = 0; i < h; ++i)
                row[i] += tmp[i];
        });
        x.swap(layerOut);
    }
    if (cancelled()) // rows skipped in the last layer are garbage: never return them
        throw RunCancelled();

    // Pooling by positions.
    int64_t width = 0;
    for (size_t p = 0; p < patches; ++p)
        if (!in.paddingPositions[p])
            width = std::max(width, in.pixelPositionIds[2 * p] + 1);
    if (width % k != 0)
        throw Error("pixel_position_ids: the image is " + std::to_string(width) +
                    " patches wide, not a multiple of the pooling kernel " + std::to_string(k));
    const int64_t slotsPerRow = width / k;
    std::vector<float> sums(static_cast<size_t>(mst) * h, 0.0f);
    std::fill_n(poolerMask, mst, uint8_t{0});
    for (size_t p = 0; p < patches; ++p) {
        const int64_t px = std::max<int64_t>(in.pixelPositionIds[2 * p], 0);
        const int64_t py = std::max<int64_t>(in.pixelPositionIds[2 * p + 1], 0);
        const int64_t slot = px / k + slotsPerRow * (py / k);
        if (in.paddingPositions[p])
            continue; // zeroed rows add nothing
        if (slot >= mst)
            throw Error("pixel_position_ids: patch " + std::to_string(p) + " at (" +
                        std::to_string(px) + "," + std::to_string(py) + ") pools into slot " +
                        std::to_string(slot) + ", beyond max_soft_tokens " + std::to_string(mst));
        poolerMask[slot] = 1;
        for (size_t i = 0; i < h; ++i)
            sums[static_cast<size_t>(slot) * h + i] += x[p * h + i];
    }
    const float scale = std::sqrt(static_cast<float>(c.hidden)) / static_cast<float>(k * k);
    for (size_t i = 0; i < sums.size(); ++i)
        hidden[i] = floatToBf16(sums[i] * scale);
}

std::shared_ptr<const Projector> Projector::fromFile(const SimFile& file) {
    auto projector = std::make_shared<Projector>();
    projector->visionHidden_ = file.config.at("vision").at("hidden").get<int>();
    projector->textHidden_ = file.config.at("text").at("hidden").get<int>();
    projector->eps_ = file.config.at("vision").at("rms_eps").get<float>();
    projector->weight_ =
        load(file, "projection", {projector->textHidden_, projector->visionHidden_});
    return projector;
}

void Projector::runBf16(int64_t rows, const uint16_t* in, uint16_t* out) const {
    const auto n = static_cast<size_t>(rows);
    std::vector<float> wide(n * static_cast<size_t>(visionHidden_));
    for (size_t i = 0; i < wide.size(); ++i)
        wide[i] = bf16ToFloat(in[i]);
    std::vector<float> result(n * static_cast<size_t>(textHidden_));
    run(rows, wide.data(), result.data());
    for (size_t i = 0; i < result.size(); ++i)
        out[i] = floatToBf16(result[i]);
}

void Projector::run(int64_t rows, const float* in, float* out) const {
    std::vector<float> normed(static_cast<size_t>(visionHidden_));
    for (int64_t r = 0; r < rows; ++r) {
        rmsNorm(in + r * visionHidden_, nullptr, normed.data(), visionHidden_, eps_);
        matVec(weight_.data(), normed.data(), out + r * textHidden_, textHidden_, visionHidden_);
    }
}

} // namespace facet::sim
