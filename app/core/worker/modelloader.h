#pragma once
// Model loading, one of the engine client's jobs (engineclient.h): which model is in use (a
// compiled folder, the built-in demo model, or a vLLM server's model — serversession.h starts
// those loads), loading another with its progress, and why a load failed. A failed load never
// unloads the model in use: its reason is kept beside it as the load problem.
#include "core/types/modelinfo.h"
#include "core/worker/engineworker.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QUrl>

namespace facet::app {

class ModelLoader : public QObject {
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
public:
    enum class State { NoModel, Loading, Ready, Failed };
    Q_ENUM(State)
    // What a load brings in: a model folder, or the model a vLLM server serves.
    enum class Source { Folder, Server };

    explicit ModelLoader(EngineWorker& worker, QObject* parent = nullptr);

    State state() const { return state_; }
    bool ready() const { return state_ == State::Ready; }
    QString loadStep() const { return loadStep_; }
    double loadFraction() const { return loadFraction_; }
    QString lastError() const { return lastError_; }
    // Of the model in use: its folder, or a server's API base.
    QString modelDir() const { return modelDir_; }
    QString loadingDir() const { return loadingDir_; }
    // Why the last load failed while another model stayed loaded (a bad folder never unloads
    // the model in use), or a note about the start (the folder used last failed: the demo
    // model was loaded instead). Empty when there is nothing to say.
    QString loadProblem() const { return loadProblem_; }
    QString loadProblemFolder() const { return loadProblemFolder_; }
    void setLoadProblem(const QString& folder, const QString& problem);
    Q_INVOKABLE void clearLoadProblem() { setLoadProblem({}, {}); }
    bool demo() const { return demo_; }
    // The model in use is a server's (serversession.h).
    bool fromServer() const { return ready() && source_ == Source::Server; }
    ModelInfo info() const; // loaded == false unless Ready
    QList<int> detailLevels() const;
    static QString demoModelDir();
    static QString simulatorLibrary();
    // The model's own generation defaults (generation_config.json, or a server's).
    const generate::SamplingSettings& defaultSampling() const { return defaults_; }
    // The runtime library the model in use was loaded with ("" = the default one).
    QString runtimeLibrary() const { return modelRuntime_; }

    Q_INVOKABLE void loadModel(const QUrl& folder, int deviceId = 0);
    // From the folder dialog: Qt 6.4's non-native FolderDialog returns the highlighted subfolder
    // (a model's "language_model") when the user typed the model folder's path and pressed Open.
    // A compiled model folder holds rbln_config.json and tokenizer.json: when `selected` is not
    // one and the folder above it (or `shown`, the folder the dialog shows) is, that is meant;
    // when none is, a highlighted part of a compiled folder (language_model/) means `shown`.
    Q_INVOKABLE void loadChosenFolder(const QUrl& selected, const QUrl& shown);
    Q_INVOKABLE void loadModelDir(const QString& folder, int deviceId, const QString& runtime);
    Q_INVOKABLE void loadDemoModel();
    Q_INVOKABLE void cancelLoad();

    // For the other jobs of the client. A load of `target` begins (a folder or a server's URL):
    // the state says Loading until the worker answers; returns the load's request id.
    quint64 beginLoad(const QString& target, const QString& runtime, Source source,
                      const QString& step);
    // The running load's request id (0 before the first).
    quint64 loadId() const { return loadId_; }
    // The smoke test holds the device: Loading with the test's progress, no chat; `endHold`
    // loads the model in use again.
    void beginHold(const QString& step);
    void setProgress(const QString& step, double fraction);
    void endHold();

signals:
    void stateChanged();
    void loadProgressChanged();
    void loadProblemChanged();
    void modelLoaded(); // a new model is in (not when a failed load kept the old one)
    // The worker put load `id`'s model in use: before modelLoaded for the current load, and
    // alone for a load a newer one replaced after the worker had finished it (the newer load
    // runs on; if it fails, this is the model it kept).
    void modelInUse(quint64 id);
    // Before a load starts (synchronously): work that must not outlive the model stops.
    void loadStarting();
    // A load ended without a new model: `target` the folder or URL, `message` why (empty when
    // cancelled).
    void loadFailed(const QString& target, const QString& message,
                    facet::app::ModelLoader::Source source);

private:
    void setState(State state);

    // What a load started by beginLoad brings in, until the worker answers it: a load that a
    // newer one replaced may still have been put in use by the worker (it finished first).
    struct LoadTarget {
        QString dir; // the folder, or a server's API base once it connected
        QString runtime;
        Source source = Source::Folder;
    };
    // The worker put `target` in use, whether or not a newer load replaced it meanwhile.
    void adopt(const LoadTarget& target, const generate::ModelInfo& info,
               const generate::SamplingSettings& defaults);

    EngineWorker& worker_;
    QHash<quint64, LoadTarget> loads_; // by request id, until the worker answers
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
    QString modelRuntime_;
    QString loadingRuntime_;
    Source source_ = Source::Folder;
    Source loadingSource_ = Source::Folder;
    bool demo_ = false;
    ModelInfo info_;
    generate::SamplingSettings defaults_;
};

} // namespace facet::app
