#pragma once
// Request streaming, one of the engine client's jobs (engineclient.h): replies and comparisons
// sent to the worker and their events streamed back (text in batches, phases, statistics,
// typed errors), Stop, and background encoding into the vision cache while the user types.
#include "core/worker/engineworker.h"
#include "core/worker/modelloader.h"
#include "core/worker/serversession.h"

#include <QJsonObject>
#include <QObject>
#include <QSet>
#include <QString>

#include <vector>

namespace facet::app {

class RequestStream : public QObject {
    Q_OBJECT
public:
    // `server`: what a request on a server sends (ServerSession::adjust) and learns from its
    // failure (ServerSession::requestFailed).
    RequestStream(EngineWorker& worker, ModelLoader& model, ServerSession& server,
                  QObject* parent = nullptr);

    // Returns the request id. A background encoding still running is cancelled, unless the
    // request sends the very images it encodes (`PreencodeUse::Wait`, the composer's Send): then
    // the request queues behind it and finds them encoded, instead of starting them again.
    enum class PreencodeUse { Cancel, Wait };
    quint64 submit(GenerateJob job, PreencodeUse preencode = PreencodeUse::Cancel);
    // A comparison of detail levels (used by the compare controller). Returns the request id;
    // stop() with it stops the whole comparison.
    quint64 submitCompare(CompareJob job);
    void stop(quint64 id);
    // Background encoding while the user types: the images go into the engine's vision cache
    // so that Send starts with the text prefill. Only when idle(); a newer call, a request
    // (submit), a load or the smoke test cancel it at once. False when it was not started.
    bool preencode(std::vector<generate::ImageInput> images);
    // A background encoding is running.
    bool preencoding() const { return preencodeId_ != 0; }
    // Stops a background encoding (what it finished stays cached).
    void cancelPreencode();
    // A model is loaded and no request of this client is queued or running.
    bool idle() const { return model_.ready() && running_.isEmpty(); }
    // The vision cache's size in bytes (0 = off); kept across model loads.
    void setVisionCacheLimit(quint64 maxBytes);

signals:
    void idleChanged();
    void phaseChanged(quint64 id, const facet::generate::PhaseEvent& phase);
    void textArrived(quint64 id, const QString& content, const QString& reasoning);
    void finished(quint64 id, const QJsonObject& stats, const QString& fullReply);
    // The failure signals end with the typed error (see EngineWorker); `message` is its text.
    void failed(quint64 id, const QString& message, const QJsonObject& partialStats,
                const facet::ErrorInfo& error);
    void preencoded(int encoded, int alreadyCached, bool cancelled);
    // A comparison's events (see EngineWorker).
    void columnStarted(quint64 id, int column, int level);
    void columnPhase(quint64 id, int column, const facet::generate::PhaseEvent& phase);
    void columnText(quint64 id, int column, const QString& content, const QString& reasoning);
    void columnFinished(quint64 id, int column, const QJsonObject& stats, const QString& fullReply);
    void columnFailed(quint64 id, int column, const QString& message,
                      const QJsonObject& partialStats, const facet::ErrorInfo& error);
    void compareEnded(quint64 id, const QString& error, const facet::ErrorInfo& typed);

private:
    quint64 begin();
    void ended(quint64 id);

    EngineWorker& worker_;
    ModelLoader& model_;
    ServerSession& server_;
    quint64 preencodeId_ = 0;
    QSet<quint64> running_;
};

} // namespace facet::app
