// The chat controller's conversation handling without an engine: refusing to send with no model,
// rename, delete with undo, per-conversation sampling with reset.
#include "appcontroller.h"
#include "conversationstore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace facet;

class ChatControllerTest : public QObject {
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
        ui::AppController app(dir_.filePath("a"));
        QVERIFY(!app.engine()->ready());
        QVERIFY(!app.chat()->send("hello"));
        QCOMPARE(app.conversation()->rowCount(), 0);
    }

    void renameDeleteUndo() {
        app::ConversationStore store(dir_.filePath("b"));
        seed(store, "one", "First", 10);
        seed(store, "two", "Second", 5);
        ui::AppController app(dir_.filePath("b"));
        app.chat()->loadConversations();
        QCOMPARE(app.chats()->rowCount(), 2);
        QCOMPARE(app.chats()->idAt(0), QString("two"));

        app.chat()->renameChat("one", "  Renamed   first ");
        QCOMPARE(store.load("one").title, QString("Renamed first"));

        app.chat()->openChat("two");
        QCOMPARE(app.chat()->currentId(), QString("two"));
        QCOMPARE(app.conversation()->rowCount(), 1);
        app.chat()->deleteChat("two");
        QVERIFY(app.chat()->currentId() != QString("two")); // a new chat replaces it
        QCOMPARE(app.chats()->rowCount(), 1);
        QCOMPARE(app.chat()->undoTitle(), QString("Second"));
        QVERIFY(!QFile::exists(store.file("two")));
        app.chat()->undoDelete();
        QCOMPARE(app.chats()->rowCount(), 2);
        QVERIFY(QFile::exists(store.file("two")));
        QCOMPARE(store.load("two").messages[0].text, QString("hello Second"));
    }

    void samplingPerConversationWithReset() {
        app::ConversationStore store(dir_.filePath("c"));
        seed(store, "s", "Sampled", 1);
        ui::AppController app(dir_.filePath("c"));
        app.chat()->loadConversations();
        app.chat()->openChat("s");
        QVERIFY(app.chat()->samplingIsDefault());
        app.chat()->setSamplingValue("temperature", 0.3);
        app.chat()->setSamplingValue("seed", "12345678901234567890");
        QVERIFY(!app.chat()->samplingIsDefault());
        QCOMPARE(app.chat()->sampling().value("temperature").toDouble(), 0.3);
        const app::Conversation saved = store.load("s");
        QVERIFY(saved.sampling.has_value());
        QCOMPARE(saved.sampling->temperature, 0.3);
        QCOMPARE(*saved.sampling->seed, 12345678901234567890ULL);
        app.chat()->setSystemPrompt("Be brief.");
        QCOMPARE(store.load("s").systemPrompt, QString("Be brief."));
        app.chat()->resetSampling();
        QVERIFY(app.chat()->samplingIsDefault());
        QVERIFY(!store.load("s").sampling.has_value());
    }
};

int runChatControllerTest(int argc, char** argv) {
    ChatControllerTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_chatcontroller.moc"
