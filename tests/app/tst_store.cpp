// Conversation store: round trip, atomic writes, damaged files reported and left untouched,
// trash with undo, and the Markdown / JSON export.
#include "conversationexport.h"
#include "conversationstore.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace facet::app;

class StoreTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    static Conversation sample(const QString& id) {
        Conversation c;
        c.id = id;
        c.title = "Receipt";
        c.created = QDateTime::fromString("2026-01-02T03:04:05.006", Qt::ISODateWithMs);
        c.updated = c.created.addSecs(30);
        c.systemPrompt = "Answer briefly.";
        Sampling s;
        s.temperature = 0.25;
        s.topK = 7;
        s.seed = 18446744073709551557ULL; // above 2^53: must survive JSON
        c.sampling = s;
        Message user;
        user.id = "u";
        user.text = "Total? ünïcödé";
        user.created = c.created;
        Message reply;
        reply.id = "r";
        reply.role = Message::Role::Model;
        reply.text = "**12** euros";
        reply.stats = QJsonObject{{"prompt_tokens", 300}, {"ttft_ms", 12.5}};
        reply.finishReason = "stop_token";
        reply.created = c.updated;
        c.messages = {user, reply};
        return c;
    }

private slots:
    void roundTripWithImages() {
        ConversationStore store(dir_.filePath("rt"));
        Conversation c = sample("one");
        const QString src = dir_.filePath("photo.png");
        QImage(32, 16, QImage::Format_RGB888).save(src);
        const QString stored = store.importImage(c.id, src);
        QCOMPARE(store.importImage(c.id, src), stored); // same content, same file
        QFile::remove(src);                             // the original may move away
        c.messages[0].images.append({stored, "photo.png", 1120, 32, 16, 4});
        store.save(c);
        const Conversation back = store.load("one");
        QCOMPARE(back.title, c.title);
        QCOMPARE(back.systemPrompt, c.systemPrompt);
        QVERIFY(back.sampling.has_value());
        QVERIFY(*back.sampling == *c.sampling);
        QCOMPARE(back.messages.size(), 2);
        QCOMPARE(back.messages[0].text, c.messages[0].text);
        QCOMPARE(back.messages[0].images[0].level, 1120);
        QVERIFY(QFile::exists(store.imagePath("one", back.messages[0].images[0].file)));
        QCOMPARE(back.messages[1].stats, c.messages[1].stats);
        QCOMPARE(back.messages[1].role, Message::Role::Model);
        QCOMPARE(back.updated, c.updated);
        const auto listing = store.loadAll();
        QCOMPARE(listing.conversations.size(), 1);
        QVERIFY(listing.problems.isEmpty());
    }

    void damagedFileIsReportedAndNeverOverwritten() {
        ConversationStore store(dir_.filePath("bad"));
        store.save(sample("good"));
        QVERIFY(QDir().mkpath(store.folder("broken")));
        const QByteArray garbage = "{\"format\": \"facet-conversation\", \"version\": 1, \"id\": ";
        QFile f(store.file("broken"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(garbage);
        f.close();
        QVERIFY(QDir().mkpath(store.folder("future")));
        QJsonObject future = toJson(sample("future"));
        future["version"] = 99;
        QFile g(store.file("future"));
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write(QJsonDocument(future).toJson());
        g.close();

        const auto listing = store.loadAll();
        QCOMPARE(listing.conversations.size(), 1);
        QCOMPARE(listing.problems.size(), 2);
        const QString all = listing.problems.join('\n');
        QVERIFY2(all.contains(store.file("broken") + ": not valid JSON"), qPrintable(all));
        QVERIFY2(all.contains("version 99 is not supported"), qPrintable(all));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, store.save(sample("broken")));
        QFile again(store.file("broken"));
        QVERIFY(again.open(QIODevice::ReadOnly));
        QCOMPARE(again.readAll(), garbage);
    }

    void trashAndRestore() {
        ConversationStore store(dir_.filePath("trash"));
        store.save(sample("x"));
        store.moveToTrash("x");
        QCOMPARE(store.loadAll().conversations.size(), 0);
        store.restoreFromTrash("x");
        QCOMPARE(store.loadAll().conversations.size(), 1);
        store.moveToTrash("x");
        store.purgeTrash();
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, store.restoreFromTrash("x"));
    }

    void exportMarkdownAndJson() {
        Conversation c = sample("e");
        c.messages[0].images.append({"ab12.jpg", "receipt.jpg", 560, 1000, 2000, 520});
        const QString md = toMarkdown(c, "/store/e");
        QVERIFY2(md.startsWith("# Receipt\n"), qPrintable(md));
        QVERIFY2(
            md.contains("![receipt.jpg](/store/e/ab12.jpg) — detail level 560, 520 image tokens"),
            qPrintable(md));
        QVERIFY(md.contains("**12** euros"));
        QVERIFY(md.contains("300 prompt tokens"));
        const QJsonObject json = QJsonDocument::fromJson(toJsonExport(c, "/store/e")).object();
        QCOMPARE(json["format"].toString(), QString("facet-conversation"));
        const QJsonObject image =
            json["messages"].toArray()[0].toObject()["images"].toArray()[0].toObject();
        QCOMPARE(image["path"].toString(), QString("/store/e/ab12.jpg"));
        QCOMPARE(image["level"].toInt(), 560);
        QCOMPARE(image["soft_tokens"].toInt(), 520);
    }
};

int runStoreTest(int argc, char** argv) {
    StoreTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_store.moc"
