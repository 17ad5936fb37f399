// The sweep controller (Sweep…) on the scripted engine: a folder with real file names (letters
// outside ASCII, spaces, a subfolder) and an unreadable file; every image x level runs through
// the worker as one comparison, each run lands in runs.jsonl as it ends, the table marks the
// level that disagrees with the reference, the summary recommends the cheapest agreeing level
// and the report's files are written. Stop keeps what ended; Resume runs only what is missing
// (no run lost or repeated).
#include "Common/appcontroller.h"
#include "Sweep/sweepmodel.h"
#include "Sweep/sweepsession.h"
#include "scriptedbackend.h"
#include "sweep/run_log.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <map>

using namespace facet;

class SweepSessionTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QTemporaryDir settingsDir_;
    std::shared_ptr<app::ScriptedEngine> script_;
    std::unique_ptr<ui::AppController> app_;
    int count_ = 0;
    QString images_;

    ui::SweepSession& sweep() { return *app_->sweep(); }

    // The run lines of runs.jsonl (the settings line left out), as (file name, level) -> times.
    std::map<std::pair<QString, int>, int> loggedRuns(const QString& out) {
        QFile f(QDir(out).filePath("runs.jsonl"));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        std::map<std::pair<QString, int>, int> runs;
        for (const QByteArray& line : f.readAll().split('\n')) {
            if (line.isEmpty())
                continue;
            const auto j = nlohmann::json::parse(line.toStdString());
            if (!j.contains("level"))
                continue;
            const sweep::RunRecord r = sweep::runFromJson(j);
            ++runs[{QFileInfo(QString::fromStdString(r.key.image)).fileName(), r.key.level}];
        }
        return runs;
    }

    void script(int pieceIntervalMs) {
        app::EngineScript s;
        s.pieceIntervalMs = pieceIntervalMs;
        // 70 misreads the word, 280 reads it (other case, no full stop: still the same answer),
        // 1120, the reference, plays the plain pieces (also when it runs alone after a stop).
        s.levelPieces[70] = {"The", " word", " is", " HOUSE."};
        s.levelPieces[280] = {"the", " word", " is", " mouse"};
        s.pieces = {"The", " word", " is", " MOUSE."};
        script_->setScript(s);
    }

