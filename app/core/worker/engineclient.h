#pragma once
// The GUI-thread face of the engine worker: starts the worker thread, loads models (the built-in
// demo model on the simulated device, or a folder the user picks), publishes the model status
// for the status line, and forwards generation requests and their events.
#include "core/types/modelinfo.h"
#include "core/worker/engineworker.h"
#include "core/worker/serverquery.h"

#include <QHash>
#include <QMap>
#include <QObject>
#include <QSet>
#include <QThread>
#include <QUrl>
#include <QVariantMap>

namespace facet::app {

class EngineClient : public QObject {
    Q_OBJECT
    Q_PROPERTY(State state READ state NOTIFY stateChanged)
    Q_PROPERTY(bool ready READ ready NOTIFY stateChanged)
    Q_PROPERTY(QString loadStep READ loadStep NOTIFY loadProgressChanged)
    Q_PROPERTY(double loadFraction READ loadFraction NOTIFY loadProgressChanged)
    Q_PROPERTY(QString lastError READ lastError NOTIFY stateChanged)
    Q_PROPERTY(QString modelDir READ modelDir NOTIFY stateChanged)
    Q_PROPERTY(QString loadingDir READ loadingDir NOTIFY stateChanged)
    Q_PROPERTY(QString loadProblem READ loadProblem NOTIFY loadProblemChanged)
    Q_PROPERTY(QString loadProblemFolder READ loadProblemFolder NOTIFY loadProblemChanged)
    Q_PROPERTY(bool demo READ demo NOTIFY stateChanged)
    Q_PROPERTY(facet::app::ModelInfo info READ info NOTIFY stateChanged)
    Q_PROPERTY(QList<int> detailLevels READ detailLevels NOTIFY stateChanged)
    Q_PROPERTY(QString demoModelDir READ demoModelDir CONSTANT)
    Q_PROPERTY(bool smokeRunning READ smokeRunning NOTIFY smokeRunningChanged)
    // A vLLM server in use (connectServer) instead of a local model.
    Q_PROPERTY(bool server READ server NOTIFY stateChanged)
    Q_PROPERTY(QString serverUrl READ serverUrl NOTIFY stateChanged)
    Q_PROPERTY(double roundTripMs READ roundTripMs NOTIFY roundTripChanged)
    // Levels the server refused (HTTP 400), level → the server's message; not in detailLevels.
    Q_PROPERTY(QVariantMap levelRefusals READ levelRefusals NOTIFY stateChanged)
public:
    enum class State { NoModel, Loading, Ready, Failed };
    Q_ENUM(State)

    // `backend` runs on the worker thread from now on (makeLocalBackend() for the real engine).
    explicit EngineClient(std::unique_ptr<EngineBackend> backend, QObject* parent = nullptr);
    ~EngineClient() override;

    // What the backend can do (read once: it never changes); callers ask before offering.
    const EngineCapabilities& capabilities() const { return capabilities_; }

    State state() const { return state_; }
    bool ready() const { return state_ == State::Ready; }
    QString loadStep() const { return loadStep_; }
    double loadFraction() const { return loadFraction_; }
    QString lastError() const { return lastError_; }
    QString modelDir() const { return modelDir_; } // of the loaded model
    QString loadingDir() const { return loadingDir_; }
    // Why the last load failed while another model stayed loaded (a bad folder never unloads
    // the model in use), or a note about the start (the folder used last failed: the demo
    // model was loaded instead). Empty when there is nothing to say.
    QString loadProblem() const { return loadProblem_; }
    QString loadProblemFolder() const { return loadProblemFolder_; }
    void setLoadProblem(const QString& folder, const QString& problem);
    Q_INVOKABLE void clearLoadProblem() { setLoadProblem({}, {}); }
    bool demo() const { return demo_; }
    ModelInfo info() const; // loaded == false unless Ready
    QList<int> detailLevels() const;
    static QString demoModelDir();
    static QString simulatorLibrary();

    const generate::SamplingSettings& defaultSampling() const { return defaults_; }

    Q_INVOKABLE void loadModel(const QUrl& folder, int deviceId = 0);
    // From the folder dialog: Qt 6.4's non-native FolderDialog returns the highlighted subfolder
    // (a model's "language_model") when the user typed the model folder's path and pressed Open.
    // A compiled model folder holds rbln_config.json and tokenizer.json: when `selected` is not
    // one and the folder above it (or `shown`, the folder the dialog shows) is, that is meant.
    Q_INVOKABLE void loadChosenFolder(const QUrl& selected, const QUrl& shown);
    Q_INVOKABLE void loadModelDir(const QString& folder, int deviceId, const QString& runtime);
    Q_INVOKABLE void loadDemoModel();
    Q_INVOKABLE void cancelLoad();

    // Help → Run smoke test…: the install check on the loaded model's folder and device. The
    // model is unloaded for it (one device) and loaded again when it ends. False when no model
    // is loaded or a request runs.
    Q_INVOKABLE bool runSmokeTest();
    Q_INVOKABLE void stopSmokeTest();
    bool smokeRunning() const { return smokeId_ != 0; }

