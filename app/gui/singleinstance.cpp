#include "singleinstance.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QStandardPaths>

namespace facet::gui {
namespace {

// A request larger than this is not from Facet: the connection is dropped.
constexpr qint64 kMaxRequestBytes = 1 << 20;

} // namespace

SingleInstance::SingleInstance(QObject* parent) : QObject(parent) {
    connect(&server_, &QLocalServer::newConnection, this, &SingleInstance::onNewConnection);
}

QString SingleInstance::socketPath() {
    QString dir = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (dir.isEmpty())
        dir = QDir::tempPath();
    return dir + QStringLiteral("/facet-instance");
}

SingleInstance::Forward SingleInstance::forwardToRunning(const QStringList& files, int timeoutMs) {
    QLocalSocket socket;
    socket.connectToServer(socketPath());
    if (!socket.waitForConnected(timeoutMs))
        return Forward::NoneRunning;
    QJsonObject request{{QStringLiteral("files"), QJsonArray::fromStringList(files)}};
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
    const QString path = socketPath();
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
            for (const QJsonValue& v : doc.object().value(QStringLiteral("files")).toArray())
                if (v.isString())
                    files << v.toString();
            socket->write("ok\n");
            socket->flush();
            socket->disconnectFromServer();
            emit filesReceived(files);
        });
    }
}

} // namespace facet::gui
