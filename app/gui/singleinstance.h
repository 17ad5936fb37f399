#pragma once
// One Facet window per user. The first start listens on a local socket in a folder only this
// user can enter: $XDG_RUNTIME_DIR when it is one (a real folder, owned by the user, mode 0700),
// else $TMPDIR/facet-<uid>, made 0700 by Facet and checked the same way (with XDG_RUNTIME_DIR
// unset a shared $TMPDIR/facet-instance once let another user take the socket, receive the
// paths and answer "ok"). Both ends check that the other is the same user (SO_PEERCRED). A later
// start (a file manager's "Open with Facet",
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

    // The private folder and the socket's path in it; empty, with `problem` saying why, when no
    // folder passes the checks (then no socket is used at all).
    [[nodiscard]] static QString socketFolder(QString* problem = nullptr);
    [[nodiscard]] static QString socketPath(QString* problem = nullptr);
    // One message attaches at most this many images; a window holds few more than that.
    static constexpr int kMaxForwardedFiles = 32;

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
