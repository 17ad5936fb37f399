// EngineWorker on its thread with the simulated device and the built-in demo model: streamed
// text equals `facet-cli ask` for the same seed; Stop before start, during prefill and during
// decode; a fault injected mid-decode ends up under the reply and the conversation is kept.
#include "Common/appcontroller.h"
#include "core/worker/engineworker.h"
#include "core/worker/requestbuilder.h"
#include "generate/builtin_paths.h"
#include "test_paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QUrl>

#include <dlfcn.h>

using namespace facet;
using app::EngineWorker;

namespace {

struct Run {
    QString text;
    QJsonObject stats;
    QString error;
    QList<generate::Phase> phases;
};

} // namespace

class EngineWorkerTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QThread thread_;
    EngineWorker* worker_ = nullptr;
    QString image_;

    app::GenerateJob job(const QString& question, int level, int maxNewTokens, quint64 seed) {
        app::Conversation c;
        c.id = "worker-test";
        app::Message user;
        user.text = question;
        user.images.append({image_, "test.png", level, 0, 0, 0});
        c.messages.append(user);
        generate::SamplingSettings sampling;
        sampling.seed = seed;
        sampling.maxNewTokens = maxNewTokens;
        app::GenerateJob j;
        j.id = worker_->nextRequestId();
        j.sessionKey = c.id;
        j.request =
            app::buildRequest(c, 0, sampling, [](const app::StoredImage& i) { return i.file; });
        return j;
    }

    // The worker's load answers, counted on the test's thread through queued connections. Not
    // QSignalSpy: it records in the emitting thread (a direct connection), so the worker
    // appended to its list while the test read count() — a race ThreadSanitizer reported
    // (Qt 6.4's qsignalspy.h takes no lock there), harmless only as long as the test looked late.
    struct LoadAnswers {
        int loaded = 0;
        QStringList failures; // loadFailed's message
        QList<bool> modelKept;
        QList<QMetaObject::Connection> connections;
        int count() const { return loaded + int(failures.size()); }
    };
    void watchLoads(LoadAnswers& a) {
        a.connections << connect(worker_, &EngineWorker::modelLoaded, this, [&a] { ++a.loaded; });
        a.connections << connect(worker_, &EngineWorker::loadFailed, this,
                                 [&a](quint64, const QString& message, bool kept) {
                                     a.failures << message;
                                     a.modelKept << kept;
                                 });
    }
    void unwatch(LoadAnswers& a) {
        for (const auto& c : a.connections)
            disconnect(c);
    }

    Run run(const app::GenerateJob& j, const std::function<void()>& beforeStart = {}) {
        Run r;
        auto text = connect(worker_, &EngineWorker::textArrived, this,
                            [&](quint64 id, const QString& content, const QString&) {
                                if (id == j.id)
                                    r.text += content;
                            });
        auto phase = connect(worker_, &EngineWorker::phaseChanged, this,
                             [&](quint64 id, const generate::PhaseEvent& p) {
                                 if (id == j.id)
                                     r.phases.append(p.phase);
                             });
        bool done = false;
        auto fin = connect(worker_, &EngineWorker::finished, this,
                           [&](quint64 id, const QJsonObject& stats, const QString&) {
                               if (id == j.id) {
                                   r.stats = stats;
                                   done = true;
                               }
                           });
        auto fail = connect(worker_, &EngineWorker::failed, this,
                            [&](quint64 id, const QString& message, const QJsonObject& stats) {
                                if (id == j.id) {
                                    r.error = message;
                                    r.stats = stats;
                                    done = true;
                                }
                            });
        if (beforeStart)
            beforeStart();
        QMetaObject::invokeMethod(
            worker_, [w = worker_, j] { w->runJob(j); }, Qt::QueuedConnection);
        if (!QTest::qWaitFor([&] { return done; }, 120000))
            qWarning("request %llu did not finish", j.id);
        for (auto c : {text, phase, fin, fail})
            disconnect(c);
        return r;
    }

