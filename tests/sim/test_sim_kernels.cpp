// The simulator's vectorised kernels against straightforward double-precision arithmetic:
// the vision attention (lanes, polynomial exp, padding keys past the last full lane group),
// the eight-sum dot product, and parallelFor (every index once, errors reach the caller); and the
// text attention (attendHead) against the one-key-at-a-time loop it replaced, bit for bit.
#include "sim/parallel_for.h"
#include "sim/tensor_math.h"
#include "sim/vision_attention.h"

#include <QTest>

#include <atomic>
#include <cmath>
#include <cstring>
#include <random>
#include <stdexcept>
#include <vector>

using namespace facet::sim;

namespace {

// softmax(q . k) . v in double, over all n keys.
std::vector<double> attentionInDouble(const std::vector<float>& q, const std::vector<float>& k,
                                      const std::vector<float>& v, size_t n, size_t hd) {
    std::vector<double> scores(n);
    double maxScore = -INFINITY;
    for (size_t j = 0; j < n; ++j) {
        double s = 0;
        for (size_t d = 0; d < hd; ++d)
            s += double(q[d]) * double(k[j * hd + d]);
        scores[j] = s;
        maxScore = std::max(maxScore, s);
    }
    double total = 0;
    for (auto& s : scores)
        total += (s = std::exp(s - maxScore));
    std::vector<double> out(hd, 0.0);
    for (size_t j = 0; j < n; ++j)
        for (size_t d = 0; d < hd; ++d)
            out[d] += scores[j] / total * double(v[j * hd + d]);
    return out;
}

// attendHead as it was written before its keys were taken eight at a time (44abca6's
// engine/sim/tensor_math.cpp): each score summed over d, then the softmax, then each value
// weighted in key order. The text model's logits, and so the demo model's answers, rest on
// these exact float operations.
void attendHeadOneKeyAtATime(const float* query, const std::vector<const float*>& keys,
                             const std::vector<const float*>& values,
                             const std::vector<float>& bias, int dim, float* out) {
    std::fill(out, out + dim, 0.0f);
    std::vector<float> scores(keys.size());
    float maxScore = -INFINITY;
    for (size_t k = 0; k < keys.size(); ++k) {
        float s = 0.0f;
        for (int d = 0; d < dim; ++d)
            s += query[d] * keys[k][d];
        if (!bias.empty())
            s += bias[k];
        scores[k] = s;
        maxScore = std::max(maxScore, s);
    }
    float total = 0.0f;
    for (auto& s : scores) {
        s = std::exp(s - maxScore);
        total += s;
    }
    for (size_t k = 0; k < keys.size(); ++k) {
        const float p = scores[k] / total;
        for (int d = 0; d < dim; ++d)
            out[d] += p * values[k][d];
    }
}

} // namespace

class SimKernelsTest : public QObject {
    Q_OBJECT

private slots:
    void visionAttentionMatchesDouble_data() {
        QTest::addColumn<int>("keys");
        QTest::addColumn<float>("scale"); // spread of the scores: up to ~scale^2 * hd
        for (int n : {1, 15, 16, 17, 33, 630, 2520})
            for (float scale : {0.3f, 1.0f, 3.0f})
                QTest::addRow("%d keys, scale %.1f", n, double(scale)) << n << scale;
    }
    void visionAttentionMatchesDouble() {
        QFETCH(int, keys);
        QFETCH(float, scale);
        const size_t n = size_t(keys), hd = 16, heads = 2, qd = heads * hd, head = 1;
        std::mt19937 rng(uint32_t(keys * 7 + int(scale * 10)));
        std::normal_distribution<float> dist(0.0f, scale);
        // Patches 0..n+2, of which every third from 3 on is masked (left out of `valid`).
        std::vector<float> k((n * 2 + 3) * qd), v(k.size()), q(hd);
        for (auto* t : {&k, &v})
            for (auto& x : *t)
                x = dist(rng);
        for (auto& x : q)
            x = dist(rng);
        std::vector<size_t> valid;
        for (size_t p = 0; valid.size() < n; ++p)
            if (p < 3 || p % 3 != 0)
                valid.push_back(p);
        std::vector<float> headK(n * hd), headV(n * hd);
        for (size_t j = 0; j < n; ++j)
            for (size_t d = 0; d < hd; ++d) {
                headK[j * hd + d] = k[valid[j] * qd + head * hd + d];
                headV[j * hd + d] = v[valid[j] * qd + head * hd + d];
            }
        const auto gathered = gatherVisionKeys(k, v, valid, head, hd, qd);
        QCOMPARE(gathered.n, n);
        QCOMPARE(gathered.padded % 16, size_t(0));
        std::vector<float> scores(gathered.padded), out(hd);
        attendVisionHead(q.data(), gathered, hd, scores.data(), out.data());
        const auto expected = attentionInDouble(q, headK, headV, n, hd);
        double worst = 0, largest = 0;
        for (size_t d = 0; d < hd; ++d) {
            worst = std::max(worst, std::abs(double(out[d]) - expected[d]));
            largest = std::max(largest, std::abs(expected[d]));
        }
        // float arithmetic over up to 2,520 keys: a few ulp of the largest output
        QVERIFY2(
            worst <= 2e-6 * std::max(1.0, largest) * double(scale),
            qPrintable(
                QString("max |float - double| %1, largest output %2").arg(worst).arg(largest)));
    }

