// facet-cli ask end to end on a simulator folder: the JSON-lines event stream (phase, text,
// stats, error), the stats keys, exit codes, and greedy runs that repeat exactly.
#include "cli_run.h"
#include "sim_fixture.h"
#include "test_paths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using facet::test::CliRun;

CliRun ask(const QStringList& args) {
    return facet::test::runCli(QStringList{"ask"} + args, 120000, /*jsonOnly=*/true);
}

QString model() {
    return QString::fromStdString(gentest::simModelDir("sim-model-cli").string());
}

} // namespace

class TestCliAsk : public QObject {
    Q_OBJECT
private slots:
    void jsonEventsAndStats() {
        const QString img = QString::fromStdString(gentest::testImage(160, 120, 21).string());
        const CliRun r =
            ask({"--model", model(), "--image", img + "@70", "--image", img, "--detail", "140",
                 "--greedy", "--max-new-tokens", "6", "--json", "What is in the pictures?"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.events.size() >= 4);
        QCOMPARE(r.events[0]["type"].toString(), QString("phase"));
        QCOMPARE(r.events[0]["phase"].toString(), QString("vision"));
        QCOMPARE(r.events[0]["level"].toInt(), 70);
        QCOMPARE(r.events[1]["level"].toInt(), 140);
        QCOMPARE(r.events[1]["images"].toInt(), 2);
        QCOMPARE(r.events[2]["phase"].toString(), QString("prefill"));
        for (int i = 3; i + 1 < r.events.size(); ++i)
            QVERIFY(r.events[i]["type"].toString() == "text" ||
                    r.events[i]["phase"].toString() == "decode");
        const QJsonObject last = r.events.back();
        QCOMPARE(last["type"].toString(), QString("stats"));
        const QJsonObject stats = last["stats"].toObject();
        for (const char* key : {"prompt_tokens", "images", "generated_tokens", "ttft_ms",
                                "decode_tokens_per_s", "finish_reason"})
            QVERIFY2(stats.contains(key), key);
        const QJsonArray images = stats["images"].toArray();
        QCOMPARE(images.size(), 2);
        QCOMPARE(images[0].toObject()["level"].toInt(), 70);
        QCOMPARE(images[0].toObject()["bucket"].toInt(), 128);
        QCOMPARE(images[1].toObject()["bucket"].toInt(), 256);
        QVERIFY(images[1].toObject()["soft_tokens"].toInt() > 128);
        QVERIFY(stats["generated_tokens"].toInt() >= 1 && stats["generated_tokens"].toInt() <= 6);
        QVERIFY(stats["prompt_tokens"].toInt() > images[0].toObject()["soft_tokens"].toInt() + 128);

        const CliRun again =
            ask({"--model", model(), "--image", img + "@70", "--image", img, "--detail", "140",
                 "--greedy", "--max-new-tokens", "6", "--json", "What is in the pictures?"});
        QCOMPARE(again.events.size(), r.events.size());
        for (int i = 0; i + 1 < r.events.size(); ++i)
            QCOMPARE(again.events[i], r.events[i]);
    }

    // The repetition guard end to end: the test's seeded random model loops on "Hello" when
    // decoding greedily. With the guard the reply ends early with finish_reason "repetition"
    // and is the start of the unguarded reply, whose text (read here as characters, not ids)
    // really ends in one piece repeated; --no-repetition-guard runs to the token limit.
    void repetitionGuardStopsALoop() {
        const auto reply = [](const CliRun& run) {
            QString text;
            for (const QJsonObject& e : run.events)
                if (e["type"].toString() == "text")
                    text += e["content"].toString();
            return text;
        };
        const CliRun guarded =
            ask({"--model", model(), "--greedy", "--max-new-tokens", "200", "--json", "Hello"});
        QVERIFY2(guarded.exitCode == 0, guarded.err.constData());
        const QJsonObject stats = guarded.events.back()["stats"].toObject();
        QCOMPARE(stats["finish_reason"].toString(), QString("repetition"));
        const int generated = stats["generated_tokens"].toInt();
        QVERIFY2(generated >= 32 && generated < 100, qPrintable(QString::number(generated)));

        const CliRun free = ask({"--model", model(), "--greedy", "--max-new-tokens", "200",
                                 "--no-repetition-guard", "--json", "Hello"});
        QVERIFY2(free.exitCode == 0, free.err.constData());
        const QJsonObject freeStats = free.events.back()["stats"].toObject();
        QCOMPARE(freeStats["finish_reason"].toString(), QString("max_tokens"));
        QCOMPARE(freeStats["generated_tokens"].toInt(), 200);
        const QString text = reply(guarded);
        QVERIFY(reply(free).startsWith(text));
        // The guarded reply's end is one piece of text repeated at least four times.
        bool periodic = false;
        for (int q = 1; q * 4 <= text.size() && !periodic; ++q) {
            periodic = true;
            for (int i = text.size() - 3 * q; i < text.size() && periodic; ++i)
                periodic = text[i] == text[i - q];
        }
        QVERIFY2(periodic, qPrintable(text));
    }

    void errorsAreEventsAndExitCodes() {
        const QString img = QString::fromStdString(gentest::testImage(64, 64, 22).string());
        const CliRun bad = ask({"--model", model(), "--image", img + "@1120", "--json", "?"});
        QCOMPARE(bad.exitCode, 2);
        QCOMPARE(bad.events.size(), 1);
        QCOMPARE(bad.events[0]["type"].toString(), QString("error"));
        QVERIFY(bad.events[0]["message"].toString().contains("detail level 1120 is not compiled"));
        QCOMPARE(bad.events[0]["stats"].toObject()["finish_reason"].toString(), QString("error"));

        QCOMPARE(ask({"--model", model()}).exitCode, 1); // no question
        QCOMPARE(ask({"--model", model(), "--bogus", "x", "q"}).exitCode, 1);
        QCOMPARE(ask({"--model", "/nonexistent/model", "q"}).exitCode, 2);
    }

    // Issue 17 finding 11: a non-UTF-8 image path made the JSON error line itself fail
    // ("json type_error 316"), hiding the real error. The path needs raw bytes, so a shell
    // passes it.
    void jsonErrorSurvivesANonUtf8Path() {
        QProcess p;
        p.start("/bin/sh",
                {"-c",
                 "exec \"$0\" ask --model \"$1\" --image \"$(printf '/nonexistent/\\377.bmp')\" "
                 "--json q",
                 QString::fromStdString(facet::test::cliPath().string()), model()});
        QVERIFY(p.waitForFinished(120000));
        const QByteArray out = p.readAllStandardOutput();
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(!err.contains("type_error") && !out.contains("type_error"), err.constData());
        const QJsonObject line = QJsonDocument::fromJson(out.trimmed()).object();
        QCOMPARE(line["type"].toString(), QString("error"));
        QVERIFY2(line["message"].toString().contains("/nonexistent/"), out.constData());
        QVERIFY2(line["message"].toString().contains("cannot open"), out.constData());
    }

    // Issue 17 finding 11: pad_token_id 2^40 was read as 0 (a silent int cast).
    void padIdOutsideTheVocabularyIsRefused() {
        QTemporaryDir dir;
        const std::filesystem::path copy = dir.path().toStdString() + "/model";
        std::filesystem::copy(gentest::simModelDir("sim-model-cli"), copy,
                              std::filesystem::copy_options::recursive);
        QFile config(QString::fromStdString((copy / "config.json").string()));
        QVERIFY(config.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(config.readAll()).object();
        config.close();
        QJsonObject text = root["text_config"].toObject();
        text["pad_token_id"] = static_cast<double>(std::int64_t{1} << 40);
        root["text_config"] = text;
        QVERIFY(config.open(QIODevice::WriteOnly | QIODevice::Truncate));
        config.write(QJsonDocument(root).toJson());
        config.close();
        const CliRun r = ask({"--model", QString::fromStdString(copy.string()), "--json", "q"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("text_config.pad_token_id 1099511627776 is outside the "
                                "vocabulary") ||
                     (!r.events.isEmpty() &&
                      r.events[0]["message"].toString().contains(
                          "text_config.pad_token_id 1099511627776 is outside the vocabulary")),
                 r.err.constData());
    }
};

QTEST_APPLESS_MAIN(TestCliAsk)
#include "test_cli_ask.moc"
