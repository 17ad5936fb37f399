// Vision tower and projector graphs of the simulator, through the device layer: the bucket is
// chosen by input_info_index, pooling follows the patch positions, every input changes the
// result, bad positions are refused, and the projector computes RMSNorm + Linear.
#include "sim_test_support.h"
#include "test_paths.h"

#include "common/bf16.h"
#include "common/error.h"
#include "sim/sim_file.h"

#include <QTest>

#include <chrono>
#include <cmath>

using namespace facet;

namespace {

constexpr int kVisionHidden = 32, kHeadDim = 16, kLevel = 70, kPatches = kLevel * 9;

// Host inputs for a 27 x 21 patch image padded to 630 patches (rbln-host-algorithms.md §1.4).
struct VisionBuffers {
    std::vector<uint16_t> embeds, attnMask, cos, sin;
    std::vector<int64_t> positions;
    std::vector<uint8_t> padding;
};

VisionBuffers makeInputs(int width = 27, int height = 21) {
    std::mt19937 rng(99);
    VisionBuffers b;
    b.embeds = simtest::randomBf16(rng, size_t(kPatches) * kVisionHidden, 1.0f);
    b.positions.assign(size_t(kPatches) * 2, -1);
    b.padding.assign(kPatches, 1);
    b.attnMask.assign(kPatches, 0xFF7F); // finfo(bf16).min
    for (int p = 0; p < width * height; ++p) {
        b.positions[size_t(p) * 2] = p % width;
        b.positions[size_t(p) * 2 + 1] = p / width;
        b.padding[size_t(p)] = 0;
        b.attnMask[size_t(p)] = 0x8000; // -0.0
    }
    const int s = kHeadDim / 2;
    for (int p = 0; p < kPatches; ++p)
        for (int axis = 0; axis < 2; ++axis)
            for (int j = 0; j < s; ++j) {
                const float inv = 1.0f / std::pow(100.0f, float(2 * (j % (s / 2))) / float(s));
                const float f = inv * float(b.positions[size_t(p) * 2 + size_t(axis)]);
                b.cos.push_back(floatToBf16(std::cos(f)));
                b.sin.push_back(floatToBf16(std::sin(f)));
            }
    return b;
}

} // namespace

class SimVisionTest : public QObject {
    Q_OBJECT

    std::filesystem::path folder_;
    std::shared_ptr<device::RuntimeLibrary> runtime_;
    std::unique_ptr<device::Graph> tower_;

    std::pair<std::vector<uint16_t>, std::vector<uint8_t>> run(const VisionBuffers& b) {
        simtest::setInput(*tower_, 0, b.embeds);
        simtest::setInput(*tower_, 1, b.positions);
        simtest::setInput(*tower_, 2, b.attnMask);
        simtest::setInput(*tower_, 3, b.padding);
        simtest::setInput(*tower_, 4, b.cos);
        simtest::setInput(*tower_, 5, b.sin);
        tower_->run();
        std::vector<uint16_t> hidden(size_t(kLevel) * kVisionHidden);
        std::vector<uint8_t> mask(kLevel);
        tower_->readOutput(0, hidden.data(), hidden.size() * 2);
        tower_->readOutput(1, mask.data(), mask.size());
        return {hidden, mask};
    }

private slots:
    void initTestCase() {
        folder_ = facet::test::dataDir() / ("vision-model-" + simtest::optimumRblnLayout());
        (void)simtest::writeSmallFolder(folder_);
        runtime_ = device::RuntimeLibrary::load();
        const auto cfg = simtest::readJson(folder_ / "vision_tower" / "rbln_config.json");
        // Levels are stored descending: index 1 is max_soft_tokens 70.
        tower_ = simtest::openGraph(runtime_, folder_, "vision_tower/compiled_model.rbln",
                                    "vision_tower", 1,
                                    simtest::inputsFromConfig(cfg, "compiled_model", 1));
        QCOMPARE(tower_->inputs()[0].shape, (std::vector<int64_t>{1, kPatches, kVisionHidden}));
        QCOMPARE(tower_->outputs()[0].bytes, size_t(kLevel * kVisionHidden * 2));
    }

    void poolsByPosition() {
        const auto start = std::chrono::steady_clock::now();
        const auto [hidden, mask] = run(makeInputs());
        const std::chrono::duration<double, std::milli> took =
            std::chrono::steady_clock::now() - start;
        qInfo("vision tower, max_soft_tokens 70: %.1f ms (timing only, not asserted)",
              took.count());
        // 27 x 21 patches -> 9 x 7 = 63 pooled slots, the rest empty and zero.
        int valid = 0;
        for (int s = 0; s < kLevel; ++s)
            valid += mask[size_t(s)];
        QCOMPARE(valid, 63);
        for (int s = 63; s < kLevel; ++s) {
            QCOMPARE(int(mask[size_t(s)]), 0);
            for (int i = 0; i < kVisionHidden; ++i)
                QCOMPARE(hidden[size_t(s) * kVisionHidden + size_t(i)], uint16_t(0));
        }
        QVERIFY(std::any_of(hidden.begin(), hidden.end(), [](uint16_t v) { return v != 0; }));
    }