    void textAttentionIsTheOneKeyLoopBitForBit_data() {
        QTest::addColumn<int>("keys");
        QTest::addColumn<int>("dim");
        QTest::addColumn<bool>("withBias");
        for (int n : {1, 3, 4, 7, 8, 9, 12, 17, 64, 301, 2048})
            for (int dim : {5, 16, 64, 256})
                for (bool withBias : {false, true})
                    QTest::addRow("%d keys, dim %d%s", n, dim, withBias ? ", bias" : "")
                        << n << dim << withBias;
    }
    void textAttentionIsTheOneKeyLoopBitForBit() {
        QFETCH(int, keys);
        QFETCH(int, dim);
        QFETCH(bool, withBias);
        const auto n = size_t(keys), hd = size_t(dim);
        std::mt19937 rng(uint32_t(keys * 31 + dim));
        std::normal_distribution<float> dist(0.0f, 2.0f);
        // Keys and values scattered in one buffer, as the KV cache's rows are.
        std::vector<float> store((2 * n + 1) * (hd + 3)), q(hd), bias;
        for (auto& x : store)
            x = dist(rng);
        for (auto& x : q)
            x = dist(rng);
        std::vector<const float*> k(n), v(n);
        for (size_t j = 0; j < n; ++j) {
            k[j] = &store[(2 * (n - 1 - j)) * (hd + 3)];
            v[j] = &store[(2 * j + 1) * (hd + 3) + 1];
        }
        if (withBias)
            for (size_t j = 0; j < n; ++j)
                bias.push_back(j % 5 == 0 ? -INFINITY : dist(rng));
        std::vector<float> got(hd), want(hd);
        attendHead(q.data(), k, v, bias, dim, got.data());
        attendHeadOneKeyAtATime(q.data(), k, v, bias, dim, want.data());
        for (size_t d = 0; d < hd; ++d)
            QVERIFY2(std::memcmp(&got[d], &want[d], sizeof(float)) == 0,
                     qPrintable(QString("output %1: %2, the one-key loop %3")
                                    .arg(d)
                                    .arg(double(got[d]), 0, 'g', 9)
                                    .arg(double(want[d]), 0, 'g', 9)));
    }

    void dotProductMatchesDouble() {
        std::mt19937 rng(3);
        std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
        for (int n : {1, 7, 8, 9, 64, 100, 768}) {
            std::vector<float> a(static_cast<size_t>(n)), b(static_cast<size_t>(n));
            double expected = 0, magnitude = 0;
            for (int i = 0; i < n; ++i) {
                a[size_t(i)] = dist(rng);
                b[size_t(i)] = dist(rng);
                expected += double(a[size_t(i)]) * double(b[size_t(i)]);
                magnitude += std::abs(double(a[size_t(i)]) * double(b[size_t(i)]));
            }
            QVERIFY2(std::abs(double(dot8(a.data(), b.data(), n)) - expected) <= 1e-6 * magnitude,
                     qPrintable(QString("n = %1").arg(n)));
        }
    }

    void parallelForVisitsEachIndexOnce() {
        const size_t n = 10'007;
        std::vector<std::atomic<int>> visits(n);
        parallelFor(n, [&](size_t i) { visits[i].fetch_add(1); });
        for (size_t i = 0; i < n; ++i)
            QCOMPARE(visits[i].load(), 1);
    }

    void parallelForRethrows() {
        // Thrown on a worker thread: it must reach the caller, not std::terminate.
        try {
            parallelFor(size_t{5000}, [](size_t i) {
                if (i == 4321)
                    throw std::runtime_error("row 4321 is bad");
            });
            QFAIL("expected the worker's exception");
        } catch (const std::runtime_error& e) {
            QCOMPARE(QString(e.what()), QString("row 4321 is bad"));
        }
    }
};

QTEST_GUILESS_MAIN(SimKernelsTest)
#include "test_sim_kernels.moc"
