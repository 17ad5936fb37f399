// Replies from a vLLM server as the app's engine, through the EngineClient and the chat session:
// streaming and stats, the server default level (vLLM >= 0.31's mm_processor_kwargs gate), a
// server that stops, errors in the stream, history levels said before sending.
#include "serverenginefixture.h"

using namespace facet;
using namespace facet::servertest;

class ServerEngineTest : public QObject, protected ServerEngineFixture {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUp(); }
    void cleanup() { tearDown(); }

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
};

QTEST_MAIN(ServerEngineTest)
#include "tst_server_engine.moc"