    void everyInputMatters() {
        const auto base = makeInputs();
        const auto reference = run(base).first;
        auto swapped = base;
        std::swap(swapped.cos, swapped.sin);
        QVERIFY(run(swapped).first != reference);
        auto unmasked = base;
        std::fill(unmasked.attnMask.begin(), unmasked.attnMask.end(), uint16_t(0));
        QVERIFY(run(unmasked).first != reference);
        auto noPadding = base;
        std::fill(noPadding.padding.begin(), noPadding.padding.end(), uint8_t(0));
        QVERIFY(run(noPadding).first != reference);
        auto moved = base; // same patches, other pooling slots
        std::swap(moved.positions[0], moved.positions[2 * 30]);
        std::swap(moved.positions[1], moved.positions[2 * 30 + 1]);
        QVERIFY(run(moved).first != reference);
        QCOMPARE(run(base).first, reference); // deterministic
    }

    void refusesPositionsOutsideTheBucket() {
        auto b = makeInputs();
        b.positions[2 * 10 + 1] = 40; // row 40 pools past slot 70
        try {
            (void)run(b);
            QFAIL("expected an error");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("pools into slot"), e.what());
            QVERIFY2(QString(e.what()).contains("vision_tower"), e.what());
        }
    }

    void projectorIsRmsNormThenLinear() {
        const auto cfg = simtest::readJson(folder_ / "rbln_config.json");
        auto projector = simtest::openGraph(runtime_, folder_, "compiled_model.rbln", "projector",
                                            1, simtest::inputsFromConfig(cfg, "compiled_model", 1));
        std::mt19937 rng(5);
        std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
        std::vector<float> in(size_t(kLevel) * kVisionHidden);
        for (auto& v : in)
            v = dist(rng);
        std::vector<float> out(size_t(kLevel) * 64);
        const bool bf16 = simtest::optimumRblnLayout() == "0.12"; // bf16 in and out (0.12)
        QCOMPARE(projector->inputs()[0].dtype,
                 bf16 ? device::DType::BFloat16 : device::DType::Float32);
        if (bf16) {
            std::vector<std::uint16_t> narrow(in.size());
            for (std::size_t i = 0; i < in.size(); ++i) {
                narrow[i] = floatToBf16(in[i]);
                in[i] = bf16ToFloat(narrow[i]); // what the graph sees
            }
            simtest::setInput(*projector, 0, narrow);
            projector->run();
            std::vector<std::uint16_t> got(out.size());
            projector->readOutput(0, got.data(), got.size() * 2);
            for (std::size_t i = 0; i < got.size(); ++i)
                out[i] = bf16ToFloat(got[i]);
        } else {
            simtest::setInput(*projector, 0, in);
            projector->run();
            projector->readOutput(0, out.data(), out.size() * 4);
        }
        const double tolerance = bf16 ? 1.0 / 128 : 0.0; // one bf16 step, relative

        const auto file = sim::readSimFile(folder_ / "compiled_model.rbln");
        const auto w = file.tensor("projection", {64, kVisionHidden}).toFloat();
        for (int r = 0; r < kLevel; ++r) {
            double ms = 0;
            for (int i = 0; i < kVisionHidden; ++i)
                ms += double(in[size_t(r * kVisionHidden + i)]) *
                      double(in[size_t(r * kVisionHidden + i)]);
            const double inv = 1.0 / std::sqrt(ms / kVisionHidden + 1e-6);
            for (int o = 0; o < 64; ++o) {
                double acc = 0;
                for (int i = 0; i < kVisionHidden; ++i)
                    acc += double(w[size_t(o * kVisionHidden + i)]) *
                           double(in[size_t(r * kVisionHidden + i)]) * inv;
                QVERIFY(std::fabs(acc - double(out[size_t(r * 64 + o)])) <
                        1e-4 + tolerance * std::fabs(acc));
            }
        }
    }

    void bucketIndexSelectsTheGraph() {
        const auto cfg = simtest::readJson(folder_ / "vision_tower" / "rbln_config.json");
        auto big = simtest::openGraph(runtime_, folder_, "vision_tower/compiled_model.rbln",
                                      "vision_tower", 0,
                                      simtest::inputsFromConfig(cfg, "compiled_model", 0));
        QCOMPARE(big->inputs()[0].shape[1], int64_t(140 * 9));
        QCOMPARE(big->outputs()[1].bytes, size_t(140));
        QVERIFY_THROWS_EXCEPTION(Error, simtest::openGraph(runtime_, folder_,
                                                           "vision_tower/compiled_model.rbln",
                                                           "vision_tower", 2, {}));
    }
};

QTEST_GUILESS_MAIN(SimVisionTest)
#include "test_sim_vision.moc"
