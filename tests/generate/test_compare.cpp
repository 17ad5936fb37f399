// Session::compare on the simulator: every column must equal a single request at that level
// in a fresh session with the same seed (same logits at every step, same fed tokens, same
// reply and stats), at 3 levels, with and without history, greedy and sampled; plus what the
// columns report as reused, Stop, and a failing column that leaves the others running.
#include "common/crc32.h"
#include "common/error.h"
#include "generate/compare.h"
#include "sim_fixture.h"

#include <QTest>

using namespace facet::generate;
using namespace gentest;

namespace {

const std::atomic<bool> kNoStop{false};

// What one request (a column, or a single ask) produced, as the probe and the sink saw it.
struct Record {
    std::string reply, content;
    std::optional<Stats> stats;
    std::optional<std::string> error;
    std::vector<PhaseEvent> phases;
    std::vector<std::uint32_t> logits;                    // CRC-32 of each step's logits
    std::vector<std::pair<int, std::int32_t>> fedSingles; // (position, id) of 1-token feeds
};

// Points the session's probe at whichever record is current.
void attachProbe(SessionImpl& session, Record*& current) {
    session.probe.onLogits = [&current](std::span<const std::uint16_t> l) {
        current->logits.push_back(facet::crc32(std::as_bytes(l)));
    };
    session.probe.onFed = [&current](int start, std::span<const std::int32_t> ids,
                                     std::span<const std::uint16_t>) {
        if (ids.size() == 1)
            current->fedSingles.emplace_back(start, ids[0]);
    };
}

struct CompareRecorder : CompareSink {
    std::vector<Record> columns;
    std::vector<int> levels;
    std::optional<std::uint64_t> seed;
    Record* current = nullptr;
    std::function<void(int column)> onAnyText;

