// The remote engine against fake_vllm.py over real HTTP on loopback: connecting, what each
// request carries (checked by the server and again here), detail levels and the servers that
// refuse them, API keys, and comparisons. The replies a server streams and the ways it fails
// are test_remote_replies.cpp's; servers that attack the client (nesting, floods, secrets,
// FIFOs) are test_remote_hostile.cpp's.
#include "remote_requests.h"

#include "common/error.h"
#include "generate/stats_json.h"
#include "image/image.h"
#include "image/preprocess.h"
#include "remote/chat_request.h"
#include "remote/image_data_url.h"
#include "remote/remote_engine.h"
#include "remote/server_url.h"

#include <QJsonArray>
#include <QTest>

#include <chrono>
#include <cstdlib>
#include <limits>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

using namespace facet;
using namespace facet::generate;
using namespace facet::remote;
using namespace remotetest;

namespace {

std::string fileBytes(const std::filesystem::path& p) {
    QFile file(QString::fromStdString(p.string()));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", p.c_str());
    return file.readAll().toStdString();
}

QByteArray imageBytesSent(const QJsonObject& message, int part) {
    const QString url =
        message["content"].toArray()[part].toObject()["image_url"].toObject()["url"].toString();
    return QByteArray::fromBase64(url.section(',', 1).toLatin1());
}

} // namespace

