// Settings → New chats (issue #57): the detail level, system prompt and thinking switch a new
// chat starts with — remembered across starts, given to the next new chat (and reaching the
// engine with its first message), never to the chat already open; a level the loaded model was
// not compiled for becomes its nearest compiled one.
#include "Common/appcontroller.h"
#include "scriptedbackend.h"

#include <QGuiApplication>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace facet;

class NewChatDefaultsTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::shared_ptr<app::ScriptedEngine> script_ = std::make_shared<app::ScriptedEngine>();

    std::unique_ptr<ui::AppController> newApp() {
        auto app = std::make_unique<ui::AppController>(dir_.filePath("store"),
                                                       app::makeScriptedBackend(script_));
        app->engine()->model().loadModelDir("scripted", 0, {});
        const bool ready = QTest::qWaitFor([&] { return app->engine()->model().ready(); }, 5000);
        if (!ready)
            qWarning("the scripted model did not load");
        return app;
    }
    static const app::Conversation& open(const ui::AppController& app) {
        return app.conversation()->conversation();
    }

private slots:
    void initTestCase() {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.path());
        QCoreApplication::setOrganizationName(QStringLiteral("facet-newchat-test"));
        QCoreApplication::setApplicationName(QStringLiteral("facet-newchat-test"));
    }
    void init() {
        QSettings().clear();
        script_->setScript(app::EngineScript{});
    }

    void nextNewChatGetsTheDefaults() {
        auto app = newApp();
        ui::NewChatDefaults& defaults = *app->newChatDefaults();
        QCOMPARE(defaults.level(), app::kDefaultDetailLevel);
        const QString openId = app->library()->currentId();
        defaults.setLevel(560);
        defaults.setSystemPrompt(QStringLiteral("Answer in one sentence."));
        defaults.setThinking(true);
        // The open chat keeps what it has.
        QCOMPARE(open(*app).systemPrompt, QString());
        QVERIFY(!open(*app).enableThinking);
        QCOMPARE(app->attachments()->messageLevel(), app::kDefaultDetailLevel);

        app->library()->newChat();
        QVERIFY(app->library()->currentId() != openId);
        QCOMPARE(open(*app).systemPrompt, QStringLiteral("Answer in one sentence."));
        QVERIFY(open(*app).enableThinking);
        QVERIFY(app->settings()->thinking()); // what the composer's "Think first" shows
        QCOMPARE(app->attachments()->messageLevel(), 560);

        // A level picked for one chat does not outlive it.
        app->attachments()->setMessageLevel(70);
        app->library()->newChat();
        QCOMPARE(app->attachments()->messageLevel(), 560);

        // What the engine is given with the new chat's first message.
        QVERIFY(app->chat()->send(QStringLiteral("Hi")));
        QTRY_VERIFY_WITH_TIMEOUT(!app->chat()->busy(), 5000);
        const auto requests = script_->requests();
        QCOMPARE(requests.size(), std::size_t{1});
        QCOMPARE(requests[0].systemPrompt.value_or(""), std::string("Answer in one sentence."));
        QVERIFY(requests[0].enableThinking);
    }

    void rememberedForTheNextStart() {
        {
            auto app = newApp();
            app->newChatDefaults()->setLevel(140);
            app->newChatDefaults()->setSystemPrompt(QStringLiteral("Be brief."));
            app->newChatDefaults()->setThinking(true);
        }
        auto app = newApp();
        QCOMPARE(app->newChatDefaults()->level(), 140);
        // The chat the app opens with is a new chat too.
        QCOMPARE(open(*app).systemPrompt, QStringLiteral("Be brief."));
        QVERIFY(open(*app).enableThinking);
        QCOMPARE(app->attachments()->messageLevel(), 140);
    }

    void levelTheModelLacksBecomesTheNearestCompiled() {
        app::EngineScript script;
        script.info.detailLevels = {70, 560};
        script_->setScript(script);
        auto app = newApp();
        QCOMPARE(app->attachments()->messageLevel(), 70); // the nearest to 280, the default's
        app->newChatDefaults()->setLevel(1120);
        app->library()->newChat();
        QCOMPARE(app->attachments()->messageLevel(), 560);
        QCOMPARE(app->newChatDefaults()->level(), 1120); // kept for a model that has it
        // Not a detail level: ignored.
        app->newChatDefaults()->setLevel(100);
        QCOMPARE(app->newChatDefaults()->level(), 1120);
    }
};

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    NewChatDefaultsTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_newchatdefaults.moc"
