// The planner against plans worked out by hand from optimum-rbln's _plan_prefill_chunks
// (rbln-host-algorithms §3.5/§3.6 and extra cases for bucket choice and continuation).
#include "common/error.h"
#include "generate/chunk_plan.h"

#include <QTest>

using namespace facet::generate;

namespace {

std::vector<std::int8_t> types(std::initializer_list<std::pair<int, int>> runs) {
    std::vector<std::int8_t> out;
    for (auto [value, count] : runs)
        out.insert(out.end(), std::size_t(count), std::int8_t(value));
    return out;
}

PlanConfig exampleConfig() {
    return {128, {1152, 640, 384}, 1024};
}

void expectChunk(const PrefillChunk& c, int step, int size, int valid, bool image, int padded) {
    QCOMPARE(c.step, step);
    QCOMPARE(c.size, size);
    QCOMPARE(c.valid, valid);
    QCOMPARE(c.isImage, image);
    QCOMPARE(c.paddedBefore, padded);
}

} // namespace

class TestChunkPlan : public QObject {
    Q_OBJECT
private slots:
    void workedExampleA() {
        const auto tt = types({{0, 11}, {1, 264}, {0, 21}});
        const PrefillPlan plan = planPrefill(tt, exampleConfig());
        QCOMPARE(plan.chunks.size(), std::size_t(3));
        expectChunk(plan.chunks[0], 0, 128, 11, false, 0);
        expectChunk(plan.chunks[1], 11, 384, 264, true, 0);
        expectChunk(plan.chunks[2], 275, 128, 21, false, 0);
        QCOMPARE(plan.totalPadded, 0);
        QCOMPARE(plan.allocEnd, 403);
    }

    void workedExampleBPartitionPadding() {
        const auto tt = types({{0, 1001}, {1, 264}, {0, 21}});
        const PrefillPlan plan = planPrefill(tt, exampleConfig());
        QCOMPARE(plan.chunks.size(), std::size_t(10));
        for (int i = 0; i < 7; ++i)
            expectChunk(plan.chunks[std::size_t(i)], 128 * i, 128, 128, false, 0);
        expectChunk(plan.chunks[7], 896, 128, 105, false, 0);
        expectChunk(plan.chunks[8], 1001, 384, 264, true, 23);
        expectChunk(plan.chunks[9], 1265, 128, 21, false, 23);
        QCOMPARE(plan.totalPadded, 23);
        QCOMPARE(plan.allocEnd, 1416);
    }

    void smallestBucketThatHoldsTheRun() {
        // 384 holds 300; 640 holds 385; 1152 holds 641 — and exactly-full buckets are used.
        for (auto [run, bucket] :
             {std::pair{300, 384}, {384, 384}, {385, 640}, {640, 640}, {641, 1152}, {1152, 1152}}) {
            const auto tt = types({{0, 1}, {1, run}, {0, 1}});
            const PrefillPlan plan = planPrefill(tt, {128, {384, 1152, 640}, std::nullopt});
            QCOMPARE(plan.chunks.size(), std::size_t(3));
            expectChunk(plan.chunks[1], 1, bucket, run, true, 0);
        }
    }

    void runLongerThanLargestBucketIsRefused() {
        const auto tt = types({{0, 2}, {1, 1153}});
        QVERIFY_THROWS_EXCEPTION(facet::Error, (void)planPrefill(tt, exampleConfig()));
    }

    void adjacentImagesEachGetTheirOwnChunk() {
        // Two images separated only by EOI/BOI text tokens, then a trailing image at the end.
        const auto tt = types({{0, 3}, {1, 100}, {0, 2}, {1, 200}, {0, 1}, {1, 50}});
        const PrefillPlan plan = planPrefill(tt, {128, {128, 256}, std::nullopt});
        QCOMPARE(plan.chunks.size(), std::size_t(6));
        expectChunk(plan.chunks[0], 0, 128, 3, false, 0);
        expectChunk(plan.chunks[1], 3, 128, 100, true, 0);
        expectChunk(plan.chunks[2], 103, 128, 2, false, 0);
        expectChunk(plan.chunks[3], 105, 256, 200, true, 0);
        expectChunk(plan.chunks[4], 305, 128, 1, false, 0);
        expectChunk(plan.chunks[5], 306, 128, 50, true, 0);
        QCOMPARE(plan.allocEnd, 306 + 128);
    }

    void eagerHasNoAlignment() {
        const auto tt = types({{0, 1001}, {1, 264}, {0, 21}});
        const PrefillPlan plan = planPrefill(tt, {128, {1152, 640, 384}, std::nullopt});
        QCOMPARE(plan.totalPadded, 0);
        expectChunk(plan.chunks[8], 1001, 384, 264, true, 0);
    }

    void textChunkEndingExactlyAtPartitionNeedsNoPadding() {
        // 896 + 128 == 1024: touches the boundary without crossing it.
        const auto tt = types({{0, 1024 + 5}});
        const PrefillPlan plan = planPrefill(tt, exampleConfig());
        QCOMPARE(plan.totalPadded, 0);
        QCOMPARE(plan.chunks.size(), std::size_t(9));
        expectChunk(plan.chunks[8], 1024, 128, 5, false, 0);
    }

    void continuationStartsFromTheCachedState() {
        // 1000 cached tokens with 0 padding; the appended segment = 1 text + 264 image + 3 text.
        const auto tt = types({{0, 1}, {1, 264}, {0, 3}});
        const PrefillPlan plan = planPrefill(tt, exampleConfig(), 1000, 0);
        QCOMPARE(plan.chunks.size(), std::size_t(3));
        // Text at 1000: 1000 + 128 > 1024 -> padded 24, physical 1024.
        expectChunk(plan.chunks[0], 1000, 128, 1, false, 24);
        expectChunk(plan.chunks[1], 1001, 384, 264, true, 24);
        expectChunk(plan.chunks[2], 1265, 128, 3, false, 24);
        QCOMPARE(plan.totalPadded, 24);
        QCOMPARE(plan.allocEnd, 1265 + 24 + 128);
    }

    void continuationKeepsEarlierPadding() {
        const auto tt = types({{0, 10}});
        const PrefillPlan plan = planPrefill(tt, exampleConfig(), 500, 23);
        expectChunk(plan.chunks[0], 500, 128, 10, false, 23);
        QCOMPARE(plan.totalPadded, 23);
    }
};

QTEST_APPLESS_MAIN(TestChunkPlan)
#include "test_chunk_plan.moc"