class TestRemoteEngine : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qunsetenv("FACET_API_KEY"); }

    void connectListsModels() {
        const auto engine = connectTo("plain");
        QCOMPARE(engine->info().name, std::string("gemma-4-test"));
        QCOMPARE(engine->info().maxSeqLen, 8192);
        QCOMPARE(engine->info().detailLevels, (std::vector<int>{70, 140, 280, 560, 1120}));
        QCOMPARE(engine->info().runtimeFile, base("plain"));
        QCOMPARE(engine->servedModels().size(), std::size_t(2));
        QVERIFY(engine->connectRoundTripMs() > 0);
        QVERIFY(engine->checkHealth(kNoStop) > 0);
        ConnectOptions other = options(base("plain"));
        other.servedModel = "other-model";
        QCOMPARE(RemoteEngine::connect(other, kNoStop)->info().name, std::string("other-model"));
        QCOMPARE(
            listServedModels(
                options("http://127.0.0.1:" + std::to_string(remotetest::serverPort())), kNoStop)
                .size(),
            std::size_t(2)); // no path: /v1 appended
    }

    void connectFailuresNameTheServer() {
        ConnectOptions missing = options(base("plain"));
        missing.servedModel = "gemma-9";
        try {
            (void)RemoteEngine::connect(missing, kNoStop);
            QFAIL("no error for a model the server does not serve");
        } catch (const ServerError& e) {
            QVERIFY2(contains(e.what(), base("plain")) && contains(e.what(), "gemma-9") &&
                         contains(e.what(), "other-model"),
                     e.what());
        }
        try {
            (void)connectTo("nomodels");
            QFAIL("no error for an empty model list");
        } catch (const ServerError& e) {
            QVERIFY2(contains(e.what(), "serves no model"), e.what());
        }
        // Port 9 (discard) is not served on loopback here: the connection is refused.
        const std::string dead = "http://127.0.0.1:9/v1";
        try {
            (void)RemoteEngine::connect(options(dead), kNoStop);
            QFAIL("no error for an unreachable server");
        } catch (const ServerError& e) {
            QVERIFY2(contains(e.what(), "server " + dead + " is unreachable"), e.what());
        }
    }

    void requestBodyCarriesEverything() {
        Request r = photoQuestion(70);
        r.systemPrompt = "Answer briefly.";
        r.enableThinking = true;
        r.sampling.temperature = 0.7;
        r.sampling.topK = 40;
        r.sampling.topP = 0.9;
        r.sampling.seed = 99;
        r.sampling.maxNewTokens = 33;
        Turn earlier{Turn::Role::User,
                     {{UserPart::Kind::Image, {}, {remotetest::testImage("chart.png"), 70}},
                      {UserPart::Kind::Text, "And this?", {}}},
                     {}};
        Turn answer{Turn::Role::Model, {}, "<|channel>thought\nhmm<channel|>A chart.<turn|>"};
        r.history = {earlier, answer};
        const Recorder rec = ask("plain", r);
        QVERIFY2(!rec.error, rec.error.value_or("").c_str());

        const QJsonObject sent = remotetest::lastRequest("plain");
        QVERIFY(sent["authorization"].isNull());
        const QJsonObject body = sent["body"].toObject();
        QCOMPARE(body["model"].toString(), QString("gemma-4-test"));
        QCOMPARE(body["stream"].toBool(), true);
        QCOMPARE(body["stream_options"].toObject()["include_usage"].toBool(), true);
        QCOMPARE(body["mm_processor_kwargs"].toObject()["max_soft_tokens"].toInt(), 70);
        QCOMPARE(body["temperature"].toDouble(), 0.7);
        QCOMPARE(body["top_k"].toInt(), 40);
        QCOMPARE(body["top_p"].toDouble(), 0.9);
        QCOMPARE(body["seed"].toInt(), 99);
        QCOMPARE(body["max_tokens"].toInt(), 33);
        QCOMPARE(body["chat_template_kwargs"].toObject()["enable_thinking"].toBool(), true);
        const QJsonArray messages = body["messages"].toArray();
        QCOMPARE(messages.size(), 4);
        QCOMPARE(messages[0].toObject()["role"].toString(), QString("system"));
        QCOMPARE(messages[0].toObject()["content"].toString(), QString("Answer briefly."));
        QCOMPARE(messages[1].toObject()["role"].toString(), QString("user"));
        QCOMPARE(imageBytesSent(messages[1].toObject(), 0).toStdString(),
                 fileBytes(remotetest::testImage("chart.png")));
        QVERIFY(messages[1]
                    .toObject()["content"]
                    .toArray()[0]
                    .toObject()["image_url"]
                    .toObject()["url"]
                    .toString()
                    .startsWith("data:image/png;base64,"));
        QCOMPARE(messages[2].toObject()["role"].toString(), QString("assistant"));
        QCOMPARE(messages[2].toObject()["content"].toString(), QString("A chart."));
        const QJsonObject last = messages[3].toObject();
        QCOMPARE(imageBytesSent(last, 0).toStdString(),
                 fileBytes(remotetest::testImage("photo.jpg")));
        QVERIFY(last["content"]
                    .toArray()[0]
                    .toObject()["image_url"]
                    .toObject()["url"]
                    .toString()
                    .startsWith("data:image/jpeg;base64,"));
        QCOMPARE(last["content"].toArray()[1].toObject()["text"].toString(),
                 QString("What is in the picture?"));

        Request greedy = photoQuestion(70);
        greedy.sampling.doSample = false;
        QVERIFY(!ask("plain", greedy).error);
        const QJsonObject g = remotetest::lastRequest("plain")["body"].toObject();
        QCOMPARE(g["temperature"].toDouble(), 0.0);
        QVERIFY(!g.contains("seed") && !g.contains("top_k"));
    }

    // vLLM >= 0.31 without --trust-request-mm-kwargs: told by param, not words; the server
    // default level (no mm_processor_kwargs) still gets an answer there.
    void mmKwargsGate() {
        const Recorder rec = ask("gate", photoQuestion(280));
        QVERIFY(rec.errorInfo);
        const facet::ErrorInfo& e = *rec.errorInfo;
        QVERIFY(isMmKwargsGate(e));
        QCOMPARE(e.httpStatus, 400);
        QCOMPARE(e.param, std::string("mm_processor_kwargs"));
        QVERIFY2(contains(e.message, "server " + base("gate")) &&
                     contains(e.message, "--trust-request-mm-kwargs"),
                 e.message.c_str());
        const Recorder plain = ask("gate", photoQuestion(kServerDefaultLevel));
        QVERIFY2(!plain.error, plain.error.value_or("").c_str());
        QVERIFY(
            !remotetest::lastRequest("gate")["body"].toObject().contains("mm_processor_kwargs"));
        QCOMPARE(plain.stats->images.size(), std::size_t(1));
        QCOMPARE(plain.stats->images[0].level, kServerDefaultLevel);
        QCOMPARE(plain.stats->promptTokens, 20 + 282); // the server's own default, 280
        // The same refusal with a null param, the flag named only in the server's words.
        const Recorder words = ask("gatewords", photoQuestion(280));
        QVERIFY(words.errorInfo && isMmKwargsGate(*words.errorInfo));
        QVERIFY(words.errorInfo->param.empty());
        QVERIFY2(contains(words.errorInfo->message, "ask at the server default level"),
                 words.errorInfo->message.c_str());
        // A 400 about something else (a level the processor does not know) is no gate.
        const Recorder busy = ask("busy", photoQuestion(70));
        QVERIFY(busy.errorInfo && !isMmKwargsGate(*busy.errorInfo));
        QCOMPARE(busy.errorInfo->httpStatus, 503);
        QVERIFY(busy.errorInfo->param.empty());
    }

    // A single question at the server default level: the server's /tokenize renders the same
    // messages, so its usage tells the images' soft tokens — here the stand-in's default, 280
    // per image (fake_vllm.py's GEMMA4_DEFAULT_LEVEL), never Facet's own size rule.
    void serverDefaultLevelSoftTokensFromTheUsage() {
        Request twoImages = photoQuestion(kServerDefaultLevel);
        twoImages.newUserTurn.insert(twoImages.newUserTurn.begin(),
                                     {UserPart::Kind::Image, {}, {testImage("chart.png"), 0}});
        const Recorder rec = ask("gate~tokenize", twoImages);
        QVERIFY2(!rec.error, rec.error.value_or("").c_str());
        QCOMPARE(rec.stats->promptTokens, 20 + 2 * 282);
        QCOMPARE(rec.stats->remote->impliedImageTokens.value_or(-1), 2 * 280);
        QVERIFY(statsToJson(*rec.stats)["implied_image_tokens"] == 560);
        // What /tokenize was asked: the chat request's messages and switches, no level.
        const QJsonObject chat = remotetest::lastRequest("gate~tokenize")["body"].toObject();
        const QJsonObject count =
            remotetest::lastRequest("gate~tokenize/tokenize")["body"].toObject();
        QCOMPARE(count["messages"], chat["messages"]);
        QCOMPARE(count["chat_template_kwargs"], chat["chat_template_kwargs"]);
        QVERIFY(count["add_generation_prompt"].toBool() && count["return_token_strs"].toBool());
        QVERIFY(!count.contains("mm_processor_kwargs") && !count.contains("stream"));

        // A counted level needs no count from the server; a server without /tokenize leaves
        // the number unknown and the reply as it was.
        const Recorder counted = ask("plain", photoQuestion(280));
        QVERIFY(!counted.stats->remote->impliedImageTokens);
        const Recorder without = ask("notokenize", photoQuestion(kServerDefaultLevel));
        QVERIFY2(!without.error, without.error.value_or("").c_str());
        QCOMPARE(without.stats->promptTokens, 20 + 282);
        QVERIFY(!without.stats->remote->impliedImageTokens);
    }

    // vllm-rbln: an uncompiled level fails inside the engine (HTTP 500, vLLM 0.22's flat body)
    // and the engine stays dead; /health says so. No param is inferred from the words.
    void uncompiledLevelOnVllmRbln() {
        const Recorder rec = ask("rbln~dies", photoQuestion(560));
        QVERIFY(rec.errorInfo);
        QCOMPARE(rec.errorInfo->httpStatus, 500);
        QVERIFY(rec.errorInfo->param.empty());
        QVERIFY2(rec.errorInfo->serverMessage.rfind("EngineCore encountered an issue", 0) == 0,
                 rec.errorInfo->serverMessage.c_str());
        const HealthCheck dead = checkServerHealth(options(base("rbln~dies")), kNoStop);
        QVERIFY(!dead.up);
        QCOMPARE(dead.httpStatus, 503);
        QVERIFY2(contains(dead.message, base("rbln~dies")), dead.message.c_str());
        const HealthCheck alive = checkServerHealth(options(base("rbln")), kNoStop);
        QVERIFY2(alive.up && contains(alive.message, "still up"), alive.message.c_str());
        const Recorder compiled = ask("rbln", photoQuestion(280));
        QVERIFY2(!compiled.error, compiled.error.value_or("").c_str());
    }

    // GET /version: vllm-rbln pins vllm==0.22.0+cpu; stock vLLM >= 0.31 gates mm kwargs.
    void serverKinds() {
        const ServerIdentity rbln = queryServerIdentity(options(base("rbln")), kNoStop);
        QVERIFY(rbln.kind == ServerKind::MaybeVllmRbln);
        QCOMPARE(rbln.version, std::string("0.22.0+cpu"));
        QVERIFY(!rbln.mmKwargsGatedByDefault);
        const ServerIdentity stock = queryServerIdentity(options(base("plain")), kNoStop);
        QVERIFY(stock.kind == ServerKind::Vllm && stock.mmKwargsGatedByDefault);
        QCOMPARE(stock.minor, 31);
        const ServerIdentity none = queryServerIdentity(options(base("noversion")), kNoStop);
        QVERIFY(none.kind == ServerKind::Unknown && !none.explanation.empty());
        const auto engine = connectTo("plain");
        QCOMPARE(engine->maxModelLen(), 8192);
        QCOMPARE(engine->promptBudget(512), 8192 - 512);
        QCOMPARE(engine->servedModels().front().ownedBy, std::string("vllm"));
        QCOMPARE(engine->servedModels().front().root, std::string("/models/gemma-4-test"));
    }

    void seedOutOfRange() {
        Request r = photoQuestion(70);
        r.sampling.seed = std::uint64_t{1} << 63;
        const Recorder rec = ask("seed", r);
        QVERIFY(rec.errorInfo && rec.errorInfo->kind == facet::ErrorKind::BadInput);
        r.sampling.seed = (std::uint64_t{1} << 63) - 1;
        const Recorder ok = ask("seed", r);
        QVERIFY2(!ok.error, ok.error.value_or("").c_str());
    }

    void webpIsSent() {
        Request r = photoQuestion(70);
        r.newUserTurn[0].image.path = remotetest::testImage("leaf.webp");
        const Recorder rec = ask("webp", r);
        QVERIFY2(!rec.error, rec.error.value_or("").c_str());
    }

    void missingImageIsAFileError() {
        Request r = photoQuestion(70);
        r.newUserTurn[0].image.path = "/nonexistent/cat.jpg";
        const Recorder rec = ask("plain", r);
        QVERIFY(rec.errorInfo);
        QVERIFY2(rec.errorInfo->kind == facet::ErrorKind::File, rec.error->c_str());
        QCOMPARE(rec.errorInfo->path, std::filesystem::path("/nonexistent/cat.jpg"));
        QCOMPARE(rec.errorInfo->httpStatus, 0);
    }

    void cancelledConnectIsCancelled() {
        const std::atomic<bool> stopped{true};
        try {
            (void)RemoteEngine::connect(options(base("plain")), stopped);
            QFAIL("a stopped connect connected");
        } catch (const ServerError& e) {
            QVERIFY2(e.kind() == facet::ErrorKind::Cancelled, e.what());
        }
    }

    void mixedLevelsAreRefusedBeforeSending() {
        Request r = photoQuestion(70);
        r.newUserTurn.insert(
            r.newUserTurn.begin(),
            {UserPart::Kind::Image, {}, {remotetest::testImage("chart.png"), 280}});
        const QJsonObject before = remotetest::lastRequest("mixed");
        const Recorder rec = ask("mixed", r);
        QVERIFY(rec.error);
        QVERIFY2(contains(*rec.error, "chart.png at 280") &&
                     contains(*rec.error, "photo.jpg at 70"),
                 rec.error->c_str());
        QVERIFY(rec.phases.empty());
        QCOMPARE(remotetest::lastRequest("mixed"), before); // nothing was sent
    }

    void apiKey() {
        const Recorder refused = [] {
            Recorder r;
            const ConnectOptions o = options(base("auth")); // the model list needs the key too
            try {
                (void)RemoteEngine::connect(o, kNoStop);
            } catch (const ServerError& e) {
                r.error = e.what();
            }
            return r;
        }();
        QVERIFY(refused.error);
        QVERIFY2(contains(*refused.error, "HTTP 401 (Unauthorized)") &&
                     contains(*refused.error, "Unauthorized") &&
                     contains(*refused.error, base("auth")),
                 refused.error->c_str());

        qputenv("FACET_API_KEY", "test-key-123");
        Recorder rec;
        connectTo("auth")->createSession()->generate(photoQuestion(70), rec, kNoStop);
        qunsetenv("FACET_API_KEY");
        QVERIFY2(!rec.error, rec.error.value_or("").c_str());
        QCOMPARE(remotetest::lastRequest("auth")["authorization"].toString(),
                 QString("Bearer test-key-123"));

        // A key that the server refuses: the key itself is never in the message.
        Recorder wrong;
        try {
            connectTo("auth", std::chrono::seconds(20), "not-the-key")
                ->createSession()
                ->generate(photoQuestion(70), wrong, kNoStop);
            QFAIL("the model list was served without the right key");
        } catch (const ServerError& e) {
            QVERIFY(!contains(e.what(), "not-the-key"));
        }
    }

    void compareOneRequestPerLevel() {
        struct Sink : CompareSink {
            std::vector<int> levels;
            std::vector<std::optional<std::uint64_t>> seeds;
            std::map<int, Stats> stats;
            std::map<int, std::string> errors, replies;
            void onColumnStarted(int, int level, std::optional<std::uint64_t> seed) override {
                levels.push_back(level);
                seeds.push_back(seed);
            }
            void onPhase(int, const PhaseEvent&) override {}
            void onText(int c, std::string_view t, std::string_view) override { replies[c] += t; }
            void onFinished(int c, const Stats& s, const std::string&) override { stats[c] = s; }
            void onError(int c, const facet::ErrorInfo& e, const Stats& s) override {
                errors[c] = e.message;
                stats[c] = s;
            }
        } sink;
        const auto engine = connectTo("plain");
        CompareRequest request{photoQuestion(), {70, 280, 560}};
        request.request.sampling.seed.reset(); // drawn once for every column
        engine->createSession()->compare(request, sink, kNoStop);
        QCOMPARE(sink.levels, (std::vector<int>{70, 280, 560}));
        QVERIFY(sink.seeds[0] && sink.seeds[0] == sink.seeds[1] && sink.seeds[1] == sink.seeds[2]);
        QVERIFY(sink.errors.empty()); // stock vLLM takes every Gemma 4 level
        QCOMPARE(sink.replies[1],
                 std::string("The picture shows a red square — größer ✓ 🟥."));
        const QJsonObject body = remotetest::lastRequest("plain")["body"].toObject();
        QCOMPARE(body["seed"].toInt(), int(*sink.seeds[0]));
        // Column 1's usage against column 0's: the fake server's image tokens are the level,
        // Facet's the size rule, so the difference shows as a mismatch.
        const int expected0 = image::softTokensFor(640, 480, 70);
        const int expected1 = image::softTokensFor(640, 480, 280);
        QCOMPARE(sink.stats[1].imageTokens, expected1);
        QCOMPARE(sink.stats[1].remote->impliedImageTokens.value_or(-1), expected0 + 280 - 70);
        QVERIFY(statsToJson(sink.stats[1])["image_tokens_mismatch"] ==
                expected0 + 280 - 70 - expected1);
        QVERIFY(!sink.stats[0].remote->impliedImageTokens);

        QVERIFY_THROWS_EXCEPTION(
            facet::Error, engine->createSession()->compare({photoQuestion(), {70}}, sink, kNoStop));
        Request textOnly;
        textOnly.newUserTurn = {{UserPart::Kind::Text, "hi", {}}};
        QVERIFY_THROWS_EXCEPTION(
            facet::Error, engine->createSession()->compare({textOnly, {70, 280}}, sink, kNoStop));
    }
};

QTEST_GUILESS_MAIN(TestRemoteEngine)
#include "test_remote_engine.moc"
