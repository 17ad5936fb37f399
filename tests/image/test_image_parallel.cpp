// The worker pool behind the image pipeline's parallelFor: every index is visited exactly once,
// whatever the split; an exception in any chunk reaches the caller and leaves the pool usable;
// several threads can use the pool at the same time (the app's thumbnail decoder and the engine).
#include "common/parallel.h"

#include <QTest>
#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

using facet::parallelFor;

namespace {

// Visits [0, count) with parallelFor and returns how often each index was seen.
std::vector<int> visits(int count, int threads) {
    std::vector<std::atomic<int>> seen(static_cast<size_t>(count));
    parallelFor(count, threads, [&](int begin, int end) {
        for (int i = begin; i < end; ++i)
            ++seen[static_cast<size_t>(i)];
    });
    std::vector<int> out;
    for (auto& s : seen)
        out.push_back(s.load());
    return out;
}

} // namespace

class TestImageParallel : public QObject {
    Q_OBJECT
private slots:
    void everyIndexOnce() {
        for (int count : {0, 1, 2, 7, 100, 1001})
            for (int threads : {1, 2, 3, 8, 64}) {
                const std::vector<int> seen = visits(count, threads);
                QCOMPARE(seen.size(), static_cast<size_t>(count));
                for (int s : seen)
                    QCOMPARE(s, 1);
            }
    }

    void exceptionReachesCallerAndPoolStaysUsable() {
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, parallelFor(64, 8, [](int begin, int) {
                                     if (begin >= 32)
                                         throw std::runtime_error("chunk failed");
                                 }));
        const std::vector<int> seen = visits(500, 4);
        QCOMPARE(std::count(seen.begin(), seen.end(), 1), 500);
    }

    void concurrentCallers() {
        std::atomic<int> failures{0};
        std::vector<std::thread> callers;
        for (int c = 0; c < 6; ++c)
            callers.emplace_back([&, c] {
                for (int round = 0; round < 50; ++round) {
                    const std::vector<int> seen = visits(97 + c * 13 + round, 1 + (round + c) % 5);
                    if (std::count(seen.begin(), seen.end(), 1) != static_cast<long>(seen.size()))
                        ++failures;
                }
            });
        for (auto& t : callers)
            t.join();
        QCOMPARE(failures.load(), 0);
    }
};

QTEST_GUILESS_MAIN(TestImageParallel)
#include "test_image_parallel.moc"
