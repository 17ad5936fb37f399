// facet-cli ask/compare --server against fake_vllm.py: the same JSON-lines shapes as a local
// model plus the remote stats keys, plain output, and the exit codes (0 ok, 1 server or
// stream error naming the URL and status, 2 bad arguments or an unreadable image).
#include "cli_run.h"
#include "fake_server.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTest>

#include <sys/stat.h>

using remotetest::base;

namespace {

using facet::test::CliRun;

CliRun cli(const QStringList& args) {
    return facet::test::runCli(args, 60000);
}

QString url(const std::string& scenario) {
    return QString::fromStdString(base(scenario));
}

QString image(const char* name, const char* level = nullptr) {
    const QString path = QString::fromStdString(remotetest::testImage(name).string());
    return level ? path + "@" + level : path;
}

} // namespace

class TestRemoteCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qunsetenv("FACET_API_KEY"); }

    void askJsonSameShapesAsLocal() {
        const CliRun r =
            cli({"ask", "--server", url("reasoning"), "--image", image("photo.jpg", "70"), "--seed",
                 "5", "--max-new-tokens", "20", "--json", "What is it?"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.events.front()["type"].toString(), QString("phase"));
        QCOMPARE(r.events.front()["phase"].toString(), QString("prefill"));
        QString content, reasoning;
        for (const QJsonObject& e : r.events)
            if (e["type"] == "text") {
                content += e["content"].toString();
                reasoning += e["reasoning"].toString();
            }
        QCOMPARE(content, QString("It is red."));
        QCOMPARE(reasoning, QString("Looking closely."));
        const QJsonObject last = r.events.back();
        QCOMPARE(last["type"].toString(), QString("stats"));
        const QJsonObject stats = last["stats"].toObject();
        for (const char* key : {"prompt_tokens", "image_tokens", "images", "generated_tokens",
                                "ttft_ms", "decode_tokens_per_s", "total_ms", "finish_reason",
                                "stop_token_id", "expected_image_tokens", "implied_image_tokens"})
            QVERIFY2(stats.contains(key), key);
        QCOMPARE(stats["engine"].toString(), QString("remote"));
        QCOMPARE(stats["server"].toString(), url("reasoning"));
        QCOMPARE(stats["served_model"].toString(), QString("gemma-4-test"));
        QCOMPARE(stats["prompt_tokens"].toInt(), 92);
        QCOMPARE(stats["images"].toArray()[0].toObject()["level"].toInt(), 70);
        const QJsonObject body = remotetest::lastRequest("reasoning")["body"].toObject();
        QCOMPARE(body["seed"].toInt(), 5);
        QCOMPARE(body["max_tokens"].toInt(), 20);
        QCOMPARE(body["top_k"].toInt(), 64);
    }

    void askPlainOutputAndUrlWithoutPath() {
        const QString root = QString("http://127.0.0.1:%1").arg(remotetest::serverPort());
        const CliRun r = cli(
            {"ask", "--server=" + root, "--image", image("chart.png"), "--greedy", "Describe."});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(QString::fromUtf8(r.out),
                 QString("The picture shows a red square — größer ✓ 🟥.\n"));
        QVERIFY2(r.err.contains("prompt tokens") && r.err.contains("stop"), r.err.constData());
        const QJsonObject body = remotetest::lastRequest("plain")["body"].toObject();
        QCOMPARE(body["mm_processor_kwargs"].toObject()["max_soft_tokens"].toInt(), 280);
        QCOMPARE(body["temperature"].toDouble(), 0.0);
    }

    void serverErrorsExitOne() {
        struct Case {
            QStringList args;
            QStringList said;
        };
        const QList<Case> cases = {
            {{"--server", url("busy"), "--image", image("photo.jpg", "70")},
             {url("busy"), "HTTP 503", "overloaded"}},
            // vLLM >= 0.31 without --trust-request-mm-kwargs: the fix is named with the URL.
            {{"--server", url("gate"), "--image", image("photo.jpg", "280")},
             {url("gate"), "HTTP 400", "--trust-request-mm-kwargs"}},
            // vllm-rbln and a level it was not compiled for: 500, then /health tells it died.
            {{"--server", url("rbln~cli"), "--image", image("photo.jpg", "560")},
             {url("rbln~cli"), "HTTP 500", "EngineCore", "/health", "may have stopped"}},
            {{"--server", url("enginedead"), "--image", image("photo.jpg", "70")},
             {url("enginedead"), "inside the stream", "kept", "still up"}},
            {{"--server", url("abort"), "--image", image("photo.jpg", "70")},
             {url("abort"), "\"abort\""}},
            {{"--server", url("plain"), "--image", image("photo.jpg", "70"), "--max-new-tokens",
              "8112"},
             {url("plain"), "HTTP 400", "8192", "8112"}},
            {{"--server", url("plain"), "--served-model", "other-model", "--image",
              image("photo.jpg", "70")},
             {"HTTP 400", "other-model"}},
            {{"--server", url("drop"), "--image", image("photo.jpg", "70")},
             {url("drop"), "in the middle of the reply"}},
            {{"--server", url("auth"), "--image", image("photo.jpg", "70")},
             {url("auth"), "HTTP 401"}},
            {{"--server", "http://127.0.0.1:9", "--image", image("photo.jpg", "70")},
             {"http://127.0.0.1:9/v1", "unreachable"}},
            {{"--server", url("plain"), "--served-model", "gemma-9", "--image",
              image("photo.jpg", "70")},
             {"does not serve model 'gemma-9'"}},
        };
        for (const Case& c : cases) {
            const CliRun r = cli(QStringList{"ask"} + c.args + QStringList{"Q?"});
            QVERIFY2(r.exitCode == 1, qPrintable(c.args.join(' ') + " -> " +
                                                 QString::number(r.exitCode) + " " + r.err));
            for (const QString& word : c.said)
                QVERIFY2(QString::fromUtf8(r.err).contains(word),
                         qPrintable(word + " not in: " + r.err));
        }
    }

    // --json error events keep "message" and "stats" and add the kind, status and param.
    void jsonErrorEventIsTyped() {
        const CliRun r = cli(
            {"ask", "--server", url("gate"), "--image", image("photo.jpg", "560"), "--json", "Q?"});
        QCOMPARE(r.exitCode, 1);
        QJsonObject error;
        for (const QJsonObject& e : r.events)
            if (e["type"] == "error")
                error = e;
        QVERIFY2(!error.isEmpty(), r.out.constData());
        QVERIFY(error["message"].toString().contains("HTTP 400"));
        QVERIFY(error["stats"].isObject());
        QCOMPARE(error["kind"].toString(), QString("server"));
        QCOMPARE(error["http_status"].toInt(), 400);
        QCOMPARE(error["param"].toString(), QString("mm_processor_kwargs"));
        // The same server answers the server default level (PATH@default).
        const CliRun plain =
            cli({"ask", "--server", url("gate"), "--image", image("photo.jpg", "default"), "Q?"});
        QVERIFY2(plain.exitCode == 0 && plain.err.contains("server default"),
                 plain.err.constData());
    }

    void badArgumentsExitTwo() {
        const QList<QStringList> cases = {
            {"--server", url("plain"), "--image", image("photo.jpg"), "--seed", "1", "--greedy",
             "Q?"},
            {"--server", url("plain"), "--image", image("photo.jpg")}, // no question
            {"--server", url("plain"), "--image", "/nonexistent/cat.jpg", "Q?"},
            {"--server", url("plain"), "--image", image("photo.jpg", "70"), "--image",
             image("chart.png", "280"), "Q?"}, // two levels in one message
            {"--server", url("plain"), "--bogus", "Q?"},
            {"--server", url("plain"), "--image", image("photo.jpg"), "--seed",
             "9223372036854775808", "Q?"}, // 2^63: past vLLM's signed 64-bit seed
            {"--server", url("plain"), "--image", image("photo.jpg"), "--seed", "-1", "Q?"},
            {"--server", "ftp://example.org", "--image", image("photo.jpg"), "Q?"},
        };
        for (const QStringList& args : cases) {
            const CliRun r = cli(QStringList{"ask"} + args);
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(' ') + " -> " +
                                                 QString::number(r.exitCode) + " " + r.err));
        }
        const CliRun missing =
            cli({"ask", "--server", url("plain"), "--image", "/nonexistent/cat.jpg", "Q?"});
        QVERIFY(missing.err.contains("/nonexistent/cat.jpg"));
        const CliRun mixed =
            cli({"ask", "--server", url("plain"), "--image", image("photo.jpg", "70"), "--image",
                 image("chart.png", "280"), "Q?"});
        QVERIFY2(mixed.err.contains("photo.jpg at 70") && mixed.err.contains("chart.png at 280"),
                 mixed.err.constData());
    }

    // Issue #56: a server's text reached the terminal with its escape sequences (OSC 52
    // writes the clipboard). Plain output drops every control character but newline and tab;
    // --json keeps the text exact, with no raw control byte on the line.
    void serverTextIsInertOnTheTerminal() {
        const CliRun plain =
            cli({"ask", "--server", url("escapes"), "--image", image("photo.jpg", "70"), "Q?"});
        QVERIFY2(plain.exitCode == 0, plain.err.constData());
        for (const QByteArray& control :
             {QByteArray("\x1b"), QByteArray("\x07"), QByteArray("\r"), QByteArray("\xc2\x9b")})
            QVERIFY2(!plain.out.contains(control), plain.out.toHex().constData());
        QCOMPARE(QString::fromUtf8(plain.out),
                 QString("safe]52;c;ZXZpbA==text[2J[31mred1mbell\n\n"));
        const CliRun json = cli({"ask", "--server", url("escapes"), "--image",
                                 image("photo.jpg", "70"), "--json", "Q?"});
        QVERIFY2(json.exitCode == 0, json.err.constData());
        for (const QByteArray& control :
             {QByteArray("\x1b"), QByteArray("\x07"), QByteArray("\r"), QByteArray("\xc2\x9b")})
            QVERIFY(!json.out.contains(control));
        QString content;
        for (const QJsonObject& e : json.events)
            if (e["type"] == "text")
                content += e["content"].toString();
        QCOMPARE(content, QString::fromUtf8("safe\x1b]52;c;ZXZpbA==\x07text\x1b[2J\x1b[31mred"
                                            "\xc2\x9b"
                                            "1m\x07"
                                            "bell\r\n"));
    }

    // Issue #56: each of these crashed or hung facet-cli, or filled its memory; now each is
    // an error naming the server, exit code 1 (or 2 for the FIFO: the caller's to fix).
    void hostileServersEndInAnError() {
        struct Case {
            QString scenario;
            QStringList extra;
            QString said;
        };
        const QList<Case> cases = {
            {"deepbody", {}, "HTTP 400"},
            {"deepstream", {}, "nested deeper than 128"},
            {"deepmodels", {}, "not what vLLM sends"},
            {"longline", {"--max-new-tokens", "4096"}, "line longer than"},
            {"flood", {"--max-new-tokens", "8"}, "at most 8 tokens"},
            {"bigmodels", {}, "too large"},
        };
        for (const Case& c : cases) {
            const CliRun r = cli(QStringList{"ask", "--server", url(c.scenario.toStdString()),
                                             "--image", image("photo.jpg", "70")} +
                                 c.extra + QStringList{"Q?"});
            QVERIFY2(r.exitCode == 1 && r.err.contains(url(c.scenario.toStdString()).toUtf8()) &&
                         r.err.contains(c.said.toUtf8()),
                     qPrintable(c.scenario + " -> " + QString::number(r.exitCode) + " " + r.err));
        }
        const QString fifo = QDir::temp().filePath(
            QString("facet-cli-fifo-%1.jpg").arg(QCoreApplication::applicationPid()));
        QFile::remove(fifo);
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        const CliRun r = cli({"ask", "--server", url("plain"), "--image", fifo + "@70", "Q?"});
        QFile::remove(fifo);
        QVERIFY2(r.exitCode == 2 && r.err.contains("a FIFO"), r.err.constData());
    }

    void compareOverTheServer() {
        const CliRun r = cli({"compare", "--server", url("plain"), "--image", image("photo.jpg"),
                              "--levels", "70,280", "--seed", "3", "--json", "What is it?"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QList<QJsonObject> stats;
        for (const QJsonObject& e : r.events) {
            QVERIFY(e.contains("level"));
            if (e["type"] == "stats")
                stats.push_back(e);
        }
        QCOMPARE(stats.size(), 2);
        QCOMPARE(stats[0]["level"].toInt(), 70);
        QCOMPARE(stats[1]["level"].toInt(), 280);
        QCOMPARE(stats[1]["seed"].toInt(), 3);
        QCOMPARE(stats[1]["stats"].toObject()["engine"].toString(), QString("remote"));
        QVERIFY(stats[1]["stats"].toObject()["implied_image_tokens"].isDouble());

        const CliRun table = cli({"compare", "--server", url("rbln~cmp"), "--image",
                                  image("photo.jpg"), "--levels", "70,560", "Q?"});
        QCOMPARE(table.exitCode, 1); // vllm-rbln fails 560 in its engine: that column fails
        QVERIFY(table.out.contains("== detail level 70"));
        QVERIFY(table.out.contains("HTTP 500"));
        QVERIFY(table.out.contains("TTFT ms"));

        const CliRun withDefault = cli({"compare", "--server", url("plain"), "--image",
                                        image("photo.jpg"), "--levels", "70,default", "Q?"});
        QVERIFY2(withDefault.exitCode == 0, withDefault.err.constData());
        QVERIFY2(withDefault.out.contains("server: "), withDefault.out.constData());

        const CliRun one = cli({"compare", "--server", url("plain"), "--image", image("photo.jpg"),
                                "--levels", "70", "Q?"});
        QCOMPARE(one.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestRemoteCli)
#include "test_remote_cli.moc"
