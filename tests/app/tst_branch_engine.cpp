// Branches against the real engine (simulated device, demo model): after an edit or a
// regenerate the device KV cache holds a longer, different history, so the engine must prefill
// afresh. The reply must equal what a fresh session gives for the same request and seed, and
// the statistics must show no reused tokens. The thinking switch must reach the prompt: the
// prompt length equals `facet-cli render-prompt --ids` for the same conversation.
#include "Common/appcontroller.h"
#include "core/conversations/conversationbranches.h"
#include "core/worker/requestbuilder.h"
#include "test_paths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace facet;

namespace {

struct Reply {
    QString text;
    QJsonObject stats;
};

} // namespace

class BranchEngineTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::unique_ptr<ui::AppController> app_;

    void waitIdle() { QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 120000); }

    const app::Conversation& conversation() const { return app_->conversation()->conversation(); }

    // The request for the user message at `userRow` of the open conversation, run on a session
    // of its own (the worker starts a new session for a new key: nothing cached).
    Reply freshSession(int userRow) {
        const app::Conversation& c = conversation();
        app::GenerateJob job;
        job.sessionKey = QStringLiteral("fresh-") + app::newId();
        const app::ConversationStore store(dir_.filePath("store"));
        job.request = app::buildRequest(
            c, userRow, app::toEngine(*c.sampling),
            [&](const app::StoredImage& i) { return store.imagePath(c.id, i.file); });
        Reply r;
        bool done = false;
        quint64 id = 0;
        auto text = connect(&app_->engine()->requests(), &app::RequestStream::textArrived, this,
                            [&](quint64 rid, const QString& content, const QString&) {
                                if (rid == id)
                                    r.text += content;
                            });
        auto fin = connect(&app_->engine()->requests(), &app::RequestStream::finished, this,
                           [&](quint64 rid, const QJsonObject& stats, const QString&) {
                               if (rid == id) {
                                   r.stats = stats;
                                   done = true;
                               }
                           });
        id = app_->engine()->requests().submit(std::move(job));
        [&] { QTRY_VERIFY_WITH_TIMEOUT(done, 120000); }();
        disconnect(text);
        disconnect(fin);
        return r;
    }

    int cliPromptTokens(const QString& question, bool thinking) {
        const QString demo = app_->engine()->model().demoModelDir();
        const QJsonObject conv{
            {"messages",
             QJsonArray{QJsonObject{
                 {"role", "user"},
                 {"content", QJsonArray{QJsonObject{{"type", "text"}, {"text", question}}}}}}},
            {"enable_thinking", thinking}};
        QFile f(dir_.filePath("conversation.json"));
        if (!f.open(QIODevice::WriteOnly))
            return -1;
        f.write(QJsonDocument(conv).toJson());
        f.close();
        QProcess cli;
        cli.start(QString::fromStdString(facet::test::cliPath().string()),
                  {"render-prompt", "--ids", "--tokenizer", demo + "/tokenizer.json", "--template",
                   demo + "/chat_template.jinja", f.fileName()});
        if (!cli.waitForFinished(60000) || cli.exitCode() != 0)
            return -1;
        return static_cast<int>(
            QString::fromUtf8(cli.readAllStandardOutput()).split(' ', Qt::SkipEmptyParts).size());
    }

