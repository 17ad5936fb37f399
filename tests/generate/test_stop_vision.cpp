// Stop during image encoding (issue #12 item 5). The simulator's vision tower checks the stop
// flag the engine hands it (facet_sim_set_cancel_flag) inside its run, so Stop 50 ms into the
// vision phase of a 1120-level image ends the request within milliseconds as Cancelled, not as
// an error, where the whole run takes seconds. The session stays usable: the next request equals
// the same request in a fresh session of an engine that never saw the stop, token for token.
#include "common/crc32.h"
#include "generate/vision_inputs.h"
#include "image/image.h"
#include "image/preprocess.h"
#include "sim_fixture.h"

#include <QTest>

#include <chrono>
#include <thread>

using namespace facet::generate;
using namespace gentest;
using Clock = std::chrono::steady_clock;

namespace {

const std::atomic<bool> kNoStop{false};

// Bounds are generous: the printed times are what matters (goal: 100 ms). A stop that lands in
// host work (decoding, resizing, the patch projection) waits for its current step, which on a
// heavily shared CPU took up to ~2 s once (decoding alone went from 19 ms to 2.5 s).
constexpr double kRunBoundMs = 1000;  // inside the simulator's vision run
constexpr double kHostBoundMs = 5000; // paths that include host steps

double msBetween(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

// Sets `stop` `delay` after the first Vision phase event and remembers when.
struct StopInVision : Recorder {
    std::atomic<bool>* stop = nullptr;
    std::chrono::milliseconds delay{50};
    std::jthread timer;
    std::atomic<Clock::time_point> stoppedAt{};

    void onPhase(const PhaseEvent& e) override {
        Recorder::onPhase(e);
        if (e.phase == Phase::Vision && !timer.joinable())
            timer = std::jthread([this] {
                std::this_thread::sleep_for(delay);
                stoppedAt = Clock::now();
                stop->store(true);
            });
    }
};

struct Outcome {
    std::vector<std::uint32_t> logits; // CRC-32 per prefill / decode step
    std::string reply;
    std::optional<Stats> stats;
    std::optional<std::string> error;
};

Request firstTurn() {
    Request r;
    r.newUserTurn = {image(testImage(96, 64, 71), 70), text("What is this?")};
    r.sampling.doSample = false;
    r.sampling.maxNewTokens = 5;
    return r;
}

} // namespace

class TestStopVision : public QObject {
    Q_OBJECT

    std::shared_ptr<EngineImpl> engine;

    std::shared_ptr<EngineImpl> load(std::size_t cacheBytes) {
        LoadOptions o{simModel1120Dir("sim-model-1120"), 0, {}, true};
        o.visionCacheBytes = cacheBytes;
        return std::make_shared<EngineImpl>(o, nullptr, kNoStop);
    }

    static Outcome run(SessionImpl& session, const Request& r) {
        Outcome out;
        session.probe.onLogits = [&](std::span<const std::uint16_t> l) {
            out.logits.push_back(facet::crc32(std::as_bytes(l)));
        };
        Recorder rec;
        session.generate(r, rec, kNoStop);
        out.reply = rec.reply;
        out.stats = rec.stats;
        out.error = rec.error;
        session.probe = {};
        return out;
    }

    // The turn after `first` (whose reply was `firstReply`) plus a text-only follow-up.
    static Request followUp(const Request& first, const std::string& firstReply,
                            std::vector<UserPart> parts) {
        Request r = first;
        r.history = {{Turn::Role::User, first.newUserTurn, {}},
                     {Turn::Role::Model, {}, firstReply}};
        r.newUserTurn = std::move(parts);
        return r;
    }

private slots:
    void initTestCase() {
        engine = load(std::size_t{512} << 20);
        QVERIFY(engine->runtime->canCancelRuns());
        QCOMPARE(engine->info.detailLevels, (std::vector<int>{70, 1120}));
    }

    // Stops `stop` 50 ms after the call starts; returns the ms from the stop to the return
    // and whether `body` ended in device::RunCancelled.
    static std::pair<double, bool> stopAfter50ms(std::atomic<bool>& stop,
                                                 const std::function<void()>& body) {
        std::atomic<Clock::time_point> stoppedAt{};
        std::jthread timer([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            stoppedAt = Clock::now();
            stop = true;
        });
        bool cancelled = false;
        try {
            body();
        } catch (const facet::device::RunCancelled&) {
            cancelled = true;
        }
        const auto end = Clock::now();
        timer.join();
        return {msBetween(stoppedAt.load(), end), cancelled};
    }

