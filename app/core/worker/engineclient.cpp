#include "core/worker/engineclient.h"

#include "generate/builtin_paths.h"

#include <QDir>

#include <utility>

namespace facet::app {

EngineClient::EngineClient(std::unique_ptr<EngineBackend> backend, QObject* parent)
    : QObject(parent) {
    thread_.setObjectName(QStringLiteral("facet-engine"));
    worker_ = new EngineWorker(std::move(backend));
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);

    connect(worker_, &EngineWorker::loadProgress, this,
            [this](quint64 id, const QString& step, double fraction) {
                if (id != loadId_)
                    return;
                loadStep_ = step;
                loadFraction_ = fraction;
                emit loadProgressChanged();
            });
    connect(worker_, &EngineWorker::modelLoaded, this,
            [this](quint64 id, const generate::ModelInfo& info,
                   const generate::SamplingSettings& defaults) {
                if (id != loadId_)
                    return;
                info_ = fromEngine(info);
                defaults_ = defaults;
                lastError_.clear();
                modelDir_ = loadingDir_;
                demo_ = !demoModelDir().isEmpty() && modelDir_ == QDir::cleanPath(demoModelDir());
                loadingDir_.clear();
                setLoadProblem({}, {});
                setState(State::Ready);
            });
    connect(worker_, &EngineWorker::loadFailed, this,
            [this](quint64 id, const QString& message, bool modelKept) {
                if (id != loadId_)
                    return;
                const QString folder = std::exchange(loadingDir_, {});
                const bool cancelled = std::exchange(cancelling_, false);
                if (modelKept) { // the model in use stays; the problem is shown beside it
                    if (!cancelled)
                        setLoadProblem(folder, message);
                    setState(State::Ready);
                    return;
                }
                modelDir_.clear();
                demo_ = false;
                lastError_ = cancelled ? tr("Loading cancelled") : message;
                setState(cancelled ? State::NoModel : State::Failed);
            });
    connect(worker_, &EngineWorker::phaseChanged, this, &EngineClient::phaseChanged);
    connect(worker_, &EngineWorker::textArrived, this, &EngineClient::textArrived);
    connect(worker_, &EngineWorker::finished, this, &EngineClient::finished);
    connect(worker_, &EngineWorker::failed, this, &EngineClient::failed);
    thread_.start();
}

EngineClient::~EngineClient() {
    shutdown();
}

void EngineClient::shutdown() {
    if (!thread_.isRunning())
        return;
    worker_->requestStop(worker_->nextRequestId());
    thread_.quit();
    thread_.wait();
}

QString EngineClient::demoModelDir() {
    return QString::fromStdString(generate::builtinDemoModelDir().string());
}

QString EngineClient::simulatorLibrary() {
    return QString::fromStdString(generate::builtinSimulatorRuntime().string());
}

void EngineClient::setState(State state) {
    state_ = state;
    emit stateChanged();
}

ModelInfo EngineClient::info() const {
    return state_ == State::Ready ? info_ : ModelInfo{};
}

QList<int> EngineClient::detailLevels() const {
    return state_ == State::Ready ? info_.detailLevels : QList<int>{};
}

void EngineClient::loadModel(const QUrl& folder, int deviceId) {
    loadModelDir(folder.toLocalFile(), deviceId, QString());
}

void EngineClient::loadModelDir(const QString& folder, int deviceId, const QString& runtime) {
    if (state_ == State::Loading)
        cancelLoad();
    loadId_ = worker_->nextRequestId();
    loadingDir_ = QDir::cleanPath(folder);
    cancelling_ = false;
    loadStep_ = tr("Starting");
    loadFraction_ = 0;
    emit loadProgressChanged();
    setState(State::Loading);
    QMetaObject::invokeMethod(
        worker_,
        [w = worker_, id = loadId_, dir = loadingDir_, deviceId, runtime] {
            w->loadModel(id, dir, deviceId, runtime);
        },
        Qt::QueuedConnection);
}

void EngineClient::loadDemoModel() {
    if (demoModelDir().isEmpty()) {
        lastError_ = tr("This build has no built-in demo model");
        setState(State::Failed);
        return;
    }
    loadModelDir(demoModelDir(), 0, simulatorLibrary());
}

void EngineClient::cancelLoad() {
    if (state_ != State::Loading)
        return;
    // The worker answers with loadFailed: the model loaded before (if any) is back then.
    cancelling_ = true;
    worker_->requestStop(loadId_);
}

void EngineClient::setLoadProblem(const QString& folder, const QString& problem) {
    if (folder == loadProblemFolder_ && problem == loadProblem_)
        return;
    loadProblemFolder_ = folder;
    loadProblem_ = problem;
    emit loadProblemChanged();
}

quint64 EngineClient::submit(GenerateJob job) {
    job.id = worker_->nextRequestId();
    QMetaObject::invokeMethod(
        worker_, [w = worker_, job] { w->runJob(job); }, Qt::QueuedConnection);
    return job.id;
}

void EngineClient::stop(quint64 id) {
    worker_->requestStop(id);
}

} // namespace facet::app
