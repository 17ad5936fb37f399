// Connecting the app to a vLLM server: the model list query, a failed or overtaken connect, the
// API key (never in the settings), switching with the conversation kept, Stop, the restore at
// start (not after a start that crashed while connecting), the Servers list of Settings.
#include "serverenginefixture.h"

using namespace facet;
using namespace facet::servertest;

class ServerConnectionTest : public QObject, protected ServerEngineFixture {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUp(); }
    void cleanup() { tearDown(); }

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

QTEST_MAIN(ServerConnectionTest)
#include "tst_server_connection.moc"
