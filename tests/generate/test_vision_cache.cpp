// The engine's vision cache (issue #12 item 6): encodings kept per (image content, level) and
// shared by the sessions of an engine, filled by requests and by Engine::preencode. A request
// whose images come from the cache must equal one that encodes them, token for token: each case
// is compared with the same request in a fresh session of an engine whose cache is off (the
// independent path), greedy and sampled, and across Session::compare.
#include "common/crc32.h"
#include "generate/compare.h"
#include "generate/stats_json.h"
#include "sim_fixture.h"

#include <QTest>

using namespace facet::generate;
using namespace gentest;

namespace {

const std::atomic<bool> kNoStop{false};

struct Outcome {
    std::vector<std::uint32_t> logits; // CRC-32 per prefill / decode step
    std::vector<std::uint32_t> fed;    // CRC-32 of the embedding rows of each feed
    std::string reply;
    std::optional<Stats> stats;
    std::optional<std::string> error;
    std::vector<PhaseEvent> phases;
};

void attach(SessionImpl& session, Outcome*& current) {
    session.probe.onLogits = [&current](std::span<const std::uint16_t> l) {
        current->logits.push_back(facet::crc32(std::as_bytes(l)));
    };
    session.probe.onFed = [&current](int, std::span<const std::int32_t>,
                                     std::span<const std::uint16_t> embeds) {
        current->fed.push_back(facet::crc32(std::as_bytes(embeds)));
    };
}

struct Sink : EventSink {
    Outcome* out;
    explicit Sink(Outcome* o) : out(o) {}
    void onPhase(const PhaseEvent& e) override { out->phases.push_back(e); }
    void onText(std::string_view, std::string_view) override {}
    void onFinished(const Stats& s, const std::string& r) override {
        out->stats = s;
        out->reply = r;
    }
    void onError(const facet::ErrorInfo& e, const Stats& s) override {
        out->error = e.message;
        out->stats = s;
    }
};

struct CompareOutcome : CompareSink {
    std::vector<Outcome> columns;
    Outcome* current = nullptr;
    explicit CompareOutcome(std::size_t n) : columns(n) {}
    void onColumnStarted(int column, int, std::optional<std::uint64_t>) override {
        current = &columns[std::size_t(column)];
    }
    void onPhase(int c, const PhaseEvent& e) override {
        columns[std::size_t(c)].phases.push_back(e);
    }
    void onText(int, std::string_view, std::string_view) override {}
    void onFinished(int c, const Stats& s, const std::string& r) override {
        columns[std::size_t(c)].stats = s;
        columns[std::size_t(c)].reply = r;
    }
    void onError(int c, const facet::ErrorInfo& e, const Stats& s) override {
        columns[std::size_t(c)].error = e.message;
        columns[std::size_t(c)].stats = s;
    }
};

Request request(std::vector<UserPart> parts, bool sampled) {
    Request r;
    r.newUserTurn = std::move(parts);
    r.sampling.doSample = sampled;
    r.sampling.seed = sampled ? std::optional<std::uint64_t>(77) : std::nullopt;
    r.sampling.maxNewTokens = 6;
    return r;
}

int visionEvents(const Outcome& o) {
    return static_cast<int>(
        std::count_if(o.phases.begin(), o.phases.end(),
                      [](const PhaseEvent& e) { return e.phase == Phase::Vision; }));
}

void checkSame(const Outcome& a, const Outcome& b) {
    QVERIFY2(!a.error, a.error ? a.error->c_str() : "");
    QVERIFY2(!b.error, b.error ? b.error->c_str() : "");
    QVERIFY(!b.logits.empty());
    QCOMPARE(a.fed, b.fed);
    QCOMPARE(a.logits, b.logits);
    QCOMPARE(a.reply, b.reply);
    QCOMPARE(a.stats->generatedTokens, b.stats->generatedTokens);
}

} // namespace

class TestVisionCache : public QObject {
    Q_OBJECT

    std::shared_ptr<EngineImpl> load(std::size_t cacheBytes) {
        LoadOptions o{simModelDir("sim-model-vision-cache"), 0, {}, true};
        o.visionCacheBytes = cacheBytes;
        return std::make_shared<EngineImpl>(o, nullptr, kNoStop);
    }

    static Outcome ask(const std::shared_ptr<EngineImpl>& engine, const Request& r) {
        SessionImpl session(engine);
        Outcome out;
        Outcome* current = &out;
        attach(session, current);
        Sink sink(&out);
        session.generate(r, sink, kNoStop);
        return out;
    }

private slots:
    void lruCountsBytesAndEvicts() {
        VisionCache cache(100);
        auto rows = [](std::size_t n) {
            return std::make_shared<const std::vector<std::uint16_t>>(n, std::uint16_t{1});
        };
        cache.insert("a", rows(20)); // 40 bytes
        cache.insert("b", rows(20));
        QCOMPARE(cache.bytes(), std::size_t{80});
        QVERIFY(cache.find("a"));    // a is now the most recent
        cache.insert("c", rows(20)); // 120 > 100: b goes
        QCOMPARE(cache.bytes(), std::size_t{80});
        QVERIFY(cache.contains("a") && cache.contains("c") && !cache.contains("b"));
        cache.insert("huge", rows(60)); // larger than the whole cache: not kept
        QVERIFY(!cache.contains("huge"));
        QCOMPARE(cache.entries(), std::size_t{2});
        cache.setMaxBytes(0);
        QCOMPARE(cache.entries(), std::size_t{0});
        QCOMPARE(cache.bytes(), std::size_t{0});
    }

