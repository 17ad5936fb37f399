// A vLLM server as the app's engine, through the EngineClient and the chat session, against the
// remote tests' stand-in server (tests/remote/fake_vllm.py: real HTTP over loopback, each
// request's body checked; it serves "gemma-4-test" and only the levels 70 and 280). The local
// engine beside it is the scripted one, so switching back and forth costs nothing.
#include "../remote/fake_server.h"

#include "Common/appcontroller.h"
#include "Compare/comparesession.h"
#include "Server/serverconnection.h"
#include "core/types/replystats.h"
#include "core/worker/serverquery.h"
#include "scriptedbackend.h"
#include "test_paths.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace facet;

namespace {

const QString kReply = QStringLiteral("The picture shows a red square — größer ✓ 🟥.");
const QString kKey = QStringLiteral("test-key-123"); // the fake server's key (scenario "auth")

QString url(const std::string& scenario) {
    return QString::fromStdString(remotetest::base(scenario));
}

QString photo() {
    return QString::fromStdString(remotetest::testImage("photo.jpg").string());
}

} // namespace

class ServerEngineTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QTemporaryDir settingsDir_;
    std::shared_ptr<app::ScriptedEngine> script_;
    std::unique_ptr<ui::AppController> app_;
    int count_ = 0;

    app::EngineClient& engine() { return *app_->engine(); }
    const app::Message& message(int row) const {
        return app_->conversation()->conversation().messages.at(row);
    }
    void waitIdle() { QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 10000); }

    void connectTo(const std::string& scenario, const QString& key = {}) {
        app_->server()->connectTo(url(scenario), {}, key, {70, 140, 280, 560, 1120});
        QTRY_VERIFY_WITH_TIMEOUT(
            engine().serverSession().connected() || !app_->server()->connecting(), 10000);
        QVERIFY2(engine().serverSession().connected(), qPrintable(app_->server()->connectError()));
    }
    void ask(const QString& question, int level) {
        QVERIFY(app_->attachments()->addFiles({photo()}).isEmpty());
        app_->attachments()->setMessageLevel(level);
        QVERIFY(app_->chat()->send(question));
        waitIdle();
    }
    void newApp() {
        app_.reset();
        script_ = std::make_shared<app::ScriptedEngine>();
        app_ = std::make_unique<ui::AppController>(dir_.filePath(QString::number(++count_)),
                                                   app::makeScriptedBackend(script_));
    }

