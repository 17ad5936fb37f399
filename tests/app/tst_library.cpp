// The conversation library and settings on the scripted engine (nothing loaded): refusing to
// send with no model, rename, delete with undo, per-conversation sampling with reset.
#include "Common/appcontroller.h"
#include "core/conversations/conversationstore.h"
#include "scriptedbackend.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace facet;

// Conversations are read off the GUI thread: wait for them.
static void loadAndWait(facet::ui::AppController& app) {
    QSignalSpy loaded(app.library(), &facet::ui::ConversationLibrary::conversationsLoaded);
    app.library()->loadConversations();
    QVERIFY(loaded.wait(10000));
}

class LibraryTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    void seed(app::ConversationStore& store, const QString& id, const QString& title,
              int minutesAgo) {
        app::Conversation c;
        c.id = id;
        c.title = title;
        c.created = c.updated = QDateTime::currentDateTime().addSecs(-60 * minutesAgo);
        app::Message m;
        m.id = id + "-m";
        m.text = "hello " + title;
        c.messages.append(m);
        store.save(c);
    }

private slots:
    void noModelNoSend() {
        ui::AppController app(
            dir_.filePath("a"),
            facet::app::makeScriptedBackend(std::make_shared<facet::app::ScriptedEngine>()));
        QVERIFY(!app.engine()->model().ready());
        QVERIFY(!app.chat()->send("hello"));
        QCOMPARE(app.conversation()->rowCount(), 0);
    }

    void renameDeleteUndo() {
        app::ConversationStore store(dir_.filePath("b"));
        seed(store, "one", "First", 10);
        seed(store, "two", "Second", 5);
        ui::AppController app(
            dir_.filePath("b"),
            facet::app::makeScriptedBackend(std::make_shared<facet::app::ScriptedEngine>()));
        loadAndWait(app);
        QCOMPARE(app.chats()->rowCount(), 2);
        QCOMPARE(app.chats()->idAt(0), QString("two"));

        app.library()->renameChat("one", "  Renamed   first ");
        QCOMPARE(store.load("one").title, QString("Renamed first"));

        app.library()->openChat("two");
        QCOMPARE(app.library()->currentId(), QString("two"));
        QCOMPARE(app.conversation()->rowCount(), 1);
        app.library()->deleteChat("two");
        QVERIFY(app.library()->currentId() != QString("two")); // a new chat replaces it
        QCOMPARE(app.chats()->rowCount(), 1);
        QCOMPARE(app.library()->undoTitle(), QString("Second"));
        QVERIFY(!QFile::exists(store.file("two")));
        app.library()->undoDelete();
        QCOMPARE(app.chats()->rowCount(), 2);
        QVERIFY(QFile::exists(store.file("two")));
        QCOMPARE(store.load("two").messages[0].text, QString("hello Second"));
    }

    void samplingPerConversationWithReset() {
        app::ConversationStore store(dir_.filePath("c"));
        seed(store, "s", "Sampled", 1);
        ui::AppController app(
            dir_.filePath("c"),
            facet::app::makeScriptedBackend(std::make_shared<facet::app::ScriptedEngine>()));
        loadAndWait(app);
        app.library()->openChat("s");
        QVERIFY(app.settings()->samplingIsDefault());
        app.settings()->setSamplingValue("temperature", 0.3);
        // The largest seed every engine takes (a signed 64-bit integer on vLLM: common/seed.h).
        app.settings()->setSamplingValue("seed", "9223372036854775807");
        QVERIFY(app.settings()->seedProblem().isEmpty());
        QVERIFY(!app.settings()->samplingIsDefault());
        QCOMPARE(app.settings()->sampling().temperature, 0.3);
        const app::Conversation saved = store.load("s");
        QVERIFY(saved.sampling.has_value());
        QCOMPARE(saved.sampling->temperature, 0.3);
        QVERIFY(saved.sampling->seed.has_value());
        QCOMPARE(*saved.sampling->seed, 9223372036854775807ULL);
        // One past it is refused, said, and the seed in use stays (it used to be taken as is,
        // and a server refused every request with it).
        app.settings()->setSamplingValue("seed", "9223372036854775808");
        QVERIFY2(app.settings()->seedProblem().contains("9223372036854775807"),
                 qPrintable(app.settings()->seedProblem()));
        QCOMPARE(*store.load("s").sampling->seed, 9223372036854775807ULL);
        app.settings()->setSamplingValue("seed", "");
        QVERIFY(app.settings()->seedProblem().isEmpty());
        QVERIFY(!store.load("s").sampling->seed.has_value());
        app.settings()->setSystemPrompt("Be brief.");
        QCOMPARE(store.load("s").systemPrompt, QString("Be brief."));
        app.settings()->resetSampling();
        QVERIFY(app.settings()->samplingIsDefault());
        QVERIFY(!store.load("s").sampling.has_value());
    }
};

int runLibraryTest(int argc, char** argv) {
    LibraryTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_library.moc"