    // Generation (used by the chat controller). Returns the request id. A background encoding
    // still running is cancelled, unless the request sends the very images it encodes
    // (`PreencodeUse::Wait`, the composer's Send): then the request queues behind it and finds
    // them encoded, instead of starting them again from scratch.
    enum class PreencodeUse { Cancel, Wait };
    quint64 submit(GenerateJob job, PreencodeUse preencode = PreencodeUse::Cancel);
    // A vLLM server as the engine (withServers() backends only): `url` as typed ("host:8000",
    // "http://host:8000/v1"), `model` empty for the server's first, `apiKey` empty for
    // $FACET_API_KEY, `levels` the detail levels to offer. Answers like loadModelDir: Ready with
    // server() true, or the model in use kept with the reason as load problem (also sent as
    // serverConnectFailed). The key stays in this process's memory only.
    Q_INVOKABLE void connectServer(const QString& url, const QString& model, const QString& apiKey,
                                   const QList<int>& levels);
    // Times GET /v1/models again (off the GUI thread) for the status line's round trip.
    Q_INVOKABLE void measureRoundTrip();
    bool server() const { return state_ == State::Ready && server_; }
    QString serverUrl() const { return server() ? modelDir_ : QString(); }
    double roundTripMs() const { return roundTripMs_; }
    QVariantMap levelRefusals() const;

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
    void cancelPreencode() { stopPreencode(); }
    // A model is loaded and no request of this client is queued or running.
    bool idle() const { return state_ == State::Ready && runningJobs_.isEmpty(); }
    // The vision cache's size in bytes (0 = off); kept across model loads.
    void setVisionCacheLimit(quint64 maxBytes);

    // Stops everything and joins the worker thread (quit while generating ends here).
    void shutdown();

signals:
    void stateChanged();
    void loadProgressChanged();
    void loadProblemChanged();
    void modelLoaded(); // a new model is in (not when a failed load kept the old one)
    void smokeRunningChanged();
    void smokeStep(int index, int count, const QJsonObject& step, bool done);
    void smokeFinished(const QJsonObject& report);
    void phaseChanged(quint64 id, const facet::generate::PhaseEvent& phase);
    void textArrived(quint64 id, const QString& content, const QString& reasoning);
    void finished(quint64 id, const QJsonObject& stats, const QString& fullReply);
    // The failure signals end with the typed error (see EngineWorker); `message` is its text.
    void failed(quint64 id, const QString& message, const QJsonObject& partialStats,
                const facet::ErrorInfo& error);
    void preencoded(int encoded, int alreadyCached, bool cancelled);
    void idleChanged();
    void serverConnectFailed(const QString& url, const QString& message);
    void roundTripChanged();
    // A comparison's events (see EngineWorker).
    void columnStarted(quint64 id, int column, int level);
    void columnPhase(quint64 id, int column, const facet::generate::PhaseEvent& phase);
    void columnText(quint64 id, int column, const QString& content, const QString& reasoning);
    void columnFinished(quint64 id, int column, const QJsonObject& stats, const QString& fullReply);
    void columnFailed(quint64 id, int column, const QString& message,
                      const QJsonObject& partialStats, const facet::ErrorInfo& error);
    void compareEnded(quint64 id, const QString& error, const facet::ErrorInfo& typed);

private:
    void setState(State state);
    void beginLoad(const QString& dir, const QString& runtime, bool server, const QString& step);
    void stopPreencode();
    void jobEnded(quint64 id);
    void noteLevelRefusal(quint64 id, const ErrorInfo& error);

    QThread thread_;
    EngineCapabilities capabilities_;
    EngineWorker* worker_ = nullptr; // lives on thread_, deleted when it finishes
    State state_ = State::NoModel;
    quint64 loadId_ = 0;
    QString loadStep_;
    double loadFraction_ = 0;
    QString lastError_;
    QString modelDir_;
    QString loadingDir_;
    QString loadProblem_;
    QString loadProblemFolder_;
    bool cancelling_ = false;
    quint64 smokeId_ = 0;
    QString modelRuntime_; // the runtime library the loaded model was loaded with ("" = default)
    QString loadingRuntime_;
    bool demo_ = false;
    quint64 preencodeId_ = 0;
    QSet<quint64> runningJobs_;
    ModelInfo info_;
    generate::SamplingSettings defaults_;
    bool server_ = false;        // the loaded "model" is a server (modelDir_ is its API base)
    bool loadingServer_ = false; // the running load is a connect
    QString serverKey_;          // for measureRoundTrip; memory only
    QString loadingKey_;         // the running connect's
    double roundTripMs_ = 0;
    QMap<int, QString> refusals_;
    QHash<quint64, int> jobLevels_; // requests on a server: their one detail level
    ServerQuery* ping_ = nullptr;
};

} // namespace facet::app
