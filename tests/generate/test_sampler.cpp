// The sampler against a brute-force implementation that sorts the whole vocabulary the way
// TopKLogitsWarper / TopPLogitsWarper describe it, on bf16 logits full of ties.
#include "common/error.h"
#include "generate/bf16.h"
#include "generate/sampler.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <set>

using namespace facet::generate;

namespace {

constexpr std::size_t kVocab = 262144;

std::vector<std::uint16_t> randomLogits(std::uint64_t seed, float spread) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<float> normal(0.0f, spread);
    std::vector<std::uint16_t> out(kVocab);
    for (auto& v : out)
        v = floatToBf16(normal(rng));
    return out;
}

// Full-vocabulary reference: sort everything, threshold at the k-th value, softmax, cumsum.
std::set<std::int32_t> bruteForceKept(const std::vector<std::uint16_t>& logits, int topK,
                                      float topP, float temperature) {
    std::vector<float> z(logits.size());
    for (std::size_t i = 0; i < z.size(); ++i)
        z[i] = bf16ToFloat(logits[i]) / temperature;
    std::vector<float> sorted = z;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    const float kth = sorted[std::size_t(topK) - 1];
    std::vector<std::int32_t> alive;
    for (std::size_t i = 0; i < z.size(); ++i)
        if (z[i] >= kth)
            alive.push_back(std::int32_t(i));
    std::stable_sort(alive.begin(), alive.end(),
                     [&](auto a, auto b) { return z[std::size_t(a)] < z[std::size_t(b)]; });
    double maxZ = z[std::size_t(alive.back())];
    std::vector<double> p(alive.size());
    double sum = 0;
    for (std::size_t j = 0; j < alive.size(); ++j)
        sum += p[j] = std::exp(double(z[std::size_t(alive[j])]) - maxZ);
    std::set<std::int32_t> kept;
    double cum = 0;
    const double threshold = double(float(1.0 - double(topP)));
    for (std::size_t j = 0; j < alive.size(); ++j) {
        cum += p[j] / sum;
        if (cum <= threshold && j + 1 < alive.size())
            continue;
        kept.insert(alive[j]);
    }
    return kept;
}

std::set<std::int32_t> idsOf(const std::vector<Candidate>& c) {
    std::set<std::int32_t> out;
    for (const auto& x : c)
        out.insert(x.id);
    return out;
}

} // namespace

class TestSampler : public QObject {
    Q_OBJECT
private slots:
    void greedyIsFirstArgmax() {
        auto logits = randomLogits(1, 3.0f);
        logits[1000] = floatToBf16(40.0f);
        logits[2000] = floatToBf16(40.0f); // tie: torch.argmax returns the first
        Sampler sampler(5);
        QCOMPARE(sampler.next(logits, {false, 1.0f, 64, 0.95f}), 1000);
        std::vector<std::uint16_t> negative(kVocab, floatToBf16(-5.0f));
        negative[77] = floatToBf16(-4.0f);
        QCOMPARE(argmaxBf16(negative), 77);
    }

    void topKTopPKeepExactlyTheReferenceSet_data() {
        QTest::addColumn<quint64>("seed");
        QTest::addColumn<float>("spread");
        QTest::addColumn<int>("topK");
        QTest::addColumn<float>("topP");
        QTest::addColumn<float>("temperature");
        QTest::newRow("gemma defaults, flat") << quint64(11) << 1.0f << 64 << 0.95f << 1.0f;
        QTest::newRow("gemma defaults, peaked") << quint64(12) << 6.0f << 64 << 0.95f << 1.0f;
        QTest::newRow("hot temperature") << quint64(13) << 4.0f << 64 << 0.95f << 1.7f;
        QTest::newRow("cold temperature") << quint64(14) << 4.0f << 40 << 0.9f << 0.3f;
        QTest::newRow("top-k only") << quint64(15) << 2.0f << 10 << 1.0f << 1.0f;
        QTest::newRow("narrow top-p") << quint64(16) << 2.0f << 500 << 0.2f << 1.0f;
        QTest::newRow("k = 1") << quint64(17) << 2.0f << 1 << 0.95f << 1.0f;
    }

    void topKTopPKeepExactlyTheReferenceSet() {
        QFETCH(quint64, seed);
        QFETCH(float, spread);
        QFETCH(int, topK);
        QFETCH(float, topP);
        QFETCH(float, temperature);
        const auto logits = randomLogits(seed, spread);
        const auto kept = sampleCandidates(logits, {true, temperature, topK, topP});
        QCOMPARE(idsOf(kept), bruteForceKept(logits, topK, topP, temperature));
        double total = 0;
        for (std::size_t i = 0; i < kept.size(); ++i) {
            total += double(kept[i].probability);
            if (i > 0)
                QVERIFY(kept[i - 1].probability >= kept[i].probability);
        }
        QVERIFY(std::abs(total - 1.0) < 1e-5);
    }

    void tiesAtTheKthValueAreAllKept() {
        std::vector<std::uint16_t> logits(kVocab, floatToBf16(-10.0f));
        logits[5] = floatToBf16(3.0f);
        for (int i : {10, 20, 30, 40})
            logits[std::size_t(i)] = floatToBf16(1.0f); // tie at k=2
        const auto kept = sampleCandidates(logits, {true, 1.0f, 2, 1.0f});
        QCOMPARE(idsOf(kept), (std::set<std::int32_t>{5, 10, 20, 30, 40}));
    }

    void topPKeepsAtLeastTheTopToken() {
        std::vector<std::uint16_t> logits(kVocab, floatToBf16(-30.0f));
        logits[42] = floatToBf16(30.0f);
        const auto kept = sampleCandidates(logits, {true, 1.0f, 64, 0.01f});
        QCOMPARE(kept.size(), std::size_t(1));
        QCOMPARE(kept[0].id, 42);
        QCOMPARE(kept[0].probability, 1.0f);
    }

    void seedReproducesAndDrawsFollowTheDistribution() {
        const auto logits = randomLogits(21, 1.0f);
        const SamplerSettings s{true, 1.0f, 64, 0.95f};
        Sampler a(1234), b(1234), c(999);
        std::vector<std::int32_t> ra, rb, rc;
        for (int i = 0; i < 50; ++i) {
            ra.push_back(a.next(logits, s));
            rb.push_back(b.next(logits, s));
            rc.push_back(c.next(logits, s));
        }
        QCOMPARE(ra, rb);
        QVERIFY(ra != rc);
        const auto kept = idsOf(sampleCandidates(logits, s));
        for (auto t : ra)
            QVERIFY(kept.count(t) == 1);
    }

    void refusesInvalidSettings() {
        const auto logits = randomLogits(3, 1.0f);
        QVERIFY_THROWS_EXCEPTION(facet::Error,
                                 (void)sampleCandidates(logits, {true, 0.0f, 64, 0.9f}));
        QVERIFY_THROWS_EXCEPTION(facet::Error,
                                 (void)sampleCandidates(logits, {true, 1.0f, 64, 1.5f}));
        QVERIFY_THROWS_EXCEPTION(facet::Error,
                                 (void)sampleCandidates(logits, {true, 1.0f, -1, 0.9f}));
    }
};

QTEST_APPLESS_MAIN(TestSampler)
#include "test_sampler.moc"
