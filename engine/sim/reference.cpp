#include "sim/reference.h"

#include "common/bf16.h"
#include "common/error.h"
#include "sim/sim_file.h"

#include <cstdlib>

namespace facet::sim {

std::shared_ptr<const TextModel> loadReferenceModel(const std::filesystem::path& modelFolder) {
    const auto file = readSimFile(modelFolder / "language_model" / "decoder_batch_1.rbln");
    return TextModel::fromFile(file);
}

std::vector<float> referenceLogits(const TextModel& model, std::span<const uint16_t> embeds,
                                   std::span<const BidirectionalSpan> spans,
                                   std::span<const int64_t> rows) {
    const auto& c = model.config();
    const auto h = static_cast<size_t>(c.hidden);
    if (embeds.empty() || embeds.size() % h != 0)
        throw Error("reference forward: embeds must be [seqLen, " + std::to_string(h) + "]");
    const auto seqLen = static_cast<int64_t>(embeds.size() / h);
    std::vector<int64_t> spanOf(static_cast<size_t>(seqLen), -1);
    for (size_t s = 0; s < spans.size(); ++s) {
        const auto& span = spans[s];
        if (span.start < 0 || span.length <= 0 || span.start + span.length > seqLen)
            throw Error("reference forward: span " + std::to_string(s) +
                        " is outside the sequence");
        for (int64_t p = span.start; p < span.start + span.length; ++p) {
            if (spanOf[static_cast<size_t>(p)] >= 0)
                throw Error("reference forward: spans overlap at position " + std::to_string(p));
            spanOf[static_cast<size_t>(p)] = static_cast<int64_t>(s);
        }
    }
    for (auto r : rows)
        if (r < 0 || r >= seqLen)
            throw Error("reference forward: row " + std::to_string(r) + " is outside the sequence");

    const auto n = static_cast<size_t>(seqLen);
    const auto qd = static_cast<size_t>(c.qDim());
    const auto kvd = static_cast<size_t>(c.kvDim());
    std::vector<float> x(n * h), q(n * qd), k(n * kvd), v(n * kvd), attention(n * qd);
    for (size_t i = 0; i < n * h; ++i)
        x[i] = bf16ToFloat(embeds[i]);
    std::vector<const float*> keys, values;
    for (int layer = 0; layer < c.layers; ++layer) {
        for (size_t i = 0; i < n; ++i)
            model.projectQkv(layer, &x[i * h], static_cast<int64_t>(i), &q[i * qd], &k[i * kvd],
                             &v[i * kvd]);
        const bool sliding = model.isSliding(layer);
        for (size_t i = 0; i < n; ++i) {
            keys.clear();
            values.clear();
            const int64_t span = spanOf[i];
            for (size_t j = 0; j < n; ++j) {
                const bool visible = j <= i || (span >= 0 && spanOf[j] == span);
                const auto distance =
                    std::llabs(static_cast<long long>(i) - static_cast<long long>(j));
                if (!visible || (sliding && distance >= c.slidingWindow))
                    continue;
                keys.push_back(&k[j * kvd]);
                values.push_back(&v[j * kvd]);
            }
            model.attend(&q[i * qd], keys, values, &attention[i * qd]);
        }
        for (size_t i = 0; i < n; ++i)
            model.finishLayer(layer, &x[i * h], &attention[i * qd]);
    }
    const auto vocab = static_cast<size_t>(c.vocab);
    std::vector<float> out(rows.size() * vocab);
    std::vector<uint16_t> bits(vocab);
    for (size_t r = 0; r < rows.size(); ++r) {
        model.logits(&x[static_cast<size_t>(rows[r]) * h], bits.data());
        for (size_t t = 0; t < vocab; ++t)
            out[r * vocab + t] = bf16ToFloat(bits[t]);
    }
    return out;
}

} // namespace facet::sim