private slots:
    void initTestCase() {
        app_ = std::make_unique<ui::AppController>(dir_.filePath("store"),
                                                   facet::app::makeLocalBackend());
        app_->engine()->model().loadDemoModel();
        QTRY_VERIFY_WITH_TIMEOUT(
            app_->engine()->model().state() != app::ModelLoader::State::Loading, 120000);
        QVERIFY2(app_->engine()->model().ready(), qPrintable(app_->engine()->model().lastError()));
        app_->settings()->setSamplingValue("seed", "4242");
        app_->settings()->setSamplingValue("maxNewTokens", 12);
        QVERIFY(app_->chat()->send("Hello there"));
        waitIdle();
        QVERIFY(app_->chat()->send("Again"));
        waitIdle();
        QCOMPARE(conversation().messages.size(), 4);
        // Sanity: the second turn continued the cache (so a later zero really means a refill).
        QVERIFY(conversation().messages[3].stats["reused_tokens"].toInt() > 0);
    }

    void editBranchesInPlaceAndEqualsFreshSession() {
        const QString id = app_->library()->currentId();
        const QString oldReply = conversation().messages[3].text;
        app_->chat()->editAndResend(2, "Changed question");
        QCOMPARE(app_->library()->currentId(), id); // same conversation, not a copy
        waitIdle();
        const auto& messages = conversation().messages;
        QCOMPARE(messages.size(), 4);
        QCOMPARE(messages[2].text, QString("Changed question"));
        QCOMPARE(app::branchPosition(conversation(), 2).index, 1);
        QCOMPARE(app::branchPosition(conversation(), 2).count, 2);
        QCOMPARE(app_->chats()->rowCount(), 1);
        const QJsonObject stats = messages[3].stats;
        QVERIFY(messages[3].error.isEmpty());
        // The cache held "Again" and its reply: nothing past the shared start can be kept, and
        // the engine only continues a cache, so all of the prompt is prefilled again.
        QCOMPARE(stats["reused_tokens"].toInt(), 0);
        QCOMPARE(stats["tokens_prefilled"].toInt(), stats["prompt_tokens"].toInt());
        const Reply fresh = freshSession(2);
        QCOMPARE(messages[3].text, fresh.text);
        QCOMPARE(stats["prompt_tokens"], fresh.stats["prompt_tokens"]);
        QCOMPARE(stats["generated_tokens"], fresh.stats["generated_tokens"]);

        // The old branch is still there and is what the switcher brings back.
        app_->chat()->switchBranch(2, 0);
        QCOMPARE(conversation().messages[2].text, QString("Again"));
        QCOMPARE(conversation().messages[3].text, oldReply);
        app::ConversationStore store(dir_.filePath("store"));
        QCOMPARE(store.load(id).messages[2].text, QString("Again")); // saved on switch
        app_->chat()->switchBranch(2, 1);
        QCOMPARE(conversation().messages[2].text, QString("Changed question"));
    }

    void regenerateEarlierReplyEqualsFreshSession() {
        // Reply 1 of 4 rows: with the same seed the new version must read exactly like the
        // first, although the device cache holds the whole longer conversation.
        const QString first = conversation().messages[1].text;
        app_->chat()->regenerate(1);
        waitIdle();
        const auto& messages = conversation().messages;
        QCOMPARE(messages.size(), 2);
        QCOMPARE(app::branchPosition(conversation(), 1).count, 2);
        QCOMPARE(messages[1].text, first);
        QCOMPARE(messages[1].stats["reused_tokens"].toInt(), 0);
        QCOMPARE(freshSession(0).text, messages[1].text);
        app_->chat()->switchBranch(1, 0); // the four-message branch comes back whole
        QCOMPARE(conversation().messages.size(), 4);
        QCOMPARE(conversation().messages[2].text, QString("Changed question"));
    }

    void thinkingSwitchReachesThePrompt() {
        for (const bool thinking : {false, true}) {
            app_->library()->newChat();
            app_->settings()->setSamplingValue("maxNewTokens", 2);
            app_->settings()->setThinking(thinking);
            QVERIFY(app_->chat()->send("Describe the weather"));
            waitIdle();
            QCOMPARE(conversation().enableThinking, thinking);
            const int expected = cliPromptTokens("Describe the weather", thinking);
            QVERIFY(expected > 0);
            QCOMPARE(conversation().messages[1].stats["prompt_tokens"].toInt(), expected);
        }
        app::ConversationStore store(dir_.filePath("store"));
        QVERIFY(store.load(app_->library()->currentId()).enableThinking);
    }

    void cleanupTestCase() { app_.reset(); }
};

QTEST_MAIN(BranchEngineTest)
#include "tst_branch_engine.moc"
