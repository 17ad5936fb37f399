#include "singleinstance.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QLoggingCategory>

#include <cerrno>
#include <cstring>

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace facet::gui {
namespace {

Q_LOGGING_CATEGORY(lcInstance, "facet.instance")

// A request larger than this is not from Facet: the connection is dropped.
constexpr qint64 kMaxRequestBytes = 1 << 20;

// Why `path` may not hold the socket, or empty when it may: a real folder (not a link) of this
// user that nobody else can enter — what the XDG base directory spec asks of XDG_RUNTIME_DIR.
QString folderProblem(const QString& path) {
    struct stat st {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return QString::fromLocal8Bit(std::strerror(errno));
    if (S_ISLNK(st.st_mode))
        return QStringLiteral("is a symbolic link");
    if (!S_ISDIR(st.st_mode))
        return QStringLiteral("is not a folder");
    if (st.st_uid != ::geteuid())
        return QStringLiteral("belongs to user %1, not to this one (%2)")
            .arg(st.st_uid)
            .arg(::geteuid());
    if ((st.st_mode & 077) != 0)
        return QStringLiteral("others may enter it (mode %1, not 0700)")
            .arg(st.st_mode & 07777, 4, 8, QLatin1Char('0'));
    return {};
}

// The user id at the other end of a connected local socket, or -1.
long long peerUid(qintptr descriptor) {
    struct ucred credentials {};
    socklen_t size = sizeof credentials;
    if (::getsockopt(static_cast<int>(descriptor), SOL_SOCKET, SO_PEERCRED, &credentials, &size) !=
        0)
        return -1;
    return credentials.uid;
}

bool peerIsThisUser(const QLocalSocket& socket) {
    return peerUid(socket.socketDescriptor()) == static_cast<long long>(::geteuid());
}

} // namespace

SingleInstance::SingleInstance(QObject* parent) : QObject(parent) {
    connect(&server_, &QLocalServer::newConnection, this, &SingleInstance::onNewConnection);
}

QString SingleInstance::socketFolder(QString* problem) {
    // $XDG_RUNTIME_DIR only when it is what the spec promises; QStandardPaths is not asked: with
    // it unset (su, ssh, cron) Qt 6.4 falls back to $TMPDIR/runtime-$USER, which another user can
    // create first, and then gives no folder at all.
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    QStringList problems;
    if (!runtime.isEmpty() && QDir::isAbsolutePath(runtime)) {
        const QString why = folderProblem(runtime);
        if (why.isEmpty())
            return runtime;
        problems << runtime + QStringLiteral(": ") + why;
    }
    // Else a folder of our own in the shared temporary folder, made private by us: one that
    // exists already is used only when it passes the same checks (another user may have made
    // it first; then there is no single-instance socket, never one in a place others control).
    const QString own = QDir::tempPath() + QStringLiteral("/facet-%1").arg(::geteuid());
    if (::mkdir(QFile::encodeName(own).constData(), 0700) != 0 && errno != EEXIST)
        problems << own + QStringLiteral(": ") + QString::fromLocal8Bit(std::strerror(errno));
    else if (const QString why = folderProblem(own); !why.isEmpty())
        problems << own + QStringLiteral(": ") + why;
    else
        return own;
    if (problem)
        *problem = problems.join(QStringLiteral("; "));
    return {};
}

QString SingleInstance::socketPath(QString* problem) {
    const QString folder = socketFolder(problem);
    return folder.isEmpty() ? QString() : folder + QStringLiteral("/facet-instance");
}

SingleInstance::Forward SingleInstance::forwardToRunning(const QStringList& files, int timeoutMs) {
    const QString path = socketPath();
    if (path.isEmpty()) // no private folder: listen() says why
        return Forward::NoneRunning;
    QLocalSocket socket;
    socket.connectToServer(path);
    if (!socket.waitForConnected(timeoutMs))
        return Forward::NoneRunning;
    // Never hand the user's file paths to a listener of another user.
    if (!peerIsThisUser(socket)) {
        qCWarning(lcInstance, "%s: the socket belongs to another user; not used", qPrintable(path));
        socket.abort();
        return Forward::NoAnswer;
    }
    // A window takes at most kMaxForwardedFiles; the rest would be dropped there anyway.
    QJsonObject request{
        {QStringLiteral("files"), QJsonArray::fromStringList(files.mid(0, kMaxForwardedFiles))}};
    socket.write(QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n');
    if (!socket.waitForBytesWritten(timeoutMs))
        return Forward::NoAnswer;
    while (!socket.canReadLine()) {
        if (!socket.waitForReadyRead(timeoutMs))
            return Forward::NoAnswer;
    }
    return socket.readLine().trimmed() == "ok" ? Forward::Delivered : Forward::NoAnswer;
}

bool SingleInstance::listen(QString* error) {
    QString problem;
    const QString path = socketPath(&problem);
    if (path.isEmpty()) {
        if (error)
            *error = problem + QStringLiteral(": no private folder for the single-instance "
                                              "socket; this Facet runs alone");
        return false;
    }
    // Only owner may connect: the images' paths are the user's business.
    server_.setSocketOptions(QLocalServer::UserAccessOption);
    if (server_.listen(path))
        return true;
    // Nobody answered on it (forwardToRunning said so before): a crashed Facet's leftover.
    if (server_.serverError() == QAbstractSocket::AddressInUseError) {
        QLocalServer::removeServer(path);
        if (server_.listen(path))
            return true;
    }
    if (error)
        *error = QStringLiteral("%1: %2").arg(path, server_.errorString());
    return false;
}

void SingleInstance::onNewConnection() {
    while (QLocalSocket* socket = server_.nextPendingConnection()) {
        if (!peerIsThisUser(*socket)) { // the folder is private; this is a second guard
            qCWarning(lcInstance, "a connection from another user (%lld) was refused",
                      peerUid(socket->socketDescriptor()));
            socket->abort();
            socket->deleteLater();
            continue;
        }
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] {
            if (socket->bytesAvailable() > kMaxRequestBytes) {
                socket->abort();
                return;
            }
            if (!socket->canReadLine())
                return;
            const QJsonDocument doc = QJsonDocument::fromJson(socket->readLine());
            QStringList files;
            const QJsonArray sent = doc.object().value(QStringLiteral("files")).toArray();
            for (const QJsonValue& v : sent) {
                // Bounded: one message once attached 5,000 images (1 GB) and Send stalled.
                if (files.size() == kMaxForwardedFiles) {
                    qCWarning(lcInstance, "%lld files handed over; the first %d are attached",
                              static_cast<long long>(sent.size()), kMaxForwardedFiles);
                    break;
                }
                if (v.isString() && QDir::isAbsolutePath(v.toString()) &&
                    !files.contains(v.toString()))
                    files << v.toString();
            }
            socket->write("ok\n");
            socket->flush();
            socket->disconnectFromServer();
            emit filesReceived(files);
        });
    }
}

} // namespace facet::gui
