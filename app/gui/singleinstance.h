#pragma once
// One Facet window per user. The first start listens on a local socket in the user's runtime
// folder ($XDG_RUNTIME_DIR/facet-instance); a later start (a file manager's "Open with Facet",
// `facet IMAGE...`) hands its images' absolute paths to it and exits 0, and the running window
// attaches them and comes to the front. The message is one JSON line {"files": [...]}, answered
// "ok"; a socket left by a crashed Facet is removed when nobody answers on it.
#include <QLocalServer>
#include <QObject>
#include <QStringList>

namespace facet::gui {

class SingleInstance : public QObject {
    Q_OBJECT
public:
    explicit SingleInstance(QObject* parent = nullptr);

    // The socket's path for this user (QStandardPaths' runtime folder).
    [[nodiscard]] static QString socketPath();

    enum class Forward { Delivered, NoneRunning, NoAnswer };
    // Hands `files` (absolute paths) to a running Facet, waiting up to `timeoutMs` for its "ok".
    [[nodiscard]] static Forward forwardToRunning(const QStringList& files, int timeoutMs = 5000);

    // Starts listening; false with `error` set when it cannot (the app then runs on alone).
    bool listen(QString* error);

signals:
    // Another start's images (possibly none: then just come to the front).
    void filesReceived(const QStringList& files);

private:
    void onNewConnection();

    QLocalServer server_;
};

} // namespace facet::gui
