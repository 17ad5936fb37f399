// The remote engine's replies from fake_vllm.py over real HTTP on loopback: every reply shape
// vLLM streams (plain, reasoning, split at any byte), every way a server fails before or during a
// reply (context too long, busy, a cut stream, an error event, a body that is no vLLM's, a stall
// past the first-byte timeout), and Stop while the client waits on the socket. What requests
// carry is test_remote_engine.cpp's.
#include "remote_requests.h"

#include "common/error.h"
#include "generate/stats_json.h"
#include "image/image.h"
#include "image/preprocess.h"
#include "remote/remote_engine.h"

#include <QTest>

#include <chrono>
#include <thread>

using namespace facet;
using namespace facet::generate;
using namespace facet::remote;
using namespace remotetest;

class TestRemoteReplies : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qunsetenv("FACET_API_KEY"); }

    void plainReplyEventsAndStats() {
        const Recorder rec = ask("plain", photoQuestion(70));
        QVERIFY2(!rec.error, rec.error.value_or("").c_str());
        QCOMPARE(rec.content, std::string("The picture shows a red square — größer ✓ 🟥."));
        QCOMPARE(rec.reply, rec.content);
        QCOMPARE(rec.phases.size(), std::size_t(2));
        QVERIFY(rec.phases[0].phase == Phase::Prefill);
        QVERIFY(rec.phases[1].phase == Phase::Decode);
        const Stats& s = *rec.stats;
        QVERIFY(s.finishReason == FinishReason::StopToken);
        QCOMPARE(s.promptTokens, 20 + 72); // the server's usage
        QCOMPARE(s.generatedTokens, 4);
        QVERIFY(s.ttftMs > 0 && s.totalMs >= s.ttftMs);
        QCOMPARE(s.images.size(), std::size_t(1));
        QCOMPARE(s.images[0].level, 70);
        QCOMPARE(s.images[0].softTokens, image::softTokensFor(640, 480, 70));
        QCOMPARE(s.imageTokens, s.images[0].softTokens);
        const auto j = statsToJson(s);
        QVERIFY(j["engine"] == "remote");
        QVERIFY(j["server"] == base("plain"));
        QVERIFY(j["served_model"] == "gemma-4-test");
        QVERIFY(j["expected_image_tokens"] == s.imageTokens);
        QVERIFY(j["implied_image_tokens"].is_null() && j["image_tokens_mismatch"].is_null());

        const Recorder longer = ask("length", photoQuestion(70));
        QVERIFY(longer.stats->finishReason == FinishReason::MaxTokens);
    }

    // The stored reply is the same whether the server splits the thought (delta.reasoning,
    // --reasoning-parser gemma4; reasoning_content on older servers) or sends the channel
    // markers inline (no parser) — which it does only because Facet asks for them.
    void reasoningShapes() {
        for (const char* scenario : {"reasoning_content", "reasoning", "inline"}) {
            const Recorder rec = ask(scenario, photoQuestion(70));
            QVERIFY2(!rec.error, rec.error.value_or("").c_str());
            QCOMPARE(rec.reasoning, std::string("Looking closely."));
            QCOMPARE(rec.content, std::string("It is red."));
            QCOMPARE(rec.reply,
                     std::string("<|channel>thought\nLooking closely.<channel|>It is red."));
            const QJsonObject body = remotetest::lastRequest(scenario)["body"].toObject();
            QVERIFY2(body.contains("skip_special_tokens") &&
                         !body["skip_special_tokens"].toBool(true),
                     scenario);
        }
    }

    void chunksSplitAtArbitraryBytes() {
        const Recorder rec = ask("split", photoQuestion(70));
        QVERIFY2(!rec.error, rec.error.value_or("").c_str());
        QCOMPARE(rec.content, std::string("The picture shows a red square — größer ✓ 🟥."));
        QCOMPARE(rec.stats->generatedTokens, 4);
        QVERIFY(rec.textEvents >= 4);
    }

    // max_model_len − max_tokens: refused before sending when even the images cannot fit, and
    // the server's own 400 (naming both numbers) when only it can count the text.
    void contextTooLong() {
        Request r = photoQuestion(70);
        r.sampling.maxNewTokens = 8192;
        const Recorder none = ask("ctx1", r);
        QVERIFY(none.errorInfo && none.errorInfo->kind == facet::ErrorKind::BadInput);
        QVERIFY2(contains(*none.error, "8192") && contains(*none.error, base("ctx1")),
                 none.error->c_str());
        QVERIFY(remotetest::lastRequest("ctx1").isEmpty()); // nothing was sent
        r.sampling.maxNewTokens = 8192 - 60; // fewer than the image's soft tokens remain
        const Recorder images = ask("ctx1", r);
        QVERIFY(images.errorInfo && images.errorInfo->kind == facet::ErrorKind::BadInput);
        QVERIFY(remotetest::lastRequest("ctx1").isEmpty());
        r.sampling.maxNewTokens = 8192 - 80; // fits Facet's lower bound, not the server's count
        const Recorder server = ask("ctx2", r);
        QVERIFY(server.errorInfo);
        QCOMPARE(server.errorInfo->httpStatus, 400);
        QCOMPARE(server.errorInfo->param, std::string("input_tokens"));
        QVERIFY2(contains(*server.error, "8192") && contains(*server.error, "8112"),
                 server.error->c_str());
    }

    void busyServer() {
        const Recorder rec = ask("busy", photoQuestion(70));
        QVERIFY(rec.error);
        QVERIFY2(contains(*rec.error, "HTTP 503 (Service Unavailable)") &&
                     contains(*rec.error, "The engine is overloaded") &&
                     contains(*rec.error, base("busy")),
                 rec.error->c_str());
    }

    void streamCutMidReply() {
        for (const char* scenario : {"drop", "nodone"}) {
            const Recorder rec = ask(scenario, photoQuestion(70));
            QVERIFY(rec.error);
            QVERIFY2(contains(*rec.error, "in the middle of the reply") &&
                         contains(*rec.error, "partial reply") &&
                         contains(*rec.error, base(scenario)),
                     rec.error->c_str());
            // The text delivered before the cut stays with the caller.
            QCOMPARE(rec.content, std::string("The picture shows a red "));
            QVERIFY(rec.stats->finishReason == FinishReason::Error);
        }
    }

    // A reply the server failed after it began: the text so far stays, the failure is typed.
    void serverErrorInsideTheStream() {
        const Recorder rec = ask("enginedead", photoQuestion(70));
        QVERIFY(rec.errorInfo);
        QVERIFY(rec.errorInfo->failedMidReply);
        QCOMPARE(rec.errorInfo->httpStatus, 500);
        QVERIFY2(contains(*rec.error, "EngineCore encountered an issue") &&
                     contains(*rec.error, base("enginedead")) && contains(*rec.error, "kept"),
                 rec.error->c_str());
        QCOMPARE(rec.content, std::string("The picture shows a red "));
        QVERIFY(rec.stats->finishReason == FinishReason::Error);

        const Recorder aborted = ask("abort", photoQuestion(70));
        QVERIFY(aborted.errorInfo && aborted.errorInfo->failedMidReply);
        QCOMPARE(aborted.errorInfo->httpStatus, 0);
        QVERIFY2(contains(*aborted.error, "\"abort\""), aborted.error->c_str());
        QCOMPARE(aborted.content, std::string("The picture shows a red "));
    }

    void bodiesThatAreNotVllms() {
        for (const char* scenario : {"html", "badjson"}) {
            const Recorder rec = ask(scenario, photoQuestion(70));
            QVERIFY(rec.error);
            QVERIFY2(contains(*rec.error, "not what vLLM sends") &&
                         contains(*rec.error, base(scenario)),
                     rec.error->c_str());
        }
    }

    void stallPastTheFirstByteTimeout() {
        Recorder rec;
        const auto start = std::chrono::steady_clock::now();
        connectTo("stall", std::chrono::milliseconds(400))
            ->createSession()
            ->generate(photoQuestion(70), rec, kNoStop);
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        QVERIFY(rec.error);
        QVERIFY2(contains(*rec.error, "sent no reply within 0.4 s") &&
                     contains(*rec.error, base("stall")),
                 rec.error->c_str());
        QVERIFY2(ms < 2500, qPrintable(QString::number(ms)));
    }

    void stopClosesTheStreamAtOnce() {
        const auto engine = connectTo("slow");
        std::atomic<bool> stop{false};
        std::atomic<bool> started{false};
        Recorder rec;
        rec.onAnyText = [&] { started = true; };
        std::chrono::steady_clock::time_point stoppedAt;
        std::thread stopper([&] {
            while (!started)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            // Mid-way between two chunks: the client is waiting on the socket.
            std::this_thread::sleep_for(std::chrono::milliseconds(150));
            stoppedAt = std::chrono::steady_clock::now();
            stop = true;
        });
        engine->createSession()->generate(photoQuestion(70), rec, stop);
        const auto returnedAt = std::chrono::steady_clock::now();
        stopper.join();
        const double ms = std::chrono::duration<double, std::milli>(returnedAt - stoppedAt).count();
        qInfo("Stop -> generate() returned in %.1f ms", ms);
        QVERIFY2(!rec.error, rec.error.value_or("").c_str());
        QVERIFY(rec.stats->finishReason == FinishReason::Cancelled);
        QVERIFY(contains(rec.reply, "The picture "));
        // Under half of the server's 3 s gap between chunks (fake_vllm.py's SLOW_CHUNK_GAP_S):
        // a client that waited for the next chunk would take the rest of the gap. The time
        // itself is logged above; bounding it tighter would measure the machine's load.
        QVERIFY2(ms < 1500, qPrintable(QString::number(ms)));
    }
};

QTEST_GUILESS_MAIN(TestRemoteReplies)
#include "test_remote_replies.moc"
