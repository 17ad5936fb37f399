#pragma once
// The engine on its own thread. EngineWorker lives on a QThread, owns an engine backend (the real
// engine, or a scripted one in tests: enginebackend.h), takes requests through queued slots and
// answers with queued signals: text in batches (at most one update per ~30 ms), phases,
// statistics, errors. Stop is an atomic flag the engine checks between device calls, so it works
// during load, vision, prefill, decode. Each request has its own token (cancelregistry.h).
#include "core/worker/cancelregistry.h"
#include "core/worker/enginebackend.h"

#include <QJsonObject>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <vector>

namespace facet::app {

struct GenerateJob {
    quint64 id = 0;
    QString sessionKey; // conversation id: the device KV cache is kept for the latest one
    generate::Request request;
};

// A comparison of detail levels (generate/compare.h) in conversation `sessionKey`.
struct CompareJob {
    quint64 id = 0;
    QString sessionKey;
    generate::CompareRequest request;
};

// Numbers only, under stable keys (they are stored in conversations and exported).
[[nodiscard]] QJsonObject statsToJson(const generate::Stats& stats);

class EngineWorker : public QObject {
    Q_OBJECT
public:
    explicit EngineWorker(std::unique_ptr<EngineBackend> backend, QObject* parent = nullptr);
    ~EngineWorker() override;

    // Thread-safe: cancels every request (load or generation) numbered up to `id`, including
    // the one running now. Numbers come from nextRequestId().
    void requestStop(quint64 upToId);
    [[nodiscard]] quint64 nextRequestId() { return ++lastId_; }
    // Longest time text is held back before it is sent on; 0 sends every piece.
    void setBatchIntervalMs(int ms) { batchMs_ = ms; }

public slots:
    void loadModel(quint64 id, const QString& modelDir, int deviceId,
                   const QString& runtimeLibrary);
    void runJob(const facet::app::GenerateJob& job);
    // Columns one after another; Stop (requestStop) ends the whole comparison.
    void runCompare(const facet::app::CompareJob& job);
    // The smoke test of the install (unloads the model; the client loads it again).
    void runSmokeTest(quint64 id, const QString& modelDir, int deviceId,
                      const QString& runtimeLibrary);
    // Encodes the images into the vision cache while nothing else runs (the client cancels it
    // when a request comes: EngineClient::submit).
    void preencode(quint64 id, const std::vector<facet::generate::ImageInput>& images);
    void setVisionCacheLimit(quint64 maxBytes);
    // Counts `request` of conversation `sessionKey` as the backend will run it
    // (EngineBackend::countPrompt); answers with promptCounted. Here, not on the GUI thread:
    // the session it reads belongs to this thread.
    void countPrompt(quint64 id, const QString& sessionKey,
                     const facet::generate::Request& request);

public:
    // A vLLM server instead of a local model: answered like loadModel (loadFailed keeps what was
    // in use), with serverConnected just before modelLoaded. Called by a queued lambda.
    void connectServer(quint64 id, const remote::ConnectOptions& options);

signals:
    void loadProgress(quint64 id, const QString& step, double fraction);
    void modelLoaded(quint64 id, const facet::generate::ModelInfo& info,
                     const facet::generate::SamplingSettings& defaults);
    // `modelKept`: the model loaded before is still loaded (the failed one never replaced it).
    // Each failure signal ends with the typed error (`error.message` is `message`): callers
    // decide by its kind, HTTP status and param, never by the words.
    void loadFailed(quint64 id, const QString& message, bool modelKept,
                    const facet::ErrorInfo& error);
    void phaseChanged(quint64 id, const facet::generate::PhaseEvent& phase);
    void textArrived(quint64 id, const QString& content, const QString& reasoning);
    void finished(quint64 id, const QJsonObject& stats, const QString& fullReply);
    void failed(quint64 id, const QString& message, const QJsonObject& partialStats,
                const facet::ErrorInfo& error);
    // A smoke-test step began (`done` false) or ended; `step` is its JSON (id, title, status,
    // ms, message, details), `report` the whole report (generate::smokeReportToJson).
    void smokeStep(quint64 id, int index, int count, const QJsonObject& step, bool done);
    void smokeFinished(quint64 id, const QJsonObject& report);
    // `problems`: "PATH: reason" per image that could not be encoded (the request reports it).
    void preencoded(quint64 id, int encoded, int alreadyCached, bool cancelled,
                    const QStringList& problems);
    // `exact`: counted by the engine (positions: the KV-cache positions the prefill will need,
    // what is checked against max_seq_len); false when the backend cannot count (a server) or
    // the request would be refused (`problem` says why, else empty).
    void promptCounted(quint64 id, bool exact, int promptTokens, int imageTokens, int positions,
                       const QString& problem);
    // `apiBase`: the server's normalised URL; `roundTripMs`: its GET /v1/models at connect.
    void serverConnected(quint64 id, const QString& apiBase, double roundTripMs);
    // A comparison's events, per column (index into the job's levels); each column ends in
    // columnFinished (also when stopped) or columnFailed, and the comparison in compareEnded
    // (`error`: why it could not start at all, else empty).
    void columnStarted(quint64 id, int column, int level);
    void columnPhase(quint64 id, int column, const facet::generate::PhaseEvent& phase);
    void columnText(quint64 id, int column, const QString& content, const QString& reasoning);
    void columnFinished(quint64 id, int column, const QJsonObject& stats, const QString& fullReply);
    void columnFailed(quint64 id, int column, const QString& message,
                      const QJsonObject& partialStats, const facet::ErrorInfo& error);
    // `typed`: `error` as data (an empty message when the comparison ran).
    void compareEnded(quint64 id, const QString& error, const facet::ErrorInfo& typed);

private:
    std::unique_ptr<EngineBackend> backend_;
    CancelRegistry cancels_;
    std::atomic<quint64> lastId_{0};
    std::atomic<int> batchMs_{30};
};

} // namespace facet::app

Q_DECLARE_METATYPE(facet::app::GenerateJob)
Q_DECLARE_METATYPE(facet::app::CompareJob)
Q_DECLARE_METATYPE(facet::generate::ModelInfo)
Q_DECLARE_METATYPE(facet::generate::SamplingSettings)
Q_DECLARE_METATYPE(facet::generate::PhaseEvent)
Q_DECLARE_METATYPE(facet::ErrorInfo)
