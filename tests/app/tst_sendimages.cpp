// Send with images (issue #56 item 8): the composer's images are judged and copied into the
// conversation off the GUI thread, a file that is not an image (or no longer one, or a FIFO, or
// too large) is refused with a notice that names it, and nothing the user wrote is lost: no
// message is appended, the images stay attached and the composer is not told to clear (sent()).
// Before, ChatSession::appendUserMessage copied the files on the GUI thread inside send() with
// no type check: a text file renamed .png was stored as the message's image, and the message was
// in the conversation before send() returned.
#include "Attachments/attachmentmodel.h"
#include "Chat/chatsession.h"
#include "Chat/conversationmodel.h"
#include "Common/appcontroller.h"
#include "Conversations/conversationlibrary.h"
#include "core/support/imagefacts.h"
#include "scriptedbackend.h"

#include <QFile>
#include <QImage>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include <thread>

#include <sys/stat.h>
#include <unistd.h>

using namespace facet;

class SendImagesTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::unique_ptr<ui::AppController> app_;
    int count_ = 0;

    // A 64×48 PNG the engine reads.
    QString makeImage(const QString& name) {
        QImage image(64, 48, QImage::Format_RGB32);
        image.fill(Qt::darkCyan);
        const QString path = dir_.filePath(name);
        return image.save(path, "PNG") ? path : QString();
    }
    // Holds every thread of the global pool (QtConcurrent::run's) until release(): the copy
    // Send starts is queued, so a test can act while it is certainly pending.
    struct PoolBlocker {
        QSemaphore go;
        int threads = QThreadPool::globalInstance()->maxThreadCount();
        PoolBlocker() {
            for (int i = 0; i < threads; ++i)
                QThreadPool::globalInstance()->start([this] { go.acquire(); });
        }
        void release() { go.release(threads); }
        ~PoolBlocker() {
            if (go.available() == 0)
                release();
            QThreadPool::globalInstance()->waitForDone();
        }
    };
    QStringList storedImages(const QString& conversationId) {
        const QString folder = app_->library()->store().folder(conversationId);
        return QDir(folder).entryList(QDir::Files | QDir::Hidden).filter(".png");
    }
    // Attaches a good image at `path`, then puts `replace` in its place (what the user's disk
    // may do between attaching and Send), and sends.
    void attachThenReplace(const QString& name, const std::function<void(const QString&)>& replace,
                           QSignalSpy& notices, QSignalSpy& sent) {
        const QString path = makeImage(name);
        QVERIFY(!path.isEmpty());
        QCOMPARE(app_->attachments()->addFiles({path}), QStringList());
        QVERIFY(QFile::remove(path));
        replace(path);
        QVERIFY(app_->chat()->send(QStringLiteral("What is this?")));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 10000);
        QCOMPARE(sent.count(), 0);
        QCOMPARE(notices.count(), 1);
        QCOMPARE(app_->conversation()->rowCount(), 0);
        QCOMPARE(app_->attachments()->rowCount(), 1); // still attached, to send again
    }