private slots:
    void initTestCase() {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
        images_ = dir_.filePath("사진 폴더");
        QVERIFY(QDir().mkpath(images_ + "/sub dir"));
        QImage picture(96, 64, QImage::Format_RGB32);
        picture.fill(Qt::darkCyan);
        QVERIFY(picture.save(images_ + "/항구 photo.png"));
        QVERIFY(picture.save(images_ + "/sub dir/étoile.jpg"));
        QFile broken(images_ + "/broken.png");
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("not a PNG at all");
    }

    void init() {
        script_ = std::make_shared<app::ScriptedEngine>();
        ++count_;
        app_ = std::make_unique<ui::AppController>(dir_.filePath(QString::number(count_)),
                                                   app::makeScriptedBackend(script_));
        app_->engine()->model().loadModelDir("scripted", 0, {});
        QTRY_VERIFY_WITH_TIMEOUT(app_->engine()->model().ready(), 5000);
    }
    void cleanup() { app_.reset(); }

    void refusesWhatCannotRun() {
        QSettings().clear();
        QVERIFY(!sweep().startProblem({}, "What?", {70, 1120}).isEmpty());
        QVERIFY(!sweep().startProblem({images_}, "  \n ", {70, 1120}).isEmpty());
        QVERIFY(!sweep().startProblem({images_}, "What?", {70}).isEmpty());
        QVERIFY(sweep().startProblem({images_}, "What?", {70, 1120}).isEmpty());
        QSignalSpy notices(&sweep(), &ui::SweepSession::notice);
        QVERIFY(!sweep().start({images_}, "", {70, 1120}, dir_.filePath("refused")));
        QCOMPARE(notices.size(), 1);
        QVERIFY(script_->compareRequests().empty());
    }

    void sweepsAFolderAndRecommends() {
        QSettings().clear();
        script(0);
        const QString out = dir_.filePath("out one");
        // A folder given as a file URL, as the folder dialog gives it.
        QVERIFY(sweep().start({QUrl::fromLocalFile(images_).toString()}, "What word is printed?",
                              {1120, 70, 280}, out));
        QVERIFY(sweep().busy());
        QTRY_VERIFY_WITH_TIMEOUT(!sweep().busy(), 10000);
        QCOMPARE(sweep().total(), 6); // two readable images x one question x three levels
        QCOMPARE(sweep().done(), 6);
        QCOMPARE(sweep().skipped().size(), 1);
        QVERIFY(sweep().skipped().first().contains("broken.png"));
        // One comparison per image, the levels ascending, greedy.
        const auto requests = script_->compareRequests();
        QCOMPARE(requests.size(), std::size_t{2});
        QCOMPARE(requests[0].levels, std::vector<int>({70, 280, 1120}));
        QVERIFY(!requests[0].request.sampling.doSample);
        // Every run once in runs.jsonl, under its real file name.
        const auto runs = loggedRuns(out);
        QCOMPARE(runs.size(), std::size_t{6});
        for (const auto& [key, times] : runs)
            QCOMPARE(times, 1);
        QVERIFY(runs.count({QStringLiteral("항구 photo.png"), 280}));
        QVERIFY(runs.count({QStringLiteral("étoile.jpg"), 70}));
        // The table: 70 disagrees with 1120, 280 agrees.
        ui::SweepModel& table = *sweep().runs();
        QCOMPARE(table.rowCount(), 2);
        for (int row = 0; row < 2; ++row) {
            QCOMPARE(table.state(row, 70), ui::SweepModel::CellState::Done);
            QCOMPARE(table.agrees(row, 70), 0);
            QCOMPARE(table.agrees(row, 280), 1);
            QVERIFY(table.index(row).data(ui::SweepModel::DisagreesRole).toBool());
        }
        // The summary and the recommendation: 280 is the cheapest level that agrees.
        const QVariantList summary = sweep().summary();
        QCOMPARE(summary.size(), 3);
        QCOMPARE(summary[0].toMap().value("agreement").toDouble(), 0.0);
        QCOMPARE(summary[1].toMap().value("agreement").toDouble(), 1.0);
        QVERIFY(summary[1].toMap().value("recommended").toBool());
        QVERIFY(summary[2].toMap().value("reference").toBool());
        QVERIFY2(sweep().recommendation().contains("280"), qPrintable(sweep().recommendation()));
        QTRY_VERIFY_WITH_TIMEOUT(sweep().reportReady(), 10000);
        for (const char* file : {"summary.json", "runs.csv", "report.html"})
            QVERIFY2(QFile::exists(QDir(out).filePath(file)), file);
        QVERIFY(!sweep().canResume()); // finished
    }

    void stopKeepsWhatEndedAndResumeRunsTheRest() {
        QSettings().clear();
        script(15);
        const QString out = dir_.filePath("out two");
        QVERIFY(sweep().start({images_}, "What word is printed?", {70, 280, 1120}, out));
        QTRY_VERIFY_WITH_TIMEOUT(sweep().done() >= 2, 10000);
        sweep().stop();
        QTRY_VERIFY_WITH_TIMEOUT(!sweep().busy(), 10000);
        const int kept = sweep().done();
        QVERIFY2(kept >= 2 && kept < 6, qPrintable(QString::number(kept)));
        QCOMPARE(int(loggedRuns(out).size()), kept); // the run that was stopped is not logged
        QVERIFY2(sweep().status().contains("Stopped"), qPrintable(sweep().status()));
        QVERIFY(sweep().canResume());

        // Quit and start again: Resume goes on from runs.jsonl with the choices kept.
        app_.reset();
        init();
        script(0);
        QVERIFY(sweep().canResume());
        QCOMPARE(sweep().lastLevels(), QList<int>({70, 280, 1120}));
        QVERIFY(sweep().resume());
        QTRY_VERIFY_WITH_TIMEOUT(!sweep().busy(), 10000);
        QCOMPARE(sweep().done(), 6);
        const auto runs = loggedRuns(out);
        QCOMPARE(runs.size(), std::size_t{6});
        for (const auto& [key, times] : runs)
            QCOMPARE(times, 1); // nothing run twice
        // Only what was missing went to the engine.
        int asked = 0;
        for (const auto& r : script_->compareRequests())
            asked += int(r.levels.size());
        asked += int(script_->requests().size());
        QCOMPARE(asked, 6 - kept);
        QVERIFY(!sweep().canResume());
    }
};

int runSweepSessionTest(int argc, char** argv) {
    SweepSessionTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_sweepsession.moc"
