// Host-side vision inputs and scaled word embedding against torch goldens written by
// make_host_input_goldens.py (transformers' order of operations in bf16).
#include "generate/bf16.h"
#include "generate/text_embedding.h"
#include "generate/vision_inputs.h"
#include "host_input_goldens.h"

#include <QTest>

#include <fstream>
#include <nlohmann/json.hpp>

using namespace facet::generate;

namespace {

const std::string kDir = facet::test::kHostInputsDir;

template <typename T> std::vector<T> load(const std::string& name) {
    return facet::test::loadHostInputGolden<T>(name);
}

nlohmann::json meta() {
    std::ifstream in(kDir + "meta.json");
    return nlohmann::json::parse(in);
}

// Counts values that differ, and fails on any difference larger than one bf16 step.
int countOffByOne(const std::vector<std::uint16_t>& got, const std::vector<std::uint16_t>& want) {
    if (got.size() != want.size())
        qFatal("size %zu vs %zu", got.size(), want.size());
    int off = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (got[i] == want[i])
            continue;
        const float a = bf16ToFloat(got[i]), b = bf16ToFloat(want[i]);
        const float step = std::abs(b) * (1.0f / 128.0f) + 1e-30f;
        if (std::abs(a - b) > step)
            qFatal("value %zu: %g vs %g", i, double(a), double(b));
        ++off;
    }
    return off;
}

} // namespace

class TestHostInputs : public QObject {
    Q_OBJECT
private slots:
    void visionInputsMatchTorch() {
        const auto m = meta();
        const auto wIn = load<std::uint16_t>("w_in.bin");
        const auto table = load<std::uint16_t>("table.bin");
        const auto pixels = load<float>("pixels.bin");
        const auto positions = load<std::int64_t>("positions.bin");
        PatchEmbedderWeights w{wIn.data(), table.data(), m["VH"], m["PATCH"], m["POS"]};
        const VisionInputs got = buildVisionInputs(w, pixels, positions, m["HD"], m["THETA"]);

        QCOMPARE(got.attnMask, load<std::uint16_t>("attn_mask.bin"));
        QCOMPARE(got.padding, load<std::uint8_t>("padding.bin"));
        // Summation order may move a rare last bit (rbln-host-algorithms §9).
        QVERIFY(countOffByOne(got.inputsEmbeds, load<std::uint16_t>("embeds.bin")) <=
                int(got.inputsEmbeds.size() / 50));
        QVERIFY(countOffByOne(got.cos, load<std::uint16_t>("cos.bin")) <= 2);
        QVERIFY(countOffByOne(got.sin, load<std::uint16_t>("sin.bin")) <= 2);
    }

    void embeddingScaleMatchesTheModels() {
        QCOMPARE(bf16ToFloat(embeddingScaleBf16(5376)), 73.5f);
        QCOMPARE(embeddingScaleBf16(5376), std::uint16_t(0x4293));
        QCOMPARE(bf16ToFloat(embeddingScaleBf16(2816)), 53.0f);
        QCOMPARE(bf16ToFloat(embeddingScaleBf16(2560)), 50.5f);
        QCOMPARE(bf16ToFloat(embeddingScaleBf16(1536)), 39.25f);
        QCOMPARE(int(embeddingScaleBf16(meta()["H"])), int(meta()["scale_bits"]));
    }

    void scaledRowsMatchTorchExactly() {
        const auto m = meta();
        const int hidden = m["H"];
        const auto word = load<std::uint16_t>("word.bin");
        const auto ids = load<std::int32_t>("ids.bin");
        const auto want = load<std::uint16_t>("scaled.bin");
        const std::uint16_t scale = embeddingScaleBf16(hidden);
        std::vector<std::uint16_t> got(want.size());
        for (std::size_t r = 0; r < ids.size(); ++r) {
            scaleEmbeddingRow(
                {word.data() + std::size_t(ids[r]) * std::size_t(hidden), std::size_t(hidden)},
                scale, {got.data() + r * std::size_t(hidden), std::size_t(hidden)});
        }
        QCOMPARE(got, want);
    }
};

QTEST_APPLESS_MAIN(TestHostInputs)
#include "test_host_inputs.moc"
