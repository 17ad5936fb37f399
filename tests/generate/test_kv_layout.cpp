// Page table and cumulative mask/positions against rbln-host-algorithms §3.5, §3.6 and §4.3.
#include "common/error.h"
#include "generate/bf16.h"
#include "generate/chunk_plan.h"
#include "generate/kv_sequence.h"
#include "generate/page_table.h"

#include <QTest>

using namespace facet::generate;

namespace {

std::vector<std::int8_t> types(std::initializer_list<std::pair<int, int>> runs) {
    std::vector<std::int8_t> out;
    for (auto [value, count] : runs)
        out.insert(out.end(), std::size_t(count), std::int8_t(value));
    return out;
}

std::vector<std::int32_t> ids(std::size_t n) {
    std::vector<std::int32_t> out(n);
    for (std::size_t i = 0; i < n; ++i)
        out[i] = std::int32_t(1000 + i);
    return out;
}

std::vector<int> onesOf(const KvSequence& seq) {
    std::vector<int> out;
    for (std::size_t j = 0; j < seq.mask().size(); ++j)
        if (seq.mask()[j] == kBf16One)
            out.push_back(int(j));
    return out;
}

} // namespace

class TestKvLayout : public QObject {
    Q_OBJECT
private slots:
    void pageTableExampleA() {
        PageTable table(8192, 1024, 8);
        table.allocate(0, 402);
        QCOMPARE(table.blockTables(), (std::vector<std::int16_t>{0, 1, 1, 1, 1, 1, 1, 1}));
        table.allocate(1024, 1024); // decode enters block 1
        QCOMPARE(table.blockTables(), (std::vector<std::int16_t>{0, 1, 2, 2, 2, 2, 2, 2}));
    }

    void pageTableNextCallRotatesBlocks() {
        PageTable table(8192, 1024, 8);
        table.allocate(0, 1415); // example B: blocks 0 and 1
        QCOMPARE(table.blockTables(), (std::vector<std::int16_t>{0, 1, 2, 2, 2, 2, 2, 2}));
        table.releaseAll(); // pool [2..7, 0, 1]
        table.allocate(0, 10);
        QCOMPARE(table.entry(0), 2);
        QCOMPARE(table.blockTables()[1], std::int16_t(3));
    }

    void pageTableRefusesPastCapacity() {
        PageTable table(2048, 1024, 2);
        QVERIFY_THROWS_EXCEPTION(facet::Error, table.allocate(0, 2048));
        table.allocate(0, 2047);
        QVERIFY_THROWS_EXCEPTION(facet::Error, (void)PageTable(2048, 1000, 2));
    }

    void prefillInputsExampleB() {
        const auto tt = types({{0, 1001}, {1, 264}, {0, 21}});
        const PrefillPlan plan = planPrefill(tt, {128, {1152, 640, 384}, 1024});
        KvSequence seq(8192);
        const auto tokens = ids(tt.size());
        ChunkCallInputs image;
        ChunkCallInputs last;
        for (const PrefillChunk& c : plan.chunks) {
            const ChunkCallInputs in = seq.beginChunk(c, 0, int(tt.size()), tokens);
            if (c.isImage)
                image = in;
            last = in;
        }
        seq.finishPrefill(plan);
        QCOMPARE(image.cachePosition.front(), 1024);
        QCOMPARE(image.positionIds.front(), 1001);
        QCOMPARE(image.queryPosition, std::int16_t(263));
        QCOMPARE(image.positionIds[263], 1264);
        QCOMPARE(image.positionIds[264], 1265); // dead tail holds the next real tokens
        QCOMPARE(last.cachePosition.front(), 1288);
        QCOMPARE(last.cachePosition[20], 1308);
        QCOMPARE(last.cachePosition[21], 23); // past the prompt: 0 + padding, as optimum-rbln
        QCOMPARE(last.positionIds[21], 0);
        QCOMPARE(last.queryPosition, std::int16_t(20));
        const std::vector<int> ones = onesOf(seq);
        QCOMPARE(int(ones.size()), 1286);
        QCOMPARE(ones[1000], 1000);
        QCOMPARE(ones[1001], 1024); // the gap 1001..1023 stays 0
        QCOMPARE(ones.back(), 1308);

        const DecodeCallInputs step = seq.beginDecode(7);
        QCOMPARE(step.positionId, 1286);
        QCOMPARE(step.cachePosition, 1309);
        QCOMPARE(seq.mask()[1309], kBf16One);
        QCOMPARE(seq.length(), 1287);
    }

    void truncateClearsTheMaskAndRestoresPadding() {
        const auto tt = types({{0, 1001}, {1, 264}, {0, 21}});
        const PrefillPlan plan = planPrefill(tt, {128, {1152, 640, 384}, 1024});
        KvSequence seq(8192);
        const auto tokens = ids(tt.size());
        for (const PrefillChunk& c : plan.chunks)
            (void)seq.beginChunk(c, 0, int(tt.size()), tokens);
        seq.finishPrefill(plan);
        seq.truncate(1100); // token 1100 sits at physical 1123
        QCOMPARE(seq.length(), 1100);
        QCOMPARE(seq.padded(), 23);
        QCOMPARE(int(onesOf(seq).size()), 1100);
        QCOMPARE(seq.nextPhysicalSlot(), 1123);
        seq.truncate(500);
        QCOMPARE(seq.padded(), 0);
        QCOMPARE(onesOf(seq).back(), 499);
    }

    void decodePastMaxSeqLenIsRefused() {
        KvSequence seq(4);
        const std::vector<std::int32_t> tokens{5, 6, 7, 8};
        const std::vector<std::int8_t> tt(4, 0);
        const PrefillPlan plan = planPrefill(tt, {128, {}, std::nullopt});
        (void)seq.beginChunk(plan.chunks[0], 0, 4, tokens); // only valid rows must fit
        seq.finishPrefill(plan);
        QVERIFY_THROWS_EXCEPTION(facet::Error, (void)seq.beginDecode(9));
    }
};

QTEST_APPLESS_MAIN(TestKvLayout)
#include "test_kv_layout.moc"
