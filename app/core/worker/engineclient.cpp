#include "core/worker/engineclient.h"

#include "core/types/smokesteps.h"
#include "generate/builtin_paths.h"

#include <QDir>
#include <QFileInfo>

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
                modelRuntime_ = loadingRuntime_;
                demo_ = !demoModelDir().isEmpty() && modelDir_ == QDir::cleanPath(demoModelDir());
                loadingDir_.clear();
                setLoadProblem({}, {});
                setState(State::Ready);
                emit modelLoaded();
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
    connect(worker_, &EngineWorker::smokeStep, this,
            [this](quint64 id, int index, int count, const QJsonObject& step, bool done) {
                if (id != smokeId_)
                    return;
                loadStep_ = tr("Smoke test: %1")
                                .arg(smokeStepTitle(step.value(QLatin1String("id")).toString(),
                                                    step.value(QLatin1String("title")).toString()));
                loadFraction_ = count > 0 ? (index + (done ? 1.0 : 0.0)) / count : 0;
                emit loadProgressChanged();
                emit smokeStep(index, count, step, done);
            });
    connect(worker_, &EngineWorker::smokeFinished, this,
            [this](quint64 id, const QJsonObject& report) {
                if (id != smokeId_)
                    return;
                smokeId_ = 0;
                emit smokeRunningChanged();
                emit smokeFinished(report);
                // The model the test unloaded comes back.
                loadModelDir(modelDir_, info_.deviceId, modelRuntime_);
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

void EngineClient::loadChosenFolder(const QUrl& selected, const QUrl& shown) {
    // The top of a compiled folder has rbln_config.json and the tokenizer; its language_model/
    // and vision_tower/ have an rbln_config.json of their own but no tokenizer.
    const auto isModel = [](const QString& dir) {
        return QFileInfo::exists(QDir(dir).filePath(QStringLiteral("rbln_config.json"))) &&
               QFileInfo::exists(QDir(dir).filePath(QStringLiteral("tokenizer.json")));
    };
    QString folder = selected.toLocalFile();
    if (!isModel(folder)) {
        const QString parent = QFileInfo(folder).absolutePath();
        const QString current = shown.toLocalFile();
        if (isModel(parent))
            folder = parent;
        else if (!current.isEmpty() && isModel(current))
            folder = current;
    }
    loadModelDir(folder, 0, QString());
}

void EngineClient::loadModelDir(const QString& folder, int deviceId, const QString& runtime) {
    if (state_ == State::Loading)
        cancelLoad();
    loadId_ = worker_->nextRequestId();
    loadingDir_ = QDir::cleanPath(folder);
    loadingRuntime_ = runtime;
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

bool EngineClient::runSmokeTest() {
    if (state_ != State::Ready || smokeRunning())
        return false;
    smokeId_ = worker_->nextRequestId();
    emit smokeRunningChanged();
    loadStep_ = tr("Smoke test");
    loadFraction_ = 0;
    emit loadProgressChanged();
    loadingDir_ = modelDir_;
    setState(State::Loading); // no chat while the test has the device
    QMetaObject::invokeMethod(
        worker_,
        [w = worker_, id = smokeId_, dir = modelDir_, device = info_.deviceId,
         runtime = modelRuntime_] { w->runSmokeTest(id, dir, device, runtime); },
        Qt::QueuedConnection);
    return true;
}

void EngineClient::stopSmokeTest() {
    if (smokeRunning())
        worker_->requestStop(smokeId_);
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
