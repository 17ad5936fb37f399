#pragma once
// GET /v1/models of a vLLM server off the GUI thread: the connect dialog's model list (filled
// once the URL is typed, with GET /version to tell the server's kind) and the status line's
// round trip; GET /health after a reply the server failed. One question at a time: a new
// start() drops the answer of the one before. Each question runs as a QtConcurrent task on the
// global thread pool and answers through a QFutureWatcher owned by this object, so the GUI
// thread never waits for one: a dropped or outlived question is told to stop (libcurl polls
// the flag every 20 ms), ends on its own, and its answer goes nowhere.
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>

namespace facet::app {

class ServerQuery : public QObject {
    Q_OBJECT
public:
    explicit ServerQuery(QObject* parent = nullptr);
    ~ServerQuery() override;

    // `apiKey` empty: $FACET_API_KEY when set, else none. `identify`: GET /version as well
    // (remote::queryServerIdentity), answered by `identified` before `answered`.
    void start(const QString& url, const QString& apiKey, bool identify = false);
    // GET /health (remote::checkServerHealth): answered by `health`, never by `failed`.
    void checkHealth(const QString& url, const QString& apiKey);
    void cancel();
    bool running() const { return running_; }

signals:
    // The served models in the server's order; the round trip of the GET, ms.
    void answered(const QString& url, const QStringList& models, double roundTripMs);
    // The message names the URL and what happened (unreachable, HTTP status, not vLLM).
    void failed(const QString& url, const QString& message);
    // What GET /version tells: `kind` a remote::ServerKind, `explanation` one sentence on it.
    void identified(const QString& url, int kind, const QString& explanation);
    // GET /health: `up` when it answered 2xx; `message` names the URL and what happened.
    void health(const QString& url, bool up, const QString& message);

private:
    struct Answer;
    void run(const QString& url, std::function<Answer(const std::atomic<bool>&)> task);

    // The running question's stop flag, shared with its task (which may outlive this object).
    std::shared_ptr<std::atomic<bool>> stop_;
    quint64 generation_ = 0;
    bool running_ = false;
};

} // namespace facet::app
