#pragma once
// GET /v1/models of a vLLM server off the GUI thread: the connect dialog's model list (filled
// once the URL is typed) and the status line's round trip. One question at a time: a new
// start() drops the answer of the one before. The destructor stops a running question (libcurl
// polls the stop flag every 20 ms) and waits for it, so no answer outlives this object.
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <thread>

namespace facet::app {

class ServerQuery : public QObject {
    Q_OBJECT
public:
    explicit ServerQuery(QObject* parent = nullptr);
    ~ServerQuery() override;

    // `apiKey` empty: $FACET_API_KEY when set, else none.
    void start(const QString& url, const QString& apiKey);
    void cancel();
    bool running() const { return running_; }

signals:
    // The served models in the server's order; the round trip of the GET, ms.
    void answered(const QString& url, const QStringList& models, double roundTripMs);
    // The message names the URL and what happened (unreachable, HTTP status, not vLLM).
    void failed(const QString& url, const QString& message);

private:
    struct Running {
        std::thread thread;
        std::shared_ptr<std::atomic<bool>> stop;
    };
    void reap(); // joins finished threads

    QList<std::shared_ptr<Running>> threads_;
    quint64 generation_ = 0;
    bool running_ = false;
};

} // namespace facet::app