    void cachedEqualsEncoded_data() {
        QTest::addColumn<bool>("sampled");
        QTest::newRow("greedy") << false;
        QTest::newRow("sampled") << true;
    }
    // A second session (as after a stop, an edit or a regenerate, where the KV cache cannot be
    // continued) takes both images from the cache and equals a run that encodes them.
    void cachedEqualsEncoded() {
        QFETCH(bool, sampled);
        const auto engine = load(std::size_t{512} << 20);
        const Request r = request({text("Compare"), image(testImage(160, 120, 81), 140),
                                   text("with"), image(testImage(96, 128, 82), 70)},
                                  sampled);
        const Outcome first = ask(engine, r);
        QCOMPARE(first.stats->imagesReused, 0);
        QCOMPARE(visionEvents(first), 2);
        QCOMPARE(engine->visionCache.entries(), std::size_t{2});

        const Outcome again = ask(engine, r);
        QCOMPARE(again.stats->imagesReused, 2);
        QVERIFY(again.stats->images[0].encodingReused && again.stats->images[1].encodingReused);
        QCOMPARE(visionEvents(again), 0); // reused images send no Vision event
        const nlohmann::json j = statsToJson(*again.stats);
        QCOMPARE(j["images_reused"].get<int>(), 2);
        QCOMPARE(j["images"][0]["encoding_reused"].get<bool>(), true);

        const Outcome reference = ask(load(0), r);
        QCOMPARE(reference.stats->imagesReused, 0);
        checkSame(again, reference);
        checkSame(first, reference);
    }

    // The same file at another level is another encoding; the cache off never reuses.
    void levelIsPartOfTheKeyAndZeroDisables() {
        const auto engine = load(std::size_t{512} << 20);
        const auto img = testImage(160, 120, 83);
        (void)ask(engine, request({image(img, 70), text("?")}, false));
        const Outcome other = ask(engine, request({image(img, 140), text("?")}, false));
        QCOMPARE(other.stats->imagesReused, 0);
        checkSame(other, ask(load(0), request({image(img, 140), text("?")}, false)));

        const auto off = load(0);
        (void)ask(off, request({image(img, 70), text("?")}, false));
        QCOMPARE(ask(off, request({image(img, 70), text("?")}, false)).stats->imagesReused, 0);
        QCOMPARE(off->visionCache.entries(), std::size_t{0});
    }

    void preencodeFillsTheCache_data() { cachedEqualsEncoded_data(); }
    void preencodeFillsTheCache() {
        QFETCH(bool, sampled);
        const auto engine = load(std::size_t{512} << 20);
        const auto a = testImage(160, 120, 84), b = testImage(128, 96, 85);
        const PreencodeResult pre =
            engine->preencode({{a, 280}, {b, 70}, {a, 280}, {"/no/such/image.png", 70}}, kNoStop);
        QCOMPARE(pre.encoded, 2);
        QCOMPARE(pre.alreadyCached, 1);
        QVERIFY(!pre.cancelled);
        QCOMPARE(pre.problems.size(), std::size_t{1});
        QVERIFY(pre.problems[0].find("/no/such/image.png") != std::string::npos);

        const Request r = request({image(a, 280), text("and"), image(b, 70), text("?")}, sampled);
        const Outcome cached = ask(engine, r);
        QCOMPARE(cached.stats->imagesReused, 2);
        QCOMPARE(visionEvents(cached), 0);
        checkSame(cached, ask(load(0), r));

        std::atomic<bool> stopped{true};
        const PreencodeResult none = engine->preencode({{a, 140}}, stopped);
        QVERIFY(none.cancelled);
        QCOMPARE(none.encoded, 0);
    }

    // Session::compare takes cached levels from the cache (and does not preprocess them) and
    // its columns equal the columns of a comparison that encodes everything.
    void compareUsesTheCache_data() { cachedEqualsEncoded_data(); }
    void compareUsesTheCache() {
        QFETCH(bool, sampled);
        const auto engine = load(std::size_t{512} << 20);
        const auto img = testImage(160, 120, 86);
        QCOMPARE(engine->preencode({{img, 70}, {img, 280}}, kNoStop).encoded, 2);
        const Request r = request({image(img, 70), text("What is it?")}, sampled);
        const std::vector<int> levels{70, 140, 280};

        auto runCompare = [&](const std::shared_ptr<EngineImpl>& e) {
            SessionImpl session(e);
            CompareOutcome rec(levels.size());
            attach(session, rec.current);
            session.compare({r, levels}, rec, kNoStop);
            return rec;
        };
        const CompareOutcome cached = runCompare(engine);
        const CompareOutcome reference = runCompare(load(0));
        for (std::size_t c = 0; c < levels.size(); ++c) {
            checkSame(cached.columns[c], reference.columns[c]);
            const bool fromCache = levels[c] != 140;
            QCOMPARE(cached.columns[c].stats->imagesReused, fromCache ? 1 : 0);
            QCOMPARE(cached.columns[c].stats->sharedPreprocessedImages, fromCache ? 0 : 1);
            QCOMPARE(visionEvents(cached.columns[c]), fromCache ? 0 : 1);
        }
        // A second comparison finds every level cached.
        const CompareOutcome again = runCompare(engine);
        for (std::size_t c = 0; c < levels.size(); ++c) {
            QCOMPARE(again.columns[c].stats->imagesReused, 1);
            checkSame(again.columns[c], reference.columns[c]);
        }
    }
};

QTEST_GUILESS_MAIN(TestVisionCache)
#include "test_vision_cache.moc"
