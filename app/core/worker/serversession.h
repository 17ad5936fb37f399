#pragma once
// The server session, one of the engine client's jobs (engineclient.h): a vLLM server used as
// the engine instead of a local model (withServers() backends only). Connecting is a load
// (modelloader.h) whose "folder" is the server's API base; this part keeps what only a server
// has: its API key (memory only), the round trip of GET /v1/models for the status line, whether
// it still answers (GET /health after a reply it failed), and whether requests send a detail
// level at all. The levels it offers are those the user said the server was started with
// (connectServer): a server cannot be asked which levels it compiled, and none refuses one with
// a plain 400.
#include "core/worker/engineworker.h"
#include "core/worker/modelloader.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QTimer>

namespace facet::app {

class ServerQuery;

class ServerSession : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool connected READ connected NOTIFY connectedChanged)
    Q_PROPERTY(QString url READ url NOTIFY connectedChanged)
    // The URL as shown: a password in it (http://user:pw@host) never reaches the screen.
    Q_PROPERTY(QString displayUrl READ displayUrl NOTIFY connectedChanged)
    Q_PROPERTY(double roundTripMs READ roundTripMs NOTIFY roundTripChanged)
    // The server's last answer to GET /v1/models (the round trip) or /health was good.
    Q_PROPERTY(bool answering READ answering NOTIFY roundTripChanged)
    // Why it is not answering, or what /health said after a failed reply; empty otherwise.
    Q_PROPERTY(QString healthNote READ healthNote NOTIFY roundTripChanged)
    // Requests send no detail level (mm_processor_kwargs): the user chose the server's default,
    // or the server refused per-request levels (vLLM >= 0.31 without
    // --trust-request-mm-kwargs).
    Q_PROPERTY(bool serverDefaultLevel READ serverDefaultLevel NOTIFY serverDefaultLevelChanged)
public:
    ServerSession(EngineWorker& worker, ModelLoader& model, bool supported,
                  QObject* parent = nullptr);

    // A server's model is in use.
    bool connected() const { return model_.fromServer(); }
    QString url() const { return connected() ? model_.modelDir() : QString(); }
    QString displayUrl() const;
    double roundTripMs() const { return roundTripMs_; }
    bool answering() const { return answering_; }
    QString healthNote() const { return healthNote_; }
    bool serverDefaultLevel() const { return connected() && serverDefault_; }

    // `url` as typed ("host:8000", "http://host:8000/v1"), `model` empty for the server's
    // first, `apiKey` empty for $FACET_API_KEY, `levels` the detail levels to offer;
    // `serverDefault`: send none, the server's processor decides (the composer shows that). Answers
    // like a folder load: the server's model in use, or the model in use kept with the reason as
    // load problem (also sent as connectFailed). The key stays in this process's memory.
    Q_INVOKABLE void connectServer(const QString& url, const QString& model, const QString& apiKey,
                                   const QList<int>& levels, bool serverDefault = false);
    // Times GET /v1/models again (off the GUI thread) for the status line's round trip. Runs
    // by itself every checkIntervalMs() while a server is in use, so a server that stopped
    // is said within that time even when nobody asks it anything.
    Q_INVOKABLE void measureRoundTrip();
    int checkIntervalMs() const;
    void setCheckIntervalMs(int ms); // tests: a short interval

    // What a request on the server sends: every image at the server's default level when
    // serverDefaultLevel() (remote::kServerDefaultLevel). Nothing changes otherwise.
    void adjust(generate::Request& request) const;
    // A reply failed: the mm-kwargs refusal turns per-request levels off (said in `notice`);
    // a 5xx, a reply the server failed mid-way, or one that never reached it (refused,
    // timed out, cut) asks GET /health, so the status line says whether it still answers.
    void requestFailed(const ErrorInfo& error);
    // A reply came from the server: if the status line says it does not answer, it is timed
    // again at once rather than at the next interval.
    void replyArrived();

signals:
    void connectedChanged();
    void connectFailed(const QString& url, const QString& message);
    void roundTripChanged();
    void serverDefaultLevelChanged();
    // For the chat's notice area: what changed about the server and why.
    void notice(const QString& text);

private:
    void setAnswering(bool up, const QString& note);

    EngineWorker& worker_;
    ModelLoader& model_;
    bool supported_;
    QString key_; // the connected server's, for measureRoundTrip; memory only
    bool serverDefault_ = false;
    // Each connect's key and level choice by its load id, until the worker answers it: a
    // connect that a newer load replaced may still be put in use (ModelLoader::modelInUse).
    struct Connecting {
        QString key;
        bool serverDefault = false;
    };
    QHash<quint64, Connecting> connecting_;
    double roundTripMs_ = 0;
    bool answering_ = true;
    QString healthNote_;
    ServerQuery* ping_ = nullptr;
    ServerQuery* health_ = nullptr;
    QTimer check_; // measureRoundTrip while connected
};

} // namespace facet::app
