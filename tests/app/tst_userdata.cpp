// The user's data on disk against hostile or unusual file systems (security review findings):
// links planted in the trash are never followed, nothing outside the store is deleted, FIFOs and
// oversized files are refused unread, files and folders are private to their owner, and a
// 30,000-message branch chain loads (its check is linear) with a planted cycle still refused.
#include "core/conversations/conversationbranches.h"
#include "core/conversations/conversationstore.h"
#include "core/support/logfile.h"
#include "core/support/userfiles.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace facet::app;

namespace {

Conversation conversation(const QString& id) {
    Conversation c;
    c.id = id;
    c.title = "T";
    c.created = c.updated = QDateTime::fromString("2026-01-02T03:04:05.006", Qt::ISODateWithMs);
    Message user;
    user.id = id + "-u";
    user.text = "hello";
    user.created = c.created;
    c.messages = {user};
    return c;
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

int mode(const QString& path) {
    struct stat st {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return static_cast<int>(st.st_mode & 0777);
}

} // namespace

class UserDataTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void aLinkAsTheTrashIsNeverFollowed() {
        const QString victim = dir_.filePath("victim1");
        QVERIFY(QDir().mkpath(victim));
        writeFile(victim + "/precious.txt", "keep me");
        ConversationStore store(dir_.filePath("store1"));
        store.save(conversation("a"));
        QVERIFY(QFile::link(victim, store.root() + "/.trash"));

        store.purgeTrash(); // what startup does
        QVERIFY(QFile::exists(victim + "/precious.txt"));
        store.moveToTrash("a"); // the link is replaced by a real folder
        QVERIFY(QFile::exists(victim + "/precious.txt"));
        QVERIFY(QFileInfo(store.root() + "/.trash").isDir());
        QVERIFY(!QFileInfo(store.root() + "/.trash").isSymLink());
        store.purgeTrash();
        QVERIFY(QFile::exists(victim + "/precious.txt"));
        QVERIFY(!QFile::exists(store.root() + "/.trash"));
    }

    void linksInsideTheTrashAreRemovedNotFollowed() {
        const QString victim = dir_.filePath("victim2");
        QVERIFY(QDir().mkpath(victim));
        writeFile(victim + "/precious.txt", "keep me");
        ConversationStore store(dir_.filePath("store2"));
        store.save(conversation("b"));
        store.moveToTrash("b");
        const QString trashed = store.root() + "/.trash/b";
        QVERIFY(QFile::link(victim, trashed + "/images"));
        QVERIFY(QFile::link(victim + "/precious.txt", trashed + "/photo.png"));
        store.purgeTrash();
        QVERIFY(QFile::exists(victim + "/precious.txt"));
        QVERIFY(!QFile::exists(trashed));
    }

    void nothingOutsideTheRootIsDeleted() {
        const QString outside = dir_.filePath("outside");
        QVERIFY(QDir().mkpath(outside));
        writeFile(outside + "/f", "x");
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 removeTreeInside(outside, dir_.filePath("store3")));
        QVERIFY_THROWS_EXCEPTION(
            std::runtime_error,
            removeTreeInside(dir_.filePath("store3/../outside"), dir_.filePath("store3")));
        QVERIFY(QFile::exists(outside + "/f"));
    }

    void aFifoOrAHugeFileIsRefusedUnread() {
        ConversationStore store(dir_.filePath("store4"));
        store.save(conversation("ok"));
        QVERIFY(QDir().mkpath(store.folder("fifo")));
        QCOMPARE(::mkfifo(QFile::encodeName(store.file("fifo")).constData(), 0600), 0);
        QVERIFY(QDir().mkpath(store.folder("huge")));
        {
            QFile f(store.file("huge"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(ConversationStore::kMaxFileBytes + 1)); // sparse: no disk used
        }
        const auto listing = store.loadAll(); // used to block forever on the FIFO
        QCOMPARE(listing.conversations.size(), 1);
        const QString all = listing.problems.join('\n');
        QVERIFY2(all.contains(store.file("fifo") + ": not a regular file"), qPrintable(all));
        QVERIFY2(all.contains(store.file("huge") + ": 268435457 bytes"), qPrintable(all));
    }

    void filesAndFoldersArePrivate() {
        ConversationStore store(dir_.filePath("store5/deeper/conversations"));
        const QString src = dir_.filePath("p.png");
        QVERIFY(QImage(8, 8, QImage::Format_RGB888).save(src));
        const QString image = store.importImage("c", src);
        store.save(conversation("c"));
        QCOMPARE(mode(store.root()), 0700);
        QCOMPARE(mode(dir_.filePath("store5")), 0700); // every folder it created
        QCOMPARE(mode(store.folder("c")), 0700);
        QCOMPARE(mode(store.file("c")), 0600);
        QCOMPARE(mode(store.imagePath("c", image)), 0600);
        store.moveToTrash("c");
        QCOMPARE(mode(store.root() + "/.trash"), 0700);

        const QString logPath = dir_.filePath("state/facet/facet.log");
        {
            LogFile log(logPath);
            log.write(QtInfoMsg, "cat", "a line");
        }
        QCOMPARE(mode(logPath), 0600);
        QCOMPARE(mode(dir_.filePath("state/facet")), 0700);
    }

    void aLongBranchChainLoadsAndACycleIsStillRefused() {
        // The finding: 30,000 alternatives, each the parent of the next, made the check walk
        // every chain from every message.
        Conversation c = conversation("long");
        const int n = 30000;
        for (int i = 0; i < n; ++i) {
            Message m;
            m.id = QString("alt%1").arg(i);
            m.role = i % 2 ? Message::Role::User : Message::Role::Model;
            m.parentId = i == 0 ? c.messages[0].id : QString("alt%1").arg(i - 1);
            m.text = "x";
            m.created = c.created.addMSecs(i);
            c.alternatives.append(m);
        }
        QElapsedTimer timer;
        timer.start();
        checkBranches(c);
        qInfo("checkBranches on a %d-message chain: %lld ms", n, timer.elapsed());

        ConversationStore store(dir_.filePath("store6"));
        store.save(c);
        timer.restart();
        const auto listing = store.loadAll();
        qInfo("loading its %lld-byte file: %lld ms", QFileInfo(store.file("long")).size(),
              timer.elapsed());
        QCOMPARE(listing.conversations.size(), 1);
        QCOMPARE(listing.conversations[0].alternatives.size(), n);

        c.alternatives[0].parentId = QString("alt%1").arg(n - 1); // a ring of 30,000
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, checkBranches(c));
    }
};

int runUserDataTest(int argc, char** argv) {
    UserDataTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_userdata.moc"
