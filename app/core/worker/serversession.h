#pragma once
// The server session, one of the engine client's jobs (engineclient.h): a vLLM server used as
// the engine instead of a local model (withServers() backends only). Connecting is a load
// (modelloader.h) whose "folder" is the server's API base; this part keeps what only a server
// has: its API key (memory only) and the round trip of GET /v1/models for the status line. The
// levels it offers are those the user said the server was started with (connectServer): a
// server cannot be asked which levels it compiled, and none refuses one with a plain 400.
#include "core/worker/engineworker.h"
#include "core/worker/modelloader.h"

#include <QObject>
#include <QString>

namespace facet::app {

class ServerQuery;

class ServerSession : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool connected READ connected NOTIFY connectedChanged)
    Q_PROPERTY(QString url READ url NOTIFY connectedChanged)
    Q_PROPERTY(double roundTripMs READ roundTripMs NOTIFY roundTripChanged)
public:
    ServerSession(EngineWorker& worker, ModelLoader& model, bool supported,
                  QObject* parent = nullptr);

    // A server's model is in use.
    bool connected() const { return model_.fromServer(); }
    QString url() const { return connected() ? model_.modelDir() : QString(); }
    double roundTripMs() const { return roundTripMs_; }

    // `url` as typed ("host:8000", "http://host:8000/v1"), `model` empty for the server's
    // first, `apiKey` empty for $FACET_API_KEY, `levels` the detail levels to offer. Answers
    // like a folder load: the server's model in use, or the model in use kept with the reason
    // as load problem (also sent as connectFailed). The key stays in this process's memory.
    Q_INVOKABLE void connectServer(const QString& url, const QString& model, const QString& apiKey,
                                   const QList<int>& levels);
    // Times GET /v1/models again (off the GUI thread) for the status line's round trip.
    Q_INVOKABLE void measureRoundTrip();

signals:
    void connectedChanged();
    void connectFailed(const QString& url, const QString& message);
    void roundTripChanged();

private:
    EngineWorker& worker_;
    ModelLoader& model_;
    bool supported_;
    QString key_;        // the connected server's, for measureRoundTrip; memory only
    QString loadingKey_; // the running connect's
    double roundTripMs_ = 0;
    ServerQuery* ping_ = nullptr;
};

} // namespace facet::app