private slots:
    void init() {
        app_.reset();
        app_ = std::make_unique<ui::AppController>(
            dir_.filePath(QStringLiteral("store%1").arg(++count_)),
            app::makeScriptedBackend(std::make_shared<app::ScriptedEngine>()));
        app_->engine()->model().loadModelDir(QStringLiteral("scripted"), 0, {});
        QTRY_VERIFY_WITH_TIMEOUT(app_->engine()->model().ready(), 5000);
    }
    void cleanup() {
        app_.reset();
        QThreadPool::globalInstance()->waitForDone();
    }

    // The GUI thread is free while the images are copied: send() returns with the message not
    // yet appended and `sending` set; it arrives later, and the composer is told once.
    void imagesAreCopiedAfterSendReturns() {
        QSignalSpy sent(app_->chat(), &ui::ChatSession::sent);
        const QString path = makeImage(QStringLiteral("photo.png"));
        QCOMPARE(app_->attachments()->addFiles({path}), QStringList());
        QVERIFY(app_->chat()->send(QStringLiteral("What is this?")));
        QVERIFY(app_->chat()->sending());
        QCOMPARE(app_->conversation()->rowCount(), 0);
        QCOMPARE(sent.count(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(sent.count(), 1, 10000);
        QVERIFY(!app_->chat()->sending());
        QVERIFY(app_->conversation()->rowCount() >= 1);
        const app::Message& m = app_->conversation()->conversation().messages.at(0);
        QCOMPARE(m.text, QStringLiteral("What is this?"));
        QCOMPARE(m.images.size(), 1);
        QCOMPARE(m.images[0].width, 64);
        QCOMPARE(m.images[0].height, 48);
        QCOMPARE(app_->attachments()->rowCount(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 10000);
    }

    // A text file where the image was: refused, named, nothing stored.
    void aFileThatIsNotAnImageIsNamed() {
        QSignalSpy notices(app_->chat(), &ui::ChatSession::notice);
        QSignalSpy sent(app_->chat(), &ui::ChatSession::sent);
        attachThenReplace(
            QStringLiteral("holiday.png"),
            [](const QString& path) {
                QFile f(path);
                QVERIFY(f.open(QIODevice::WriteOnly));
                f.write("this is a shopping list, not a picture\n");
            },
            notices, sent);
        const QString notice = notices.at(0).at(0).toString();
        QVERIFY2(notice.startsWith(QStringLiteral("Not sent: holiday.png: ")), qPrintable(notice));
        QVERIFY2(notice.contains(QStringLiteral("still in the message box")), qPrintable(notice));
        const QString folder =
            app_->library()->store().folder(app_->conversation()->conversation().id);
        QVERIFY(QDir(folder).entryList(QDir::Files | QDir::Hidden).filter(".png").isEmpty());
    }

    // A FIFO in the image's place: refused at once (opening it would wait for a writer).
    void aFifoIsRefusedWithoutWaiting() {
        QSignalSpy notices(app_->chat(), &ui::ChatSession::notice);
        QSignalSpy sent(app_->chat(), &ui::ChatSession::sent);
        attachThenReplace(
            QStringLiteral("pipe.png"),
            [](const QString& path) {
                QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
            },
            notices, sent);
        QVERIFY2(notices.at(0).at(0).toString().contains(QStringLiteral("pipe.png: ")),
                 qPrintable(notices.at(0).at(0).toString()));
    }

    // A file that grew past the attachment limit (sparse: no disk used): refused unread.
    void aHugeFileIsRefusedUnread() {
        QSignalSpy notices(app_->chat(), &ui::ChatSession::notice);
        QSignalSpy sent(app_->chat(), &ui::ChatSession::sent);
        attachThenReplace(
            QStringLiteral("huge.png"),
            [this](const QString& path) {
                QVERIFY(QFile::copy(makeImage(QStringLiteral("small.png")), path));
                QFile f(path);
                QVERIFY(f.resize(app::kMaxImageFileBytes + 1));
            },
            notices, sent);
        QVERIFY2(notices.at(0).at(0).toString().contains(QStringLiteral("huge.png: too large")),
                 qPrintable(notices.at(0).at(0).toString()));
    }

    // Another conversation opened while the images were copied: not appended anywhere; said.
    void anotherConversationOpenedMeanwhileKeepsTheMessage() {
        QSignalSpy notices(app_->chat(), &ui::ChatSession::notice);
        QSignalSpy sent(app_->chat(), &ui::ChatSession::sent);
        QVERIFY(app_->chat()->send(QStringLiteral("A first question, no image")));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 10000);
        const QString first = app_->conversation()->conversation().id;
        const int firstRows = app_->conversation()->rowCount();
        app_->library()->newChat();
        const QString second = app_->conversation()->conversation().id;
        QVERIFY(second != first);
        sent.clear();
        QCOMPARE(app_->attachments()->addFiles({makeImage(QStringLiteral("a.png"))}),
                 QStringList());
        QVERIFY(app_->chat()->send(QStringLiteral("Here?")));
        app_->library()->openChat(first);
        QCOMPARE(app_->conversation()->conversation().id, first);
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->sending(), 10000);
        QCOMPARE(sent.count(), 0);
        QCOMPARE(notices.count(), 1);
        QVERIFY2(notices.at(0).at(0).toString().contains(QStringLiteral("another conversation")),
                 qPrintable(notices.at(0).at(0).toString()));
        QCOMPARE(app_->conversation()->rowCount(), firstRows);
        QCOMPARE(app_->attachments()->rowCount(), 1);
        // The new chat left before its first message was in owns nothing on disk.
        QVERIFY(!QFileInfo::exists(app_->library()->store().folder(second)));
    }

    // Stop while the images are copied: nothing is sent, nothing said, the composer keeps all.
    void stopWhileCopyingSendsNothing() {
        QSignalSpy notices(app_->chat(), &ui::ChatSession::notice);
        QSignalSpy sent(app_->chat(), &ui::ChatSession::sent);
        QCOMPARE(app_->attachments()->addFiles({makeImage(QStringLiteral("b.png"))}),
                 QStringList());
        QVERIFY(app_->chat()->send(QStringLiteral("Never mind")));
        QVERIFY(app_->chat()->busy()); // the composer shows Stop
        app_->chat()->stop();
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 10000);
        QCOMPARE(sent.count(), 0);
        QCOMPARE(notices.count(), 0);
        QCOMPARE(app_->conversation()->rowCount(), 0);
        QCOMPARE(app_->attachments()->rowCount(), 1);
        // And it can be sent again.
        QVERIFY(app_->chat()->send(QStringLiteral("After all")));
        QTRY_COMPARE_WITH_TIMEOUT(sent.count(), 1, 10000);
        QCOMPARE(app_->conversation()->conversation().messages.at(0).images.size(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 10000);
    }

    // The conversation deleted while its images wait to be copied: the copy never makes its
    // folder again, so Undo brings the conversation back. Before, the copy ran after the delete,
    // made the folder anew with the image in it, and Undo failed ("cannot restore").
    void deletedWhileCopyingCanBeRestored() {
        QVERIFY(app_->chat()->send(QStringLiteral("A first question, no image")));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 10000);
        const QString id = app_->conversation()->conversation().id;
        QVERIFY(QFileInfo::exists(app_->library()->store().file(id)));
        QCOMPARE(app_->attachments()->addFiles({makeImage(QStringLiteral("c.png"))}),
                 QStringList());
        QSignalSpy libraryNotices(app_->library(), &ui::ConversationLibrary::notice);
        {
            PoolBlocker blocked;
            QVERIFY(app_->chat()->send(QStringLiteral("Then this")));
            app_->library()->deleteChat(id);
            QVERIFY(!QFileInfo::exists(app_->library()->store().folder(id)));
            blocked.release();
            QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 10000);
        }
        QVERIFY2(!QFileInfo::exists(app_->library()->store().folder(id)),
                 qPrintable(storedImages(id).join(", ")));
        app_->library()->undoDelete();
        QVERIFY2(libraryNotices.isEmpty(), qPrintable(libraryNotices.value(0).value(0).toString()));
        QCOMPARE(app_->library()->store().load(id).messages.size(), 2);
        QCOMPARE(app_->attachments()->rowCount(), 1); // still in the composer
    }

    // Quitting while the copy is pending: no crash (the watcher and its callback go with the
    // session), and the copy is cancelled and waited for, so nothing is written into the store
    // once the controller is gone. Before, the task copied the image after the controller was
    // destroyed.
    void quitWhileCopyingWritesNothingAfterwards() {
        const QString id = app_->conversation()->conversation().id;
        QCOMPARE(app_->attachments()->addFiles({makeImage(QStringLiteral("d.png"))}),
                 QStringList());
        PoolBlocker blocked;
        QVERIFY(app_->chat()->send(QStringLiteral("Bye")));
        // Let the copy start while the controller is being destroyed.
        std::thread releaser([&blocked] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            blocked.release();
        });
        app_.reset();
        releaser.join();
        const QString folder = dir_.filePath(QStringLiteral("store%1/%2").arg(count_).arg(id));
        const QStringList atQuit = QDir(folder).entryList(QDir::Files | QDir::Hidden);
        QThreadPool::globalInstance()->waitForDone();
        QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden), atQuit);
        QVERIFY2(atQuit.isEmpty(), qPrintable(atQuit.join(", ")));
    }
};

QTEST_MAIN(SendImagesTest)
#include "tst_sendimages.moc"
