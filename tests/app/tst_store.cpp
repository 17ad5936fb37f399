// Conversation store: round trip, atomic writes, damaged files reported and left untouched,
// trash with undo, and the Markdown / JSON export.
#include "core/conversations/conversationexport.h"
#include "core/conversations/conversationstore.h"
#include "core/conversations/exportwriter.h"

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
        reply.finishReason = FinishReason::StopToken;
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

    // "Save as" for exports: the file written whole, the images it references beside it (the
    // Markdown's links resolve), an existing file replaced only by a complete new one, and a
    // failure that names the path and leaves nothing behind.
    void exportWriterWritesFileAndImagesBesideIt() {
        const QString storeFolder = dir_.filePath("export-store/e");
        QVERIFY(QDir().mkpath(storeFolder + "/images"));
        QFile image(storeFolder + "/images/ab12.jpg");
        QVERIFY(image.open(QIODevice::WriteOnly));
        image.write("JPEGBYTES");
        image.close();
        Conversation c = sample("e");
        c.messages[0].images.append({"images/ab12.jpg", "receipt.jpg", 560, 1000, 2000, 520});
        const QString out = dir_.filePath("exports");
        QVERIFY(QDir().mkpath(out));
        QCOMPARE(proposedExportName("Receipt: 12/3 \"total\"", ExportFormat::Markdown),
                 QString("Receipt- 12-3 -total-.md"));
        QCOMPARE(withExportExtension("notes", ExportFormat::Json), QString("notes.json"));
        QCOMPARE(proposedExportName("Describe it in a few words.", ExportFormat::Markdown),
                 QString("Describe it in a few words.md"));
        QCOMPARE(withExportExtension("notes.txt", ExportFormat::Json), QString("notes.txt"));

        const QString md = out + "/Receipt.md";
        QCOMPARE(writeExport(c, storeFolder, md, ExportFormat::Markdown), 1);
        QFile written(md);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(written.readAll());
        QVERIFY2(text.contains("](Receipt-images/images/ab12.jpg)"), qPrintable(text));
        QVERIFY2(text.contains(" · "), qPrintable(text)); // the stats separator, UTF-8 once
        QFile copied(out + "/Receipt-images/images/ab12.jpg");
        QVERIFY(copied.open(QIODevice::ReadOnly));
        QCOMPARE(copied.readAll(), QByteArray("JPEGBYTES"));

        // A missing stored image: the export fails naming it; the earlier file stays as it was.
        QVERIFY(QFile::remove(storeFolder + "/images/ab12.jpg"));
        try {
            writeExport(c, storeFolder, md, ExportFormat::Markdown);
            QFAIL("no error for a missing image");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains("ab12.jpg"), e.what());
            QVERIFY(QFileInfo::exists(out + "/Receipt-images/images/ab12.jpg")); // kept
        }
        QFile again(md);
        QVERIFY(again.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(again.readAll()), text);

        // A folder that does not exist: named, and nothing created.
        try {
            writeExport(c, storeFolder, out + "/missing/x.json", ExportFormat::Json);
            QFAIL("no error for a missing folder");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains(out + "/missing"), e.what());
        }
        QVERIFY(!QFileInfo::exists(out + "/missing"));
    }
};

int runStoreTest(int argc, char** argv) {
    StoreTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_store.moc"