    // The simulator's vision graph at 1120 alone (host inputs made beforehand), stopped 50 ms
    // into rbln_run: without its checks inside the run this takes seconds.
    void visionRunStopsInsideTheRun() {
        // What cannot stop midway: decoding and resizing (Stop is checked after them).
        const auto t0 = Clock::now();
        const auto decoded = facet::image::decodeImage(testImage(1600, 1200, 72));
        const auto t1 = Clock::now();
        const auto pre = facet::image::preprocess(decoded, 1120);
        qInfo("1600x1200 BMP: decode %.1f ms, preprocess to 1120 %.1f ms", msBetween(t0, t1),
              msBetween(t1, Clock::now()));
        QCOMPARE(pre.softTokens, 1064);
        const ModelSpec& spec = engine->spec;
        const Bf16Table proj(*engine->visionArtifacts, "patch_embedder.input_proj.weight",
                             {spec.visionHidden, facet::image::kPatchValues});
        const Bf16Table table(*engine->visionArtifacts, "patch_embedder.position_embedding_table",
                              {2, spec.positionSize, spec.visionHidden});
        const VisionInputs in = buildVisionInputs({proj.data(), table.data(), spec.visionHidden,
                                                   facet::image::kPatchValues, spec.positionSize},
                                                  pre.pixelValues, pre.positions,
                                                  spec.visionHeadDim, spec.visionRopeTheta);
        NamedGraph& graph = engine->graphs->vision(1120);
        graph.set("inputs_embeds", in.inputsEmbeds);
        graph.set("pixel_position_ids", pre.positions);
        graph.set("attn_mask", in.attnMask);
        graph.set("padding_positions", in.padding);
        graph.set("cos", in.cos);
        graph.set("sin", in.sin);
        std::atomic<bool> stop{false};
        const facet::device::CancelScope scope(*engine->runtime, stop);
        const auto [latency, cancelled] = stopAfter50ms(stop, [&] { graph.run(); });
        qInfo("vision graph at 1120: returned %.1f ms after a stop 50 ms into the run", latency);
        QVERIFY(cancelled);
        QVERIFY2(latency < kRunBoundMs, "the run must stop within 100 ms (1 s allowed)");
    }

    // The whole encoder (host inputs, then the run): Stop is not held up by the host work.
    void encoderStopsDuringHostInputs() {
        const auto pre =
            facet::image::preprocess(facet::image::decodeImage(testImage(1600, 1200, 72)), 1120);
        std::atomic<bool> stop{false};
        const facet::device::CancelScope scope(*engine->runtime, stop);
        const auto [latency, cancelled] =
            stopAfter50ms(stop, [&] { (void)engine->vision->encode(pre, &stop); });
        qInfo("vision encoder at 1120: returned %.1f ms after a stop 50 ms in", latency);
        QVERIFY(cancelled);
        QVERIFY2(latency < kHostBoundMs, "the encoder must stop within 100 ms (5 s allowed)");
    }

    void stopDuringVisionPhase() {
        SessionImpl session(engine);
        const Request first = firstTurn();
        const Outcome turn1 = run(session, first);
        QVERIFY2(!turn1.error, turn1.error ? turn1.error->c_str() : "");

        // Turn 2 asks about a 1120-level image; Stop 50 ms into its vision phase.
        const Request big = followUp(
            first, turn1.reply, {image(testImage(1600, 1200, 72), 1120), text("And this one?")});
        std::atomic<bool> stop{false};
        StopInVision sink;
        sink.stop = &stop;
        session.generate(big, sink, stop);
        const auto returned = Clock::now();
        QVERIFY2(sink.timer.joinable(), sink.error ? sink.error->c_str() : "no Vision phase");
        sink.timer.join();
        const double latency = msBetween(sink.stoppedAt.load(), returned);
        qInfo("Stop 50 ms into the 1120 vision phase: generate returned %.1f ms after the stop",
              latency);
        QVERIFY2(!sink.error, sink.error ? sink.error->c_str() : "");
        QVERIFY(sink.stats);
        QVERIFY(sink.stats->finishReason == FinishReason::Cancelled);
        QCOMPARE(sink.stats->generatedTokens, 0);
        QVERIFY2(latency < kHostBoundMs,
                 "Stop must end the vision phase within 100 ms (5 s allowed)");
        QVERIFY(engine->visionCache.find(
                    engine->describeImage({testImage(1600, 1200, 72), 1120}).key) ==
                nullptr); // nothing half-encoded kept

        // The session is usable: the next turn equals it in a fresh engine and session.
        const Request next = followUp(first, turn1.reply, {text("Describe it in one word.")});
        const Outcome after = run(session, next);
        const auto fresh = load(0);
        SessionImpl freshSession(fresh);
        const Outcome reference = run(freshSession, next);
        QVERIFY2(!after.error, after.error ? after.error->c_str() : "");
        QVERIFY(!reference.logits.empty());
        QCOMPARE(after.logits, reference.logits);
        QCOMPARE(after.reply, reference.reply);
        qInfo("after the stop: %d prompt tokens, %d reused", after.stats->promptTokens,
              after.stats->reusedTokens);
    }

    void preencodeStopsInsideTheRun() {
        const auto fresh = load(std::size_t{512} << 20);
        std::atomic<bool> stop{false};
        std::atomic<Clock::time_point> stoppedAt{};
        std::jthread timer([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(150));
            stoppedAt = Clock::now();
            stop = true;
        });
        const PreencodeResult result = fresh->preencode({{testImage(1600, 1200, 72), 1120}}, stop);
        const auto end = Clock::now();
        timer.join();
        qInfo("preencode at 1120 stopped: returned %.1f ms after the stop",
              msBetween(stoppedAt.load(), end));
        QVERIFY(result.cancelled);
        QCOMPARE(result.encoded, 0);
        QVERIFY(result.problems.empty());
        QCOMPARE(fresh->visionCache.entries(), std::size_t{0});
        QVERIFY(msBetween(stoppedAt.load(), end) < kHostBoundMs);
    }
};

QTEST_GUILESS_MAIN(TestStopVision)
#include "test_stop_vision.moc"