private slots:
    void initTestCase() {
        // Settings of this test only (what is remembered, and that no key is in them).
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
        QCoreApplication::setOrganizationName(QStringLiteral("facet-server-test"));
        QCoreApplication::setApplicationName(QStringLiteral("facet-server-test"));
        remotetest::serverPort();
    }
    void init() {
        QSettings().clear();
        newApp();
        engine().model().loadModelDir(QStringLiteral("scripted"), 0, {});
        QTRY_VERIFY_WITH_TIMEOUT(engine().model().ready(), 5000);
    }
    void cleanup() { app_.reset(); }

    void askOnServerStreamsReplyAndStats() {
        connectTo("plain");
        QCOMPARE(engine().serverSession().url(), url("plain"));
        QCOMPARE(engine().model().info().name, QStringLiteral("gemma-4-test"));
        QVERIFY(engine().serverSession().roundTripMs() > 0);
        QCOMPARE(engine().model().detailLevels(), (QList<int>{70, 140, 280, 560, 1120}));
        QVERIFY(!engine().smokeTest().run()); // it checks this machine's NPU, not a server

        QSignalSpy text(&engine().requests(), &app::RequestStream::textArrived);
        ask(QStringLiteral("What is in the picture?"), 280);
        QVERIFY(text.count() >= 1); // streamed, not only at the end
        QCOMPARE(message(1).text, kReply);
        QCOMPARE(message(1).finishReason, app::FinishReason::StopToken);
        QCOMPARE(message(1).stats.value("engine").toString(), QStringLiteral("remote"));
        QCOMPARE(message(1).stats.value("server").toString(), url("plain"));
        QCOMPARE(message(1).stats.value("served_model").toString(), QStringLiteral("gemma-4-test"));
        QCOMPARE(message(1).stats.value("prompt_tokens").toInt(), 20 + 280 + 2); // its usage
        const app::ReplyStats stats = app::replyStatsFromJson(message(1).stats);
        QCOMPARE(stats.server, url("plain"));     // shown under the reply
        QCOMPARE(stats.bucketsText(), QString()); // the server's buckets are not known
        QVERIFY(script_->requests().empty());     // the local engine was not asked

        // What the server received, read back from it: the level and the file's own bytes.
        const QJsonObject body = remotetest::lastRequest("plain").value("body").toObject();
        QCOMPARE(body.value("model").toString(), QStringLiteral("gemma-4-test"));
        QCOMPARE(body.value("mm_processor_kwargs").toObject().value("max_soft_tokens").toInt(),
                 280);
        const QJsonArray content =
            body.value("messages").toArray().last().toObject().value("content").toArray();
        QString dataUrl;
        for (const auto& part : content)
            if (part.toObject().value("type") == QStringLiteral("image_url"))
                dataUrl = part.toObject().value("image_url").toObject().value("url").toString();
        QFile file(photo());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(dataUrl.startsWith(QStringLiteral("data:image/jpeg;base64,")));
        QCOMPARE(QByteArray::fromBase64(dataUrl.section(',', 1).toLatin1()), file.readAll());

        // Exported as any reply: the Markdown names the server, the JSON keeps the stats.
        const QString out = dir_.filePath(QStringLiteral("export"));
        QVERIFY(QDir().mkpath(out));
        QVERIFY(app_->library()->exportConversation(out, QStringLiteral("chat"), "md"));
        QVERIFY(app_->library()->exportConversation(out, QStringLiteral("chat"), "json"));
        QFile md(out + QStringLiteral("/chat.md"));
        QVERIFY(md.open(QIODevice::ReadOnly));
        const QString markdown = QString::fromUtf8(md.readAll());
        QVERIFY(markdown.contains(kReply));
        QVERIFY2(markdown.contains(QStringLiteral("server %1 (gemma-4-test)").arg(url("plain"))),
                 qPrintable(markdown));
        QFile json(out + QStringLiteral("/chat.json"));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonArray exported =
            QJsonDocument::fromJson(json.readAll()).object().value("messages").toArray();
        QCOMPARE(exported.last().toObject().value("stats").toObject().value("engine").toString(),
                 QStringLiteral("remote"));
    }

    // vLLM >= 0.31 without --trust-request-mm-kwargs refuses any request with
    // mm_processor_kwargs (HTTP 400, param "mm_processor_kwargs"). The app says so once, names
    // the fix, and sends no level from then on: the server's default applies, and stats and the
    // Markdown export say so.
    void mmKwargsGateTurnsToTheServerDefaultLevel() {
        connectTo("gate");
        QVERIFY(!engine().serverSession().serverDefaultLevel());
        QSignalSpy notice(app_->chat(), &ui::ChatSession::notice);
        ask(QStringLiteral("What is in the picture?"), 280);
        QCOMPARE(message(1).finishReason, app::FinishReason::Error);
        QVERIFY(engine().serverSession().serverDefaultLevel());
        QVERIFY(notice.count() >= 1);
        const QString said = notice.last().at(0).toString();
        QVERIFY2(said.contains(url("gate")) && said.contains("--trust-request-mm-kwargs"),
                 qPrintable(said));
        // Asked again: no mm_processor_kwargs goes out, and the server answers.
        ask(QStringLiteral("And now?"), 280);
        QCOMPARE(message(3).finishReason, app::FinishReason::StopToken);
        QCOMPARE(message(3).text, kReply);
        const QJsonObject body = remotetest::lastRequest("gate").value("body").toObject();
        QVERIFY(!body.contains("mm_processor_kwargs"));
        // The refused turn's reply never existed for the user: no empty assistant message goes
        // back to the server, nor the unanswered question (the template alternates turns).
        QCOMPARE(body.value("messages").toArray().size(), 1);
        for (const auto& m : body.value("messages").toArray())
            QVERIFY2(m.toObject().value("role").toString() != QStringLiteral("assistant"),
                     QJsonDocument(body.value("messages").toArray()).toJson().constData());
        QVERIFY(app::replyStatsFromJson(message(3).stats).serverDefaultLevel());
        const QString out = dir_.filePath(QStringLiteral("gate-export"));
        QVERIFY(QDir().mkpath(out));
        QVERIFY(app_->library()->exportConversation(out, QStringLiteral("chat"), "md"));
        QFile md(out + QStringLiteral("/chat.md"));
        QVERIFY(md.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(md.readAll()).contains("image at the server's default level"));
        // Remembered for the next start with this server.
        QVERIFY(app_->server()->rememberedServerDefault());
    }

    // The same choice made in the Connect dialog: nothing is refused first.
    void serverDefaultChosenAtConnectSendsNoLevel() {
        app_->server()->connectTo(url("gate~chosen"), {}, {}, {280}, true);
        QTRY_VERIFY_WITH_TIMEOUT(engine().serverSession().connected(), 10000);
        QVERIFY(engine().serverSession().serverDefaultLevel());
        ask(QStringLiteral("Default?"), 280);
        QCOMPARE(message(1).finishReason, app::FinishReason::StopToken);
        QVERIFY(!remotetest::lastRequest("gate~chosen")
                     .value("body")
                     .toObject()
                     .contains("mm_processor_kwargs"));
    }

    // Issue #53: a single question at the server default level shows the soft tokens the
    // server's usage implies (its /tokenize), as a comparison's columns do: the stand-in's
    // default is 280 a picture; Facet's own count would be 0 (it does not know that level).
    void serverDefaultReplyShowsTheServersSoftTokens() {
        app_->server()->connectTo(url("gate~implied"), {}, {}, {280}, true);
        QTRY_VERIFY_WITH_TIMEOUT(engine().serverSession().connected(), 10000);
        ask(QStringLiteral("Default?"), 280);
        QCOMPARE(message(1).finishReason, app::FinishReason::StopToken);
        const app::ReplyStats stats = app::replyStatsFromJson(message(1).stats);
        QVERIFY(stats.serverDefaultLevel());
        QCOMPARE(stats.impliedImageTokens, 280);
        QCOMPARE(stats.imageTokens, 0);
        const QString out = dir_.filePath(QStringLiteral("implied-export"));
        QVERIFY(QDir().mkpath(out));
        QVERIFY(app_->library()->exportConversation(out, QStringLiteral("chat"), "md"));
        QFile md(out + QStringLiteral("/chat.md"));
        QVERIFY(md.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(md.readAll());
        QVERIFY2(text.contains("280 soft tokens at the server's default level, by its usage"),
                 qPrintable(text));
        // At a level Facet counts, nothing is implied (and nothing more is asked).
        connectTo("plain");
        ask(QStringLiteral("Counted?"), 280);
        QCOMPARE(app::replyStatsFromJson(message(3).stats).impliedImageTokens, -1);
    }

    // Issue #53: the seed note explains columns that differ; columns that agree get none.
    void seedNoteOnlyWhenTheColumnsDiffer() {
        app_->settings()->setSamplingValue("doSample", true);
        const auto compare = [this](const std::string& scenario) {
            connectTo(scenario);
            QVERIFY(app_->attachments()->addFiles({photo()}).isEmpty());
            QVERIFY(app_->compare()->start(QStringLiteral("What is it?"), {70, 280}));
            QTRY_VERIFY_WITH_TIMEOUT(!app_->compare()->running(), 10000);
            QVERIFY(app_->compare()->active());
            QCOMPARE(app_->compare()->columns()->rowCount(), 2);
        };
        compare("plain");               // the stand-in answers every level alike
        if (QTest::currentTestFailed()) // a QVERIFY in the lambda returns from the lambda only
            return;
        const auto& same = app_->compare()->columns()->columns();
        QCOMPARE(same[0].text, same[1].text);
        QCOMPARE(app_->compare()->seedNote(), QString());
        QVERIFY(app_->compare()->continueWith(0));
        compare("levels"); // the reply names the level: the columns differ
        if (QTest::currentTestFailed())
            return;
        const auto& differ = app_->compare()->columns()->columns();
        QCOMPARE(differ[0].text, QStringLiteral("Seen at 70: a red square."));
        QCOMPARE(differ[1].text, QStringLiteral("Seen at 280: a red square."));
        QVERIFY2(app_->compare()->seedNote().contains("ignore the seed"),
                 qPrintable(app_->compare()->seedNote()));
        QVERIFY(app_->compare()->continueWith(0));
        // Greedy: no seed to ignore, whatever the columns say.
        app_->settings()->setSamplingValue("doSample", false);
        QVERIFY(app_->attachments()->addFiles({photo()}).isEmpty());
        QVERIFY(app_->compare()->start(QStringLiteral("Greedy?"), {70, 280}));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->compare()->running(), 10000);
        QCOMPARE(app_->compare()->seedNote(), QString());
    }

    // Issue #55 item 5: the status line says whether the server answers now. A server that is
    // gone (its process killed) is said to be so after the next question to it, and without
    // one within the check interval — never its last good round trip.
    void serverThatStoppedIsSaidNotAnswering() {
        const auto start = [](QProcess& p, QString& started) {
            p.start(QString::fromStdString(facet::test::pythonPath().string()),
                    {QString::fromStdString(facet::test::fakeVllmPath().string()),
                     QStringLiteral("--exit-with-stdin")});
            QVERIFY(p.waitForStarted(10000));
            QTRY_VERIFY_WITH_TIMEOUT(p.canReadLine(), 10000);
            const QByteArray line = p.readLine().trimmed();
            QVERIFY(line.startsWith("PORT "));
            started =
                QStringLiteral("http://127.0.0.1:%1/v1").arg(QString::fromLatin1(line.mid(5)));
        };
        const auto connectToUrl = [this](const QString& u) {
            app_->server()->connectTo(u, {}, {}, {280});
            QTRY_VERIFY_WITH_TIMEOUT(
                engine().serverSession().connected() && engine().serverSession().url() == u, 10000);
            QVERIFY(engine().serverSession().answering());
            QVERIFY(engine().serverSession().roundTripMs() > 0);
        };
        // Asked after it died: the question fails, and the status line says why.
        QProcess first;
        QString firstUrl;
        start(first, firstUrl);
        if (QTest::currentTestFailed())
            return;
        connectToUrl(firstUrl);
        first.kill();
        QVERIFY(first.waitForFinished(5000));
        ask(QStringLiteral("Still there?"), 280);
        QCOMPARE(message(1).finishReason, app::FinishReason::Error);
        QTRY_VERIFY_WITH_TIMEOUT(!engine().serverSession().answering(), 5000);
        QVERIFY2(engine().serverSession().healthNote().contains(firstUrl),
                 qPrintable(engine().serverSession().healthNote()));

        // Not asked anything: the periodic check finds it gone.
        QProcess second;
        QString secondUrl;
        start(second, secondUrl);
        if (QTest::currentTestFailed())
            return;
        connectToUrl(secondUrl);
        QCOMPARE(engine().serverSession().checkIntervalMs(), 10000);
        engine().serverSession().setCheckIntervalMs(200);
        second.kill();
        QVERIFY(second.waitForFinished(5000));
        QTRY_VERIFY_WITH_TIMEOUT(!engine().serverSession().answering(), 5000);
        QVERIFY2(engine().serverSession().healthNote().contains(secondUrl),
                 qPrintable(engine().serverSession().healthNote()));
    }

    // vllm-rbln fails inside its engine for a level it was not compiled for, and the engine
    // stops: the reply fails (500), and the status line learns from GET /health that the server
    // no longer answers, instead of showing its last good round trip.
    void uncompiledLevelOnVllmRblnSaysTheServerStopped() {
        connectTo("rbln~stops");
        QVERIFY(engine().serverSession().answering());
        ask(QStringLiteral("At 140?"), 140); // the stand-in compiled 70 and 280 only
        QCOMPARE(message(1).finishReason, app::FinishReason::Error);
        QVERIFY2(message(1).error.contains("HTTP 500"), qPrintable(message(1).error));
        QTRY_VERIFY_WITH_TIMEOUT(!engine().serverSession().answering(), 10000);
        QVERIFY2(engine().serverSession().healthNote().contains("503"),
                 qPrintable(engine().serverSession().healthNote()));
        // The level is not silently taken away: the user said the server takes it.
        QVERIFY(engine().model().detailLevels().contains(140));
    }

    // An error object inside the stream (EngineCore died mid-reply, then [DONE]): the reply
    // ends as failed with its partial text kept, and /health is asked (here it still answers).
    void inStreamEngineErrorKeepsThePartialReplyAndAsksHealth() {
        connectTo("enginedead");
        ask(QStringLiteral("Mid-way?"), 280);
        QCOMPARE(message(1).finishReason, app::FinishReason::Error);
        QVERIFY(!message(1).text.isEmpty());
        QVERIFY2(message(1).error.contains("EngineCore"), qPrintable(message(1).error));
        QTRY_VERIFY_WITH_TIMEOUT(!engine().serverSession().healthNote().isEmpty(), 10000);
        QVERIFY(engine().serverSession().answering());
    }

    // With --reasoning-parser gemma4 the thought arrives in delta.reasoning; without it the
    // channel markers arrive in the text (skip_special_tokens false) and are split by Facet's
    // own parser. The stored reply is the same either way.
    void thinkingIsStoredTheSameWithAndWithoutAReasoningParser() {
        app_->settings()->setThinking(true);
        connectTo("reasoning");
        ask(QStringLiteral("Think?"), 280);
        const app::Message parsed = message(1);
        app_->library()->newChat();
        app_->settings()->setThinking(true);
        connectTo("inline");
        ask(QStringLiteral("Think?"), 280);
        QCOMPARE(message(1).finishReason, app::FinishReason::StopToken);
        QVERIFY(!parsed.reasoning.isEmpty());
        QCOMPARE(message(1).reasoning, parsed.reasoning);
        QCOMPARE(message(1).text, parsed.text);
    }

    // A server takes one level per request: an earlier image at 1120 is seen at 280 once a new
    // image goes at 280. The user is told, not left to find out.
    void earlierImagesAtAnotherLevelAreSaid() {
        connectTo("plain");
        ask(QStringLiteral("At Maximum?"), 1120);
        QCOMPARE(message(1).finishReason, app::FinishReason::StopToken);
        QSignalSpy notice(app_->chat(), &ui::ChatSession::notice);
        ask(QStringLiteral("And this one at Standard?"), 280);
        QCOMPARE(notice.count(), 1);
        const QString said = notice.at(0).at(0).toString();
        QVERIFY2(said.contains("at 1120") && said.contains("at 280"), qPrintable(said));
        const QJsonObject body = remotetest::lastRequest("plain").value("body").toObject();
        QCOMPARE(body.value("mm_processor_kwargs").toObject().value("max_soft_tokens").toInt(),
                 280);
        // The same level throughout: nothing to say.
        ask(QStringLiteral("Again at Standard?"), 280);
        QCOMPARE(notice.count(), 2); // only the 1120 image of the first turn differs
        ask(QStringLiteral("At Maximum again?"), 1120);
        QCOMPARE(notice.count(), 3); // now the two 280 images differ
    }

    // One max_soft_tokens per request: a message whose images are at different levels is
    // refused before anything is sent, the levels named, nothing taken from the composer.
    void mixedLevelsAreSaidBeforeSending() {
        connectTo("plain");
        QVERIFY(app_->attachments()->addFiles({photo()}).isEmpty());
        QVERIFY(
            app_->attachments()
                ->addFiles({QString::fromStdString(remotetest::testImage("chart.png").string())})
                .isEmpty());
        app_->attachments()->setMessageLevel(70);
        app_->attachments()->setImageLevel(1, 280);
        QSignalSpy notice(app_->chat(), &ui::ChatSession::notice);
        QVERIFY(!app_->chat()->send("Two images?"));
        QCOMPARE(notice.size(), 1);
        const QString text = notice.at(0).at(0).toString();
        QVERIFY2(text.contains("one detail level per message") && text.contains("70, 280"),
                 qPrintable(text));
        QCOMPARE(app_->attachments()->rowCount(), 2);
        QCOMPARE(app_->conversation()->rowCount(), 0);
        // The user picks one: then it goes.
        app_->attachments()->clearImageLevel(1);
        QVERIFY(app_->chat()->send("Two images?"));
        waitIdle();
        QCOMPARE(app_->conversation()->rowCount(), 2);
    }

    void serverErrorsShowInTheChat() {
        connectTo("busy");
        ask(QStringLiteral("Busy?"), 280);
        QCOMPARE(message(1).finishReason, app::FinishReason::Error);
        QVERIFY2(message(1).error.contains("HTTP 503"), qPrintable(message(1).error));
        QVERIFY(message(1).error.contains("64 requests waiting"));
        QVERIFY(engine().model().detailLevels().contains(280)); // a 503 refuses no level

        connectTo("drop"); // two pieces, then the connection breaks: the partial reply stays
        ask(QStringLiteral("Dropped?"), 280);
        QCOMPARE(message(3).finishReason, app::FinishReason::Error);
        QCOMPARE(message(3).text, QStringLiteral("The picture shows a red "));
        QVERIFY2(message(3).error.contains("partial reply"), qPrintable(message(3).error));
    }

    // GET /v1/models on the thread pool: one answer per latest question, none after cancel,
    // and an object dropped mid-question neither waits nor hears back.
    void serverQueryAnswersTheLatestQuestion() {
        app::ServerQuery query;
        QSignalSpy answered(&query, &app::ServerQuery::answered);
        QSignalSpy failed(&query, &app::ServerQuery::failed);
        query.start(url("busy"), {});
        query.start(url("plain"), {}); // drops the first one's answer
        QVERIFY(query.running());
        QTRY_COMPARE_WITH_TIMEOUT(answered.count(), 1, 10000);
        QCOMPARE(answered.at(0).at(0).toString(), url("plain"));
        QCOMPARE(answered.at(0).at(1).toStringList(),
                 (QStringList{QStringLiteral("gemma-4-test"), QStringLiteral("other-model")}));
        QVERIFY(!query.running());
        query.start(url("plain"), {});
        query.cancel();
        QTest::qWait(300);
        QCOMPARE(answered.count(), 1);
        QCOMPARE(failed.count(), 0);
        auto dropped = std::make_unique<app::ServerQuery>();
        dropped->start(url("plain"), {});
        dropped.reset();
        QTest::qWait(300); // its task ends on its own; nothing is delivered anywhere
    }

    void failedConnectKeepsTheModelInUse() {
        QSignalSpy failed(&engine().serverSession(), &app::ServerSession::connectFailed);
        app_->server()->connectTo(url("auth"), {}, {}, {280}); // 401 without the key
        QTRY_VERIFY_WITH_TIMEOUT(!app_->server()->connecting(), 10000);
        QCOMPARE(failed.count(), 1);
        QVERIFY2(app_->server()->connectError().contains("HTTP 401"),
                 qPrintable(app_->server()->connectError()));
        QVERIFY(app_->server()->connectError().contains(url("auth")));
        QVERIFY(engine().model().ready());
        QVERIFY(!engine().serverSession().connected());
        QCOMPARE(engine().model().info().name, QStringLiteral("scripted"));

        // Nothing listens on a port just freed: unreachable, named.
        app_->server()->connectTo(QStringLiteral("http://127.0.0.1:9/v1"), {}, {}, {280});
        QTRY_VERIFY_WITH_TIMEOUT(!app_->server()->connecting(), 15000);
        QVERIFY2(app_->server()->connectError().contains("http://127.0.0.1:9/v1 is unreachable"),
                 qPrintable(app_->server()->connectError()));
        QVERIFY(!engine().serverSession().connected());
    }

    // Issue #55 item 5: a connect the worker finished just as the user started a folder load
    // is in use, though the newer load replaced it; when that load fails ("model kept"), the
    // status must name the server, and its key must still reach it. The GUI thread does not
    // run its event loop between the two, as when the user clicks in that instant.
    void connectThatLandedUnderAFailedLoadIsWhatIsInUse() {
        QSignalSpy failed(&engine().model(), &app::ModelLoader::loadFailed);
        const int unloadsBefore = script_->unloads();
        app_->server()->connectTo(url("auth"), {}, kKey, {70, 280});
        // The worker connected (the local model was unloaded for it); its answer waits in the
        // GUI thread's queue.
        QElapsedTimer waited;
        waited.start();
        while (script_->unloads() == unloadsBefore && waited.elapsed() < 10000)
            QThread::msleep(5);
        QVERIFY(script_->unloads() > unloadsBefore);
        QThread::msleep(50); // its signals are emitted right after the unload
        app::EngineScript bad = script_->script();
        bad.loadError = "not a usable compiled model folder";
        script_->setScript(bad);
        engine().model().loadModelDir(QStringLiteral("badmodel"), 0, {});
        QTRY_VERIFY_WITH_TIMEOUT(engine().model().state() != app::ModelLoader::State::Loading,
                                 10000);
        QCOMPARE(failed.count(), 1);
        QVERIFY(engine().model().ready());
        QCOMPARE(engine().model().loadProblemFolder(), QStringLiteral("badmodel"));
        // What the status line reads (Settings/StatusBar.qml).
        QVERIFY(engine().serverSession().connected());
        QCOMPARE(engine().serverSession().url(), url("auth"));
        QCOMPARE(engine().model().info().name, QStringLiteral("gemma-4-test"));
        QVERIFY(!engine().model().demo());
        // And it is the server that answers, with the key of that connect.
        ask(QStringLiteral("Who answers?"), 280);
        QCOMPARE(message(1).stats.value("engine").toString(), QStringLiteral("remote"));
        QCOMPARE(message(1).text, kReply);
        QSignalSpy timed(&engine().serverSession(), &app::ServerSession::roundTripChanged);
        engine().serverSession().measureRoundTrip(); // 401 without the key
        QTRY_VERIFY_WITH_TIMEOUT(timed.count() > 0, 5000);
        QVERIFY2(engine().serverSession().answering(),
                 qPrintable(engine().serverSession().healthNote()));
    }

    void keyGoesToTheServerNeverToTheSettings() {
        connectTo("auth", kKey);
        ask(QStringLiteral("With a key?"), 70);
        QCOMPARE(message(1).text, kReply);
        QCOMPARE(remotetest::lastRequest("auth").value("authorization").toString(),
                 QStringLiteral("Bearer ") + kKey);
        // No keyring service runs here: the key is kept for this session only, and said so.
        QTRY_VERIFY_WITH_TIMEOUT(app_->server()->keyNote().startsWith("No system keyring"), 10000);
        // Remembered: URL, model, levels, in use — and not the key, in any settings file.
        QSettings settings;
        settings.sync();
        QCOMPARE(settings.value("server/url").toString(), url("auth"));
        QCOMPARE(settings.value("server/model").toString(), QStringLiteral("gemma-4-test"));
        QCOMPARE(settings.value("server/levels").toString(), QStringLiteral("70,140,280,560,1120"));
        QVERIFY(settings.value("server/active").toBool());
        int files = 0;
        QDirIterator it(settingsDir_.path(), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray all = f.readAll();
            QVERIFY2(!all.contains(kKey.toUtf8()), qPrintable(f.fileName()));
            files += all.contains("server/") || all.contains("[server]") ? 1 : 0;
        }
        QCOMPARE(files, 1); // the file that holds the rest was read
        // The stored reply and its stats neither.
        QVERIFY(!QJsonDocument(message(1).stats).toJson().contains(kKey.toUtf8()));
    }

    void switchingKeepsTheConversation() {
        connectTo("plain");
        ask(QStringLiteral("What is in the picture?"), 280);
        QCOMPARE(message(1).text, kReply);
        const QString id = app_->library()->currentId();
        engine().model().loadModelDir(QStringLiteral("scripted"), 0,
                                      {}); // back to the local engine
        QTRY_VERIFY_WITH_TIMEOUT(engine().model().ready() && !engine().serverSession().connected(),
                                 5000);
        QCOMPARE(app_->library()->currentId(), id);
        QCOMPARE(app_->conversation()->rowCount(), 2);
        QVERIFY(app_->chat()->send(QStringLiteral("And locally?")));
        waitIdle();
        const auto requests = script_->requests();
        QCOMPARE(requests.size(), std::size_t{1});
        QCOMPARE(requests[0].history.size(), std::size_t{2}); // the server's turn is history
        QCOMPARE(QString::fromStdString(requests[0].history[1].modelText), kReply);
        QCOMPARE(QSettings().value("server/active").toBool(), false);
        // And to the server again: the whole conversation goes with the request.
        connectTo("plain");
        QVERIFY(app_->chat()->send(QStringLiteral("And on the server again?")));
        waitIdle();
        const QJsonArray messages =
            remotetest::lastRequest("plain").value("body").toObject().value("messages").toArray();
        QCOMPARE(messages.size(), 5);
        QCOMPARE(messages[1].toObject().value("content").toString(), kReply);
    }

    void stopDoesNotWaitForTheServer() {
        connectTo("slow"); // a piece, then one more every 3 s (fake_vllm.py's SLOW_CHUNK_GAP_S)
        QSignalSpy finished(&engine().requests(), &app::RequestStream::finished);
        QVERIFY(app_->chat()->send(QStringLiteral("Slowly?")));
        QTRY_VERIFY_WITH_TIMEOUT(
            !app_->conversation()->conversation().messages.at(1).text.isEmpty(), 10000);
        QElapsedTimer timer;
        timer.start();
        app_->chat()->stop();
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 5000);
        const qint64 ms = timer.elapsed();
        qInfo("Stop to the finished reply: %lld ms", static_cast<long long>(ms));
        // Half the gap: waiting for the server's next chunk would take the whole gap. A tighter
        // bound measured load on the CI machine, not the client (229 ms on a busy run).
        QVERIFY2(ms < 1500, qPrintable(QString::number(ms)));
        waitIdle();
        QCOMPARE(message(1).finishReason, app::FinishReason::Cancelled);
        QVERIFY(message(1).text.startsWith(QStringLiteral("The picture "))); // kept as it was
    }

    void restoredAtStart() {
        connectTo("plain");
        newApp(); // a new start: nothing loaded yet
        bool otherwise = false;
        app_->server()->restoreAtStart([&] { otherwise = true; });
        QTRY_VERIFY_WITH_TIMEOUT(engine().serverSession().connected(), 10000);
        QVERIFY(!otherwise);
        QCOMPARE(engine().serverSession().url(), url("plain"));

        // A remembered server that is gone: the local model instead, with the reason beside it.
        QSettings().setValue("server/url", QStringLiteral("http://127.0.0.1:9/v1"));
        newApp();
        app_->server()->restoreAtStart([&] {
            otherwise = true;
            engine().model().loadModelDir(QStringLiteral("scripted"), 0, {});
        });
        QTRY_VERIFY_WITH_TIMEOUT(engine().model().ready(), 15000);
        QVERIFY(otherwise);
        QVERIFY(!engine().serverSession().connected());
        QCOMPARE(engine().model().loadProblemFolder(), QStringLiteral("http://127.0.0.1:9/v1"));
        QVERIFY2(engine().model().loadProblem().contains("unreachable"),
                 qPrintable(engine().model().loadProblem()));
        QVERIFY(!QSettings().value("server/active").toBool());

        // Not in use last time: nothing is tried.
        newApp();
        otherwise = false;
        app_->server()->restoreAtStart([&] { otherwise = true; });
        QVERIFY(otherwise);
    }

    // A start that ended while connecting (a crash: a crafted answer, a bug) is not retried at
    // the next start, which would crash again at every start; the note says why.
    void startThatCrashedWhileConnectingIsNotRetried() {
        connectTo("plain");
        QVERIFY(QSettings().value("server/active").toBool());
        QSettings().setValue("server/connectingAtStart", true); // what the crashed start left
        newApp();
        bool otherwise = false;
        app_->server()->restoreAtStart([&] {
            otherwise = true;
            engine().model().loadModelDir(QStringLiteral("scripted"), 0, {});
        });
        QVERIFY(otherwise);
        QTRY_VERIFY_WITH_TIMEOUT(engine().model().ready(), 5000);
        QVERIFY(!engine().serverSession().connected());
        QCOMPARE(engine().model().loadProblemFolder(), url("plain"));
        QVERIFY2(engine().model().loadProblem().contains("ended while connecting"),
                 qPrintable(engine().model().loadProblem()));
        QVERIFY(!QSettings().value("server/connectingAtStart").toBool());
        // A start that connects clears the mark again.
        connectTo("plain");
        newApp();
        app_->server()->restoreAtStart([] {});
        QTRY_VERIFY_WITH_TIMEOUT(engine().serverSession().connected(), 10000);
        QVERIFY(!QSettings().value("server/connectingAtStart").toBool());
    }
    // Settings → Servers (#57): every server connected to, newest first, the one used last
    // marked; Connect again from the list, Remove forgets it (not reconnected at the next start).
    void connectedServersAreListedConnectedAndRemoved() {
        const auto entry = [&](int i) { return app_->server()->servers().at(i).toMap(); };
        connectTo("slow");
        connectTo("plain");
        QCOMPARE(app_->server()->servers().size(), 2);
        QCOMPARE(entry(0).value("url").toString(), url("plain"));
        QCOMPARE(entry(0).value("model").toString(), QStringLiteral("gemma-4-test"));
        QVERIFY(entry(0).value("last").toBool());
        QVERIFY(entry(0).value("inUse").toBool());
        QCOMPARE(entry(1).value("url").toString(), url("slow"));
        QVERIFY(!entry(1).value("last").toBool());
        QVERIFY(!entry(1).value("inUse").toBool());

        // Connect from the list: the older one, with what it was used with.
        app_->server()->connectRemembered(url("slow"));
        QTRY_VERIFY_WITH_TIMEOUT(engine().serverSession().connected() &&
                                     engine().serverSession().url() == url("slow"),
                                 10000);
        QTRY_COMPARE_WITH_TIMEOUT(entry(0).value("url").toString(), url("slow"), 5000);
        QVERIFY(entry(0).value("last").toBool());
        QCOMPARE(app_->server()->servers().size(), 2);

        // The next start lists the same; Remove takes the one used last off, and the start
        // after that does not reconnect to it.
        newApp();
        QCOMPARE(app_->server()->servers().size(), 2);
        app_->server()->forgetServer(url("slow"));
        QCOMPARE(app_->server()->servers().size(), 1);
        QCOMPARE(entry(0).value("url").toString(), url("plain"));
        QVERIFY(!entry(0).value("last").toBool());
        QCOMPARE(app_->server()->rememberedUrl(), QString());
        newApp();
        bool otherwise = false;
        app_->server()->restoreAtStart([&] { otherwise = true; });
        QVERIFY(otherwise);
        QCOMPARE(app_->server()->servers().size(), 1);
    }

    // A settings file of a version that kept only the server used last: it is listed.
    void serverOfAnOlderVersionIsListed() {
        QSettings().setValue("server/url", url("plain"));
        QSettings().setValue("server/model", QStringLiteral("gemma-4-test"));
        newApp();
        const QVariantList servers = app_->server()->servers();
        QCOMPARE(servers.size(), 1);
        QCOMPARE(servers[0].toMap().value("url").toString(), url("plain"));
        QVERIFY(servers[0].toMap().value("last").toBool());
    }
};

QTEST_MAIN(ServerEngineTest)

#include "tst_server_engine.moc"