private slots:
    void initTestCase() {
        QImage image(320, 200, QImage::Format_RGB888);
        for (int y = 0; y < 200; ++y)
            for (int x = 0; x < 320; ++x)
                image.setPixelColor(x, y, QColor(x % 256, y, (x * y) % 256));
        image_ = dir_.filePath("test.png");
        QVERIFY(image.save(image_));
        worker_ = new EngineWorker(app::makeLocalBackend());
        worker_->moveToThread(&thread_);
        connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
        thread_.start();
        LoadAnswers answers;
        watchLoads(answers);
        const quint64 id = worker_->nextRequestId();
        const QString dir = QString::fromStdString(generate::builtinDemoModelDir().string());
        const QString lib = QString::fromStdString(generate::builtinSimulatorRuntime().string());
        QMetaObject::invokeMethod(
            worker_, [=, w = worker_] { w->loadModel(id, dir, 0, lib); }, Qt::QueuedConnection);
        QTRY_VERIFY_WITH_TIMEOUT(answers.count() > 0, 120000);
        unwatch(answers);
        QVERIFY2(answers.failures.isEmpty(),
                 answers.failures.isEmpty() ? "" : qPrintable(answers.failures[0]));
    }

    void streamedTextEqualsCli() {
        const int level = 70;
        const Run r = run(job("What is in this picture?", level, 24, 1234));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.phases.contains(generate::Phase::Vision));
        QVERIFY(r.phases.contains(generate::Phase::Prefill));
        QVERIFY(!r.text.isEmpty());

        QProcess cli;
        cli.start(QString::fromStdString(facet::test::cliPath().string()),
                  {"ask", "--image", image_ + "@" + QString::number(level), "--seed", "1234",
                   "--max-new-tokens", "24", "--json", "What is in this picture?"});
        QVERIFY(cli.waitForFinished(120000));
        QCOMPARE(cli.exitCode(), 0);
        QString cliText;
        QJsonObject cliStats;
        for (const QByteArray& line : cli.readAllStandardOutput().split('\n')) {
            const QJsonObject event = QJsonDocument::fromJson(line).object();
            if (event["type"] == "text")
                cliText += event["content"].toString();
            else if (event["type"] == "stats")
                cliStats = event["stats"].toObject();
        }
        QCOMPARE(r.text, cliText);
        QCOMPARE(r.stats["generated_tokens"], cliStats["generated_tokens"]);
        QCOMPARE(r.stats["prompt_tokens"], cliStats["prompt_tokens"]);
        QCOMPARE(r.stats["image_tokens"], cliStats["image_tokens"]);
    }

    void stopBeforeStart() {
        const auto j = job("Hello", 70, 50, 7);
        const Run r = run(j, [&] { worker_->requestStop(j.id); });
        QCOMPARE(r.stats["finish_reason"].toString(), QString("cancelled"));
        QCOMPARE(r.stats["generated_tokens"].toInt(), 0);
    }

    void stopDuringPrefill() {
        const auto j = job("Describe it in detail.", 70, 50, 7);
        // Direct connection: the stop is set on the worker thread as prefill begins.
        auto c = connect(
            worker_, &EngineWorker::phaseChanged, worker_,
            [this, id = j.id](quint64 rid, const generate::PhaseEvent& p) {
                if (rid == id && p.phase == generate::Phase::Prefill)
                    worker_->requestStop(id);
            },
            Qt::DirectConnection);
        const Run r = run(j);
        disconnect(c);
        QVERIFY(r.phases.contains(generate::Phase::Prefill));
        QVERIFY(!r.phases.contains(generate::Phase::Decode));
        QCOMPARE(r.stats["finish_reason"].toString(), QString("cancelled"));
        QCOMPARE(r.stats["generated_tokens"].toInt(), 0);
        QVERIFY(r.text.isEmpty());
    }

    void stopDuringDecode() {
        worker_->setBatchIntervalMs(0);
        const auto j = job("Tell me a long story.", 70, 400, 9);
        auto c = connect(
            worker_, &EngineWorker::textArrived, worker_,
            [this, id = j.id](quint64 rid, const QString&, const QString&) {
                if (rid == id)
                    worker_->requestStop(id);
            },
            Qt::DirectConnection);
        const Run r = run(j);
        disconnect(c);
        worker_->setBatchIntervalMs(30);
        QCOMPARE(r.stats["finish_reason"].toString(), QString("cancelled"));
        QVERIFY(r.stats["generated_tokens"].toInt() >= 1);
        QVERIFY(r.stats["generated_tokens"].toInt() < 400);
    }

    // A model with random weights, greedy: its replies run to the token limit (a sampled reply of
    // the trained demo model may end before the third decode step, or before a quit).
    void loadLongAnswerModel(ui::AppController& app) {
        const QString random = dir_.filePath("random-model");
        if (!QFileInfo::exists(random + "/rbln_config.json")) {
            QProcess make;
            make.start(QString::fromStdString(facet::test::cliPath().string()),
                       {"make-sim-model", random, "--seed", "1"});
            QVERIFY(make.waitForFinished(120000));
            QCOMPARE(make.exitCode(), 0);
        }
        app.engine()->model().loadModelDir(
            random, 0, QString::fromStdString(generate::builtinSimulatorRuntime().string()));
        QTRY_VERIFY_WITH_TIMEOUT(app.engine()->model().state() != app::ModelLoader::State::Loading,
                                 120000);
        QVERIFY(app.engine()->model().ready());
        app.settings()->setSamplingValue("doSample", false);
        // A random model repeats itself by nature; the guard would end its reply within a few
        // tokens, and these tests need one that is still streaming when they act on it.
        app.settings()->setSamplingValue("stopOnRepetition", false);
    }

    void faultMidDecodeKeepsConversation() {
        ui::AppController app(dir_.filePath("store"), facet::app::makeLocalBackend());
        loadLongAnswerModel(app);
        void* sim = dlopen(generate::builtinSimulatorRuntime().c_str(), RTLD_NOW | RTLD_NOLOAD);
        QVERIFY(sim);
        using Inject = void (*)(const char*, int64_t, const char*);
        const auto inject = reinterpret_cast<Inject>(dlsym(sim, "facet_sim_inject_fault"));
        QVERIFY(inject);
        inject("decoder_batch_1", 3, "injected device fault");
        app.settings()->setSamplingValue("maxNewTokens", 40);
        QVERIFY(app.chat()->send("Hello there"));
        QTRY_VERIFY_WITH_TIMEOUT(!app.chat()->busy(), 120000);
        dlclose(sim);
        const auto& messages = app.conversation()->conversation().messages;
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages[0].text, QString("Hello there"));
        QVERIFY2(messages[1].error.contains("injected device fault"),
                 qPrintable(messages[1].error));
        QCOMPARE(messages[1].finishReason, app::FinishReason::Error);
        // Saved with the error, and the session still answers.
        const QString id = app.library()->currentId();
        app::ConversationStore store(dir_.filePath("store"));
        QCOMPARE(store.load(id).messages[1].error, messages[1].error);
        QVERIFY(app.chat()->send("Again"));
        QTRY_VERIFY_WITH_TIMEOUT(!app.chat()->busy(), 120000);
        QCOMPARE(app.conversation()->conversation().messages.size(), 4);
        QVERIFY2(app.conversation()->conversation().messages[3].error.isEmpty(),
                 qPrintable(app.conversation()->conversation().messages[3].error));

        // Edit-and-resend branches inside the conversation (tst_branch_engine covers the rest).
        app.chat()->editAndResend(2, "Changed question");
        QCOMPARE(app.library()->currentId(), id);
        QTRY_VERIFY_WITH_TIMEOUT(!app.chat()->busy(), 120000);
        const auto& branch = app.conversation()->conversation();
        QCOMPARE(branch.messages.size(), 4);
        QCOMPARE(branch.messages[2].text, QString("Changed question"));
        QCOMPARE(branch.alternatives.first().text, QString("Again"));
        QCOMPARE(store.load(id).messages[2].text, QString("Changed question"));
        QCOMPARE(app.chats()->rowCount(), 1);
    }

    void quitWhileGeneratingKeepsConversation() {
        QString id;
        {
            ui::AppController app(dir_.filePath("quit"), facet::app::makeLocalBackend());
            loadLongAnswerModel(app);
            app.settings()->setSamplingValue("maxNewTokens", 2000);
            QVERIFY(app.chat()->send("Write a very long answer"));
            id = app.library()->currentId();
            QTRY_VERIFY_WITH_TIMEOUT(
                !app.conversation()->conversation().messages.last().text.isEmpty(), 120000);
            QVERIFY(app.chat()->busy());
        } // quit: the reply is stopped, kept and saved; the worker thread is joined
        app::ConversationStore store(dir_.filePath("quit"));
        const app::Conversation saved = store.load(id);
        QCOMPARE(saved.messages.size(), 2);
        QCOMPARE(saved.messages[1].finishReason, app::FinishReason::Cancelled);
        QVERIFY(!saved.messages[1].text.isEmpty());
    }

    // Issue #55 item 8: inside a broken model folder the dialog highlights its first part
    // (language_model/) and Open passed that on; the problem named "badmodel/language_model".
    // The folder the user went into is loaded and named; a part chosen from outside as well.
    void chosenFolderInsideABrokenModelIsTheModel() {
        ui::AppController app(dir_.filePath("chosen"), facet::app::makeLocalBackend());
        QTRY_VERIFY_WITH_TIMEOUT(app.engine()->model().state() != app::ModelLoader::State::Loading,
                                 120000);
        const QString bad = dir_.filePath("badmodel");
        for (const char* part : {"language_model", "vision_tower"}) {
            QVERIFY(QDir().mkpath(bad + "/" + part));
            QFile config(bad + "/" + part + "/rbln_config.json");
            QVERIFY(config.open(QIODevice::WriteOnly));
            config.write("{}");
        }
        auto& model = app.engine()->model();
        QSignalSpy failed(&model, &app::ModelLoader::loadFailed);
        model.loadChosenFolder(QUrl::fromLocalFile(bad + "/language_model"),
                               QUrl::fromLocalFile(bad));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 120000);
        QCOMPARE(QDir(failed.at(0).at(0).toString()).absolutePath(), QDir(bad).absolutePath());
        QVERIFY(!failed.at(0).at(1).toString().isEmpty());
        // From the folder above, a highlighted model folder is what is loaded, as before.
        model.loadChosenFolder(QUrl::fromLocalFile(bad), QUrl::fromLocalFile(dir_.path()));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 120000);
        QCOMPARE(QDir(failed.at(1).at(0).toString()).absolutePath(), QDir(bad).absolutePath());
    }

    void stopDuringLoad() {
        LoadAnswers answers;
        watchLoads(answers);
        const quint64 id = worker_->nextRequestId();
        // Stop from the first progress report: the load ends with an error, not a model.
        auto c = connect(
            worker_, &EngineWorker::loadProgress, worker_,
            [this](quint64 rid, const QString&, double) { worker_->requestStop(rid); },
            Qt::DirectConnection);
        const QString dir = QString::fromStdString(generate::builtinDemoModelDir().string());
        const QString lib = QString::fromStdString(generate::builtinSimulatorRuntime().string());
        QMetaObject::invokeMethod(
            worker_, [=, w = worker_] { w->loadModel(id, dir, 0, lib); }, Qt::QueuedConnection);
        QTRY_VERIFY_WITH_TIMEOUT(answers.count() > 0, 120000);
        disconnect(c);
        unwatch(answers);
        QCOMPARE(answers.loaded, 0);
        QCOMPARE(answers.failures.size(), 1);
        // The stopped load never replaced the model loaded before: it is still there and works.
        QVERIFY(answers.modelKept.at(0));
        const Run r = run(job("Hello", 70, 8, 1));
        QCOMPARE(r.error, QString());
        QVERIFY(!r.text.isEmpty());
    }

    void cleanupTestCase() {
        worker_->requestStop(worker_->nextRequestId());
        thread_.quit();
        thread_.wait();
    }
};

QTEST_MAIN(EngineWorkerTest)
#include "tst_engine_worker.moc"
