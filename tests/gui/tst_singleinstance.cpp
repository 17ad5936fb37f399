// The single-instance socket (app/gui/singleinstance.*, issue #56 item 3): with XDG_RUNTIME_DIR
// unset, another local user must not receive this user's file paths. Reproducer: the other user
// listens where Facet 0.x looked ($TMPDIR/facet-instance, shared) and answers "ok", and owns
// $TMPDIR/facet-<uid> before Facet makes it. Also: a runtime folder others may enter is not used,
// the fallback folder is made 0700, a hand-over works, and one message attaches at most
// kMaxForwardedFiles (one once attached 5,000).
#include "singleinstance.h"

#include <QDir>
#include <QFile>
#include <QLocalServer>
#include <QLocalSocket>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

using facet::gui::SingleInstance;

namespace {

// forwardToRunning blocks; the listening side needs this thread's event loop meanwhile.
SingleInstance::Forward forwardFromAnotherThread(const QStringList& files) {
    std::atomic<int> result{-1};
    QThread* thread = QThread::create(
        [&] { result = static_cast<int>(SingleInstance::forwardToRunning(files, 3000)); });
    thread->start();
    while (!thread->isFinished())
        QTest::qWait(10);
    delete thread;
    return static_cast<SingleInstance::Forward>(result.load());
}

mode_t modeOf(const QString& path) {
    struct stat st {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_mode & 07777 : 0;
}

} // namespace

class SingleInstanceTest : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private slots:
    void init() {
        qunsetenv("XDG_RUNTIME_DIR"); // su, ssh, cron
        QDir(tmp_.path()).removeRecursively();
        QVERIFY(QDir().mkpath(tmp_.path()));
        QVERIFY(QFile::setPermissions(tmp_.path(), QFileDevice::Permissions(0x7777))); // 0777
        qputenv("TMPDIR", QFile::encodeName(tmp_.path()));
    }

    void anotherUsersSocketNeverGetsThePaths() {
        // The other user's listener where the shared fallback used to be, answering "ok".
        QLocalServer attacker;
        QVERIFY(attacker.listen(tmp_.path() + QStringLiteral("/facet-instance")));
        QByteArray received;
        connect(&attacker, &QLocalServer::newConnection, this, [&] {
            QLocalSocket* s = attacker.nextPendingConnection();
            connect(s, &QLocalSocket::readyRead, s, [&received, s] {
                received += s->readAll();
                s->write("ok\n");
                s->flush();
            });
        });
        // Qt 6.4's fallback runtime folder, $TMPDIR/runtime-<user>, made first by the other user:
        // QStandardPaths then gives no runtime folder (qstandardpaths_unix.cpp).
        if (const passwd* me = ::getpwuid(::geteuid())) {
            const QString qtRuntime =
                tmp_.path() + QStringLiteral("/runtime-") + QString::fromLocal8Bit(me->pw_name);
            QVERIFY(QDir().mkpath(qtRuntime));
            if (::geteuid() == 0)
                QCOMPARE(::chown(QFile::encodeName(qtRuntime).constData(), 65534, 65534), 0);
        }
        // And the folder Facet would make, made first by someone else (here: given to nobody).
        const QString own = tmp_.path() + QStringLiteral("/facet-%1").arg(::geteuid());
        QVERIFY(QDir().mkpath(own));
        if (::geteuid() == 0)
            QCOMPARE(::chown(QFile::encodeName(own).constData(), 65534, 65534), 0);
        else
            QVERIFY(QFile::setPermissions(own, QFileDevice::Permissions(0x7777)));

        QString problem;
        QCOMPARE(SingleInstance::socketPath(&problem), QString());
        QVERIFY2(problem.contains(own), qPrintable(problem));
        QCOMPARE(forwardFromAnotherThread({QStringLiteral("/home/victim/secret.png")}),
                 SingleInstance::Forward::NoneRunning);
        QTest::qWait(50);
        QCOMPARE(received, QByteArray());
        SingleInstance instance;
        QString error;
        QVERIFY(!instance.listen(&error)); // runs alone rather than in a place others control
        QVERIFY2(error.contains(own), qPrintable(error));
    }

    void runtimeFolderOthersMayEnterIsNotUsed() {
        const QString runtime = tmp_.path() + QStringLiteral("/run");
        QVERIFY(QDir().mkpath(runtime));
        QVERIFY(QFile::setPermissions(runtime, QFileDevice::Permissions(0x7755)));
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime));
        const QString folder = SingleInstance::socketFolder();
        QCOMPARE(folder, tmp_.path() + QStringLiteral("/facet-%1").arg(::geteuid()));
        QCOMPARE(modeOf(folder), mode_t{0700});
        QVERIFY(QFile::setPermissions(runtime, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                   QFileDevice::ExeOwner));
        QCOMPARE(SingleInstance::socketFolder(), runtime);
        qunsetenv("XDG_RUNTIME_DIR");
    }

    void handOverIsBoundedAndDeduplicated() {
        SingleInstance instance;
        QString error;
        QVERIFY2(instance.listen(&error), qPrintable(error));
        QCOMPARE(modeOf(SingleInstance::socketFolder()), mode_t{0700});
        QSignalSpy spy(&instance, &SingleInstance::filesReceived);
        QStringList many;
        for (int i = 0; i < 5000; ++i)
            many << QStringLiteral("/images/%1.png").arg(i);
        QCOMPARE(forwardFromAnotherThread(many), SingleInstance::Forward::Delivered);
        QTRY_COMPARE(spy.size(), 1);
        const QStringList got = spy.at(0).at(0).toStringList();
        QCOMPARE(got.size(), SingleInstance::kMaxForwardedFiles);
        QCOMPARE(got.first(), QStringLiteral("/images/0.png"));
        // A raw message of 5,000 (a client that is not Facet's) is bounded on arrival too, and
        // relative paths are dropped.
        QLocalSocket raw;
        raw.connectToServer(SingleInstance::socketPath());
        QVERIFY(raw.waitForConnected(2000));
        QByteArray line = "{\"files\": [\"relative.png\"";
        for (int i = 0; i < 5000; ++i)
            line += ", \"/x/" + QByteArray::number(i % 40) + ".png\"";
        raw.write(line + "]}\n");
        QTRY_COMPARE(spy.size(), 2);
        QStringList bounded = spy.at(1).at(0).toStringList();
        QCOMPARE(bounded.size(), SingleInstance::kMaxForwardedFiles);
        QVERIFY(!bounded.contains(QStringLiteral("relative.png")));
        QCOMPARE(bounded.removeDuplicates(), 0);
    }
};

QTEST_GUILESS_MAIN(SingleInstanceTest)
#include "tst_singleinstance.moc"
