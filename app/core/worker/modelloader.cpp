#include "core/worker/modelloader.h"

#include "generate/builtin_paths.h"

#include <QDir>
#include <QFileInfo>

#include <utility>

namespace facet::app {

ModelLoader::ModelLoader(EngineWorker& worker, QObject* parent) : QObject(parent), worker_(worker) {
    connect(&worker_, &EngineWorker::loadProgress, this,
            [this](quint64 id, const QString& step, double fraction) {
                if (id == loadId_)
                    setProgress(step, fraction);
            });
    connect(&worker_, &EngineWorker::serverConnected, this,
            [this](quint64 id, const QString& apiBase, double) {
                // The model "folder" of a server is its API base (also for a replaced connect:
                // the worker may have put it in use).
                if (const auto it = loads_.find(id); it != loads_.end())
                    it->dir = apiBase;
                if (id == loadId_)
                    loadingDir_ = apiBase;
            });
    // The worker answers loads in the order they were asked, each once. What it reports is
    // what it holds, also for a load that a newer one replaced (issue #55 item 5: a server
    // connect that finished as the user started a folder load was in use, the folder failed
    // with "model kept", and the status line named the local model while the server answered).
    connect(&worker_, &EngineWorker::modelLoaded, this,
            [this](quint64 id, const generate::ModelInfo& info,
                   const generate::SamplingSettings& defaults) {
                const auto it = loads_.find(id);
                if (it == loads_.end())
                    return;
                const LoadTarget target = *it;
                loads_.erase(it);
                adopt(target, info, defaults);
                emit modelInUse(id);
                if (id != loadId_)
                    return; // the newer load runs on: still Loading
                lastError_.clear();
                loadingDir_.clear();
                setLoadProblem({}, {});
                setState(State::Ready);
                emit modelLoaded();
            });
    connect(&worker_, &EngineWorker::loadFailed, this,
            [this](quint64 id, const QString& message, bool modelKept) {
                if (!loads_.remove(id))
                    return;
                if (id != loadId_) {
                    // Replaced and failed: when it took the model in use with it, the newer
                    // load's answer will say so (nothing kept).
                    if (!modelKept) {
                        modelDir_.clear();
                        demo_ = false;
                        source_ = Source::Folder;
                    }
                    return;
                }
                const QString target = std::exchange(loadingDir_, {});
                const bool cancelled = std::exchange(cancelling_, false);
                emit loadFailed(target, cancelled ? QString() : message, loadingSource_);
                if (modelKept) { // the model in use stays; the problem is shown beside it
                    if (!cancelled)
                        setLoadProblem(target, message);
                    setState(State::Ready);
                    return;
                }
                modelDir_.clear();
                demo_ = false;
                source_ = Source::Folder;
                lastError_ = cancelled ? tr("Loading cancelled") : message;
                setState(cancelled ? State::NoModel : State::Failed);
            });
}

void ModelLoader::adopt(const LoadTarget& target, const generate::ModelInfo& info,
                        const generate::SamplingSettings& defaults) {
    info_ = fromEngine(info);
    defaults_ = defaults;
    source_ = target.source;
    modelDir_ = target.dir;
    modelRuntime_ = target.runtime;
    demo_ = !demoModelDir().isEmpty() && modelDir_ == QDir::cleanPath(demoModelDir());
}

QString ModelLoader::demoModelDir() {
    return QString::fromStdString(generate::builtinDemoModelDir().string());
}

QString ModelLoader::simulatorLibrary() {
    return QString::fromStdString(generate::builtinSimulatorRuntime().string());
}

void ModelLoader::setState(State state) {
    state_ = state;
    emit stateChanged();
}

ModelInfo ModelLoader::info() const {
    return state_ == State::Ready ? info_ : ModelInfo{};
}

QList<int> ModelLoader::detailLevels() const {
    return state_ == State::Ready ? info_.detailLevels : QList<int>{};
}

void ModelLoader::setLoadProblem(const QString& folder, const QString& problem) {
    if (folder == loadProblemFolder_ && problem == loadProblem_)
        return;
    loadProblemFolder_ = folder;
    loadProblem_ = problem;
    emit loadProblemChanged();
}

void ModelLoader::setProgress(const QString& step, double fraction) {
    loadStep_ = step;
    loadFraction_ = fraction;
    emit loadProgressChanged();
}

void ModelLoader::loadModel(const QUrl& folder, int deviceId) {
    loadModelDir(folder.toLocalFile(), deviceId, QString());
}

void ModelLoader::loadChosenFolder(const QUrl& selected, const QUrl& shown) {
    // The top of a compiled folder has rbln_config.json and the tokenizer; its language_model/
    // and vision_tower/ have an rbln_config.json of their own but no tokenizer.
    const auto isModel = [](const QString& dir) {
        return QFileInfo::exists(QDir(dir).filePath(QStringLiteral("rbln_config.json"))) &&
               QFileInfo::exists(QDir(dir).filePath(QStringLiteral("tokenizer.json")));
    };
    // A part of a compiled folder (language_model/, vision_tower/): its own rbln_config.json,
    // no tokenizer. Never loadable alone, so never what the user meant.
    const auto isPart = [](const QString& dir) {
        return QFileInfo::exists(QDir(dir).filePath(QStringLiteral("rbln_config.json"))) &&
               !QFileInfo::exists(QDir(dir).filePath(QStringLiteral("tokenizer.json")));
    };
    QString folder = selected.toLocalFile();
    const QString current = shown.toLocalFile();
    if (!isModel(folder)) {
        const QString parent = QFileInfo(folder).absolutePath();
        if (isModel(parent))
            folder = parent;
        else if (!current.isEmpty() && isModel(current))
            folder = current;
        // Inside a folder that is no working model: the one the user went into is the one to
        // load and name in the problem, not the part the dialog highlighted on entering it
        // (the problem said "badmodel/language_model": issue #55 item 8).
        else if (folder.isEmpty() || (isPart(folder) && parent == QDir(current).absolutePath()))
            folder = current;
    }
    loadModelDir(folder, 0, QString());
}

quint64 ModelLoader::beginLoad(const QString& target, const QString& runtime, Source source,
                               const QString& step) {
    // One start for a folder and a server: the work that needs the model in use stops, a load
    // still running is cancelled, and the state says Loading until the worker answers.
    emit loadStarting();
    if (state_ == State::Loading)
        cancelLoad();
    loadId_ = worker_.nextRequestId();
    loads_.insert(loadId_, {target, runtime, source});
    loadingDir_ = target;
    loadingRuntime_ = runtime;
    loadingSource_ = source;
    cancelling_ = false;
    setProgress(step, 0);
    setState(State::Loading);
    return loadId_;
}

void ModelLoader::loadModelDir(const QString& folder, int deviceId, const QString& runtime) {
    const quint64 id = beginLoad(QDir::cleanPath(folder), runtime, Source::Folder, tr("Starting"));
    QMetaObject::invokeMethod(
        &worker_,
        [w = &worker_, id, dir = loadingDir_, deviceId, runtime] {
            w->loadModel(id, dir, deviceId, runtime);
        },
        Qt::QueuedConnection);
}

void ModelLoader::loadDemoModel() {
    if (demoModelDir().isEmpty()) {
        lastError_ = tr("This build has no built-in demo model");
        setState(State::Failed);
        return;
    }
    loadModelDir(demoModelDir(), 0, simulatorLibrary());
}

void ModelLoader::cancelLoad() {
    if (state_ != State::Loading)
        return;
    // The worker answers with loadFailed: the model loaded before (if any) is back then.
    cancelling_ = true;
    worker_.requestStop(loadId_);
}

void ModelLoader::beginHold(const QString& step) {
    emit loadStarting();
    setProgress(step, 0);
    loadingDir_ = modelDir_;
    setState(State::Loading); // no chat while the holder has the device
}

void ModelLoader::endHold() {
    // The model the holder unloaded comes back.
    loadModelDir(modelDir_, info_.deviceId, modelRuntime_);
}

} // namespace facet::app
