// facet-cli compare end to end on a simulator folder: JSON lines are ask's events plus "level",
// one stats event per level, and each level's events equal a separate `facet-cli ask --json` at
// that level with the same seed; the text table; levels refused before loading (exit 2).
#include "cli_run.h"
#include "sim_fixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

namespace {

using facet::test::CliRun;

CliRun cli(const QStringList& args) {
    return facet::test::runCli(args, 120000);
}

QString model() {
    return QString::fromStdString(gentest::simModelDir("sim-model-cli-compare").string());
}

// The events of one level without what only a comparison has (level, shared preprocessing,
// the reused prefix and so fewer prefill chunks) and the timings, which differ run to run.
QList<QJsonObject> comparable(const QList<QJsonObject>& events, int level) {
    QList<QJsonObject> out;
    for (QJsonObject e : events) {
        if (e["type"].toString() == "cheapest_agreeing") // the comparison's verdict, no column's
            continue;
        if (level && e["level"].toInt() != level && e["type"].toString() != "phase")
            continue;
        if (level && e["type"].toString() == "phase" && e["level"].toInt() != level)
            continue;
        if (e["type"].toString() != "phase" || e["phase"].toString() != "vision")
            e.remove("level");
        e.remove("seed");
        if (e.contains("stats")) {
            QJsonObject s = e["stats"].toObject();
            for (const char* key : {"level", "shared_preprocessed_images", "shared_preprocess_ms",
                                    "ttft_ms", "decode_tokens_per_s", "total_ms", "reused_tokens",
                                    "tokens_prefilled", "prefill_chunks"})
                s.remove(key);
            e["stats"] = s;
        }
        out.push_back(e);
    }
    return out;
}

} // namespace

class TestCliCompare : public QObject {
    Q_OBJECT
private slots:
    void jsonColumnsEqualSeparateAsks() {
        const QString img = QString::fromStdString(gentest::testImage(160, 120, 41).string());
        const CliRun r =
            cli({"compare", "--model", model(), "--image", img, "--levels", "70,140,280", "--seed",
                 "99", "--max-new-tokens", "5", "--json", "What is in the picture?"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        int stats = 0;
        for (const QJsonObject& e : r.events) {
            QVERIFY(e.contains("level"));
            if (e["type"].toString() == "stats") {
                ++stats;
                QCOMPARE(e["stats"].toObject()["level"].toInt(), e["level"].toInt());
                QCOMPARE(e["stats"].toObject()["shared_preprocessed_images"].toInt(), 1);
                QCOMPARE(e["seed"].toInteger(), 99);
            }
        }
        QCOMPARE(stats, 3);
        // The verdict: the lowest level agreeing with 280's answer, by the sweep's rule, with
        // the numbers of the columns it names.
        QList<QJsonObject> verdicts;
        QMap<int, QJsonObject> statsByLevel;
        for (const QJsonObject& e : r.events) {
            if (e["type"].toString() == "cheapest_agreeing")
                verdicts.push_back(e);
            if (e["type"].toString() == "stats")
                statsByLevel[e["level"].toInt()] = e["stats"].toObject();
        }
        QCOMPARE(verdicts.size(), 1);
        QCOMPARE(verdicts[0]["reference_level"].toInt(), 280);
        QCOMPARE(verdicts[0]["reference_image_tokens"].toInt(),
                 statsByLevel[280]["image_tokens"].toInt());
        if (!verdicts[0]["level"].isNull()) {
            const int level = verdicts[0]["level"].toInt();
            QVERIFY(level == 70 || level == 140);
            QCOMPARE(verdicts[0]["image_tokens"].toInt(),
                     statsByLevel[level]["image_tokens"].toInt());
            QVERIFY(verdicts[0]["text"].toString().startsWith(QString::number(level) +
                                                              " gives the same answer as 280"));
        } else {
            QCOMPARE(verdicts[0]["text"].toString(),
                     QString("no lower level gives the same answer as 280"));
        }
        for (int level : {70, 140, 280}) {
            const CliRun single =
                cli({"ask", "--model", model(), "--image", img + "@" + QString::number(level),
                     "--seed", "99", "--max-new-tokens", "5", "--json", "What is in the picture?"});
            QVERIFY2(single.exitCode == 0, single.err.constData());
            QCOMPARE(comparable(r.events, level), comparable(single.events, 0));
        }
    }

    void textTableAndDefaultLevels() {
        const QString img = QString::fromStdString(gentest::testImage(96, 96, 42).string());
        const CliRun r = cli({"compare", "--model", model(), "--image", img, "--greedy",
                              "--max-new-tokens", "3", "Describe."});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("== detail level 70 =="));
        QVERIFY(r.out.contains("== detail level 280 =="));
        QVERIFY(r.out.contains("level  soft tokens  bucket  prompt  TTFT ms  tokens/s  total ms"));
        int rows = 0;
        for (const QByteArray& line : r.out.split('\n'))
            rows += line.contains("max_tokens") || line.contains("stop_token");
        QCOMPARE(rows, 3); // every compiled level by default
        // The verdict line after the table, whichever way it goes.
        QVERIFY2(r.out.contains(" gives the same answer as 280 with ") ||
                     r.out.contains("no lower level gives the same answer as 280"),
                 r.out.constData());
    }

    void levelsAreRefusedBeforeLoading() {
        const QString img = QString::fromStdString(gentest::testImage(64, 64, 43).string());
        const CliRun bad =
            cli({"compare", "--model", model(), "--image", img, "--levels", "70,1120", "?"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("detail level 1120 is not compiled into this model (compiled: "
                                  "70, 140, 280)"),
                 bad.err.constData());
        QVERIFY(bad.out.isEmpty());
        QCOMPARE(
            cli({"compare", "--model", model(), "--image", img, "--levels", "70", "?"}).exitCode,
            2);
        QCOMPARE(
            cli({"compare", "--model", model(), "--image", img, "--seed", "1", "--greedy", "?"})
                .exitCode,
            1);                                                          // usage
        QCOMPARE(cli({"compare", "--model", model(), "?"}).exitCode, 1); // no image
    }
};

QTEST_APPLESS_MAIN(TestCliCompare)
#include "test_cli_compare.moc"