    explicit CompareRecorder(std::size_t n) : columns(n) {}
    void onColumnStarted(int column, int level, std::optional<std::uint64_t> s) override {
        QCOMPARE(std::size_t(column), levels.size()); // columns in order, each once
        levels.push_back(level);
        seed = s;
        current = &columns[std::size_t(column)];
    }
    void onPhase(int column, const PhaseEvent& e) override {
        columns[std::size_t(column)].phases.push_back(e);
    }
    void onText(int column, std::string_view c, std::string_view) override {
        columns[std::size_t(column)].content += c;
        if (onAnyText)
            onAnyText(column);
    }
    void onFinished(int column, const Stats& s, const std::string& r) override {
        columns[std::size_t(column)].stats = s;
        columns[std::size_t(column)].reply = r;
    }
    void onError(int column, const facet::ErrorInfo& e, const Stats& s) override {
        columns[std::size_t(column)].error = e.message;
        columns[std::size_t(column)].stats = s;
    }
};

struct AskSink : EventSink {
    Record* record;
    explicit AskSink(Record* r) : record(r) {}
    void onPhase(const PhaseEvent& e) override { record->phases.push_back(e); }
    void onText(std::string_view c, std::string_view) override { record->content += c; }
    void onFinished(const Stats& s, const std::string& r) override {
        record->stats = s;
        record->reply = r;
    }
    void onError(const facet::ErrorInfo& e, const Stats& s) override {
        record->error = e.message;
        record->stats = s;
    }
};

Request turnRequest(std::vector<UserPart> parts, bool sampled, int maxNew = 6) {
    Request r;
    r.newUserTurn = std::move(parts);
    r.sampling.doSample = sampled;
    r.sampling.seed = sampled ? std::optional<std::uint64_t>(1234) : std::nullopt;
    r.sampling.maxNewTokens = maxNew;
    return r;
}

// Logical length of the cache after a request: its prompt plus every generated token but the
// last (the stop token, or the last one allowed, is never fed).
int cacheLengthAfter(const Stats& s) {
    return s.promptTokens + s.generatedTokens - 1;
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT

    std::shared_ptr<EngineImpl> engine;

    // A single request at `level` in a fresh session: the independent path each column must equal.
    Record ask(Request request, int level) {
        for (UserPart& p : request.newUserTurn)
            if (p.kind == UserPart::Kind::Image)
                p.image.level = level;
        SessionImpl session(engine);
        Record record;
        Record* current = &record;
        attachProbe(session, current);
        AskSink sink(&record);
        session.generate(request, sink, kNoStop);
        return record;
    }

    CompareRecorder runCompare(SessionImpl& session, const Request& request,
                               const std::vector<int>& levels) {
        CompareRecorder rec(levels.size());
        attachProbe(session, rec.current);
        session.compare({request, levels}, rec, kNoStop);
        return rec;
    }

    void checkColumnsEqualAsks(const Request& request, const std::vector<int>& levels,
                               int imagesInTurn) {
        SessionImpl session(engine);
        const CompareRecorder rec = runCompare(session, request, levels);
        QCOMPARE(rec.levels, levels);
        QCOMPARE(rec.seed, request.sampling.seed);
        for (std::size_t c = 0; c < levels.size(); ++c) {
            const Record& col = rec.columns[c];
            const Record single = ask(request, levels[c]);
            QVERIFY2(!col.error, col.error ? col.error->c_str() : "");
            QVERIFY2(!single.error, single.error ? single.error->c_str() : "");
            QVERIFY(col.stats && single.stats);
            qInfo("level %d: prompt %d, reused %d, prefilled %d, generated %d, %s", levels[c],
                  col.stats->promptTokens, col.stats->reusedTokens, col.stats->tokensPrefilled,
                  col.stats->generatedTokens, toString(col.stats->finishReason));
            QVERIFY(!single.logits.empty());
            QCOMPARE(col.logits, single.logits);
            QCOMPARE(col.fedSingles, single.fedSingles);
            QCOMPARE(col.reply, single.reply);
            QCOMPARE(col.content, single.content);
            QCOMPARE(col.stats->promptTokens, single.stats->promptTokens);
            QCOMPARE(col.stats->generatedTokens, single.stats->generatedTokens);
            QCOMPARE(col.stats->stopTokenId, single.stats->stopTokenId);
            QVERIFY(col.stats->finishReason == single.stats->finishReason);
            QCOMPARE(col.stats->images.size(),
                     std::size_t(imagesInTurn) + (request.history.empty() ? 0 : 1));
            for (std::size_t i = 0; i < col.stats->images.size(); ++i) {
                QCOMPARE(col.stats->images[i].softTokens, single.stats->images[i].softTokens);
                QCOMPARE(col.stats->images[i].bucket, single.stats->images[i].bucket);
                QCOMPARE(col.stats->images[i].level, single.stats->images[i].level);
            }
            QCOMPARE(col.stats->images.back().level, levels[c]);
            // What was shared: the turn's images preprocessed once; the prefix kept in the
            // cache whenever the previous column stayed inside the sliding window.
            QCOMPARE(col.stats->sharedPreprocessedImages, imagesInTurn);
            QCOMPARE(single.stats->sharedPreprocessedImages, 0);
            QCOMPARE(col.stats->reusedTokens + col.stats->tokensPrefilled, col.stats->promptTokens);
            if (c == 0) {
                QCOMPARE(col.stats->reusedTokens, 0);
            } else {
                const bool exact =
                    cacheLengthAfter(*rec.columns[c - 1].stats) <= engine->spec.slidingWindow;
                QCOMPARE(col.stats->reusedTokens > 0, exact);
            }
        }
    }

    Request withHistory(Request r) {
        const Request first =
            turnRequest({image(testImage(96, 64, 31), 70), text("Hi there.")}, false, 4);
        const Record firstReply = ask(first, 70);
        r.history = {{Turn::Role::User, first.newUserTurn, {}},
                     {Turn::Role::Model, {}, firstReply.reply}};
        return r;
    }

private slots:
    void initTestCase() {
        const std::atomic<bool> stop{false};
        // The vision cache off: these tests check what a comparison shares by itself (the same
        // images recur across tests); test_generate_vision_cache covers compare with the cache.
        LoadOptions options{simModelDir("sim-model-compare"), 0, {}, true};
        options.visionCacheBytes = 0;
        engine = std::make_shared<EngineImpl>(options, nullptr, stop);
        QCOMPARE(engine->info.detailLevels, (std::vector<int>{70, 140, 280}));
        QVERIFY(engine->spec.slidingWindow > 0);
    }

    void columnsEqualAsks_data() {
        QTest::addColumn<bool>("history");
        QTest::addColumn<bool>("sampled");
        QTest::newRow("greedy") << false << false;
        QTest::newRow("sampled") << false << true;
        QTest::newRow("history greedy") << true << false;
        QTest::newRow("history sampled") << true << true;
    }
    void columnsEqualAsks() {
        QFETCH(bool, history);
        QFETCH(bool, sampled);
        Request r =
            turnRequest({image(testImage(160, 120, 32), 70), text("What is this?")}, sampled);
        if (history)
            r = withHistory(r);
        checkColumnsEqualAsks(r, {70, 140, 280}, 1);
    }

    void twoImagesAndDescendingLevels() {
        // 280 first: its column passes the sliding window, so the next one re-prefills.
        Request r = turnRequest({text("Compare"), image(testImage(160, 120, 33), 70), text("and"),
                                 image(testImage(120, 160, 34), 70), text("please.")},
                                true);
        checkColumnsEqualAsks(withHistory(r), {280, 70, 140}, 2);
    }

    void seedIsChosenOnceForAllColumns() {
        Request r = turnRequest({image(testImage(160, 120, 35), 70), text("Hm?")}, true);
        r.sampling.seed.reset();
        SessionImpl session(engine);
        const CompareRecorder rec = runCompare(session, r, {70, 140});
        QVERIFY(rec.seed.has_value());
        r.sampling.seed = rec.seed;
        const Record single = ask(r, 140);
        QCOMPARE(rec.columns[1].reply, single.reply);
        QCOMPARE(rec.columns[1].logits, single.logits);
    }

    void stopEndsTheWholeComparison() {
        SessionImpl session(engine);
        std::atomic<bool> stop{false};
        CompareRecorder rec(3);
        attachProbe(session, rec.current);
        rec.onAnyText = [&](int column) {
            if (column == 1)
                stop.store(true);
        };
        session.compare(
            {turnRequest({image(testImage(160, 120, 36), 70), text("Go on.")}, false, 40),
             {70, 140, 280}},
            rec, stop);
        QVERIFY(rec.columns[0].stats && !rec.columns[0].error);
        QVERIFY(rec.columns[1].stats);
        if (rec.columns[1].content.empty())
            QSKIP("the tiny random model produced no text in column 1");
        QVERIFY(rec.columns[1].stats->finishReason == FinishReason::Cancelled);
        QVERIFY(rec.columns[2].stats);
        QVERIFY(rec.columns[2].stats->finishReason == FinishReason::Cancelled);
        QCOMPARE(rec.columns[2].stats->generatedTokens, 0);
        QVERIFY(rec.columns[2].logits.empty()); // never reached the device
    }

    void failingColumnIsReportedThereAndTheOthersRun() {
        const Request r = turnRequest({image(testImage(160, 120, 37), 70), text("Why?")}, false);
        // The vision tower runs once per column: its second run is column 1's.
        engine->runtime->api().facet_sim_inject_fault("vision_tower", 2,
                                                      "simulated NPU fault: vision lost");
        SessionImpl session(engine);
        const CompareRecorder rec = runCompare(session, r, {70, 140, 280});
        QVERIFY(!rec.columns[0].error);
        QVERIFY(rec.columns[1].error);
        QVERIFY2(rec.columns[1].error->find("simulated NPU fault: vision lost") !=
                     std::string::npos,
                 rec.columns[1].error->c_str());
        QVERIFY(rec.columns[1].stats->finishReason == FinishReason::Error);
        QVERIFY2(!rec.columns[2].error, rec.columns[2].error ? rec.columns[2].error->c_str() : "");
        QCOMPARE(rec.columns[2].reply, ask(r, 280).reply);
        QCOMPARE(rec.columns[2].stats->reusedTokens, 0); // the failed column left no cache
    }

    void contextFullInOneColumnOnly() {
        // A long text before the image: levels 70 and 140 fit max_seq_len 2048, 280 does not.
        std::string words;
        for (int i = 0; i < 580; ++i)
            words += "word" + std::to_string(i % 97) + " ";
        const Request r = turnRequest(
            {text(words), image(testImage(160, 120, 39), 70), text("Summarize.")}, false, 4);
        const Record full = ask(r, 280);
        QVERIFY(full.error); // the premise: a single request at 280 is refused
        QVERIFY(full.stats->finishReason == FinishReason::ContextFull);
        SessionImpl session(engine);
        const CompareRecorder rec = runCompare(session, r, {70, 280, 140});
        QVERIFY2(!rec.columns[0].error, rec.columns[0].error ? rec.columns[0].error->c_str() : "");
        QVERIFY(rec.columns[1].error);
        QCOMPARE(*rec.columns[1].error, *full.error);
        QVERIFY(rec.columns[1].stats->finishReason == FinishReason::ContextFull);
        QVERIFY2(!rec.columns[2].error, rec.columns[2].error ? rec.columns[2].error->c_str() : "");
        const Record single = ask(r, 140);
        QCOMPARE(rec.columns[2].logits, single.logits);
        QCOMPARE(rec.columns[2].reply, single.reply);
    }

    void invalidComparisonsAreRefusedBeforeTheDevice() {
        SessionImpl session(engine);
        CompareRecorder rec(2);
        const Request r = turnRequest({image(testImage(64, 64, 38), 70), text("?")}, false);
        auto refused = [&](const Request& req, std::vector<int> levels, const char* needle) {
            try {
                session.compare({req, std::move(levels)}, rec, kNoStop);
            } catch (const facet::Error& e) {
                QVERIFY2(std::string(e.what()).find(needle) != std::string::npos, e.what());
                return;
            }
            QFAIL("not refused");
        };
        refused(r, {70, 560},
                "detail level 560 is not compiled into this model (compiled: 70, "
                "140, 280)");
        refused(r, {70}, "2 to 5 detail levels");
        refused(r, {70, 70}, "listed twice");
        refused(turnRequest({text("no image")}, false), {70, 140}, "needs at least one image");
        QVERIFY(rec.levels.empty()); // no column started
    }
};

QTEST_APPLESS_MAIN(TestCompare)
#include "test_compare.moc"
