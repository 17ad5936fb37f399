#include "engineclient.h"

#include "generate/builtin_paths.h"

#include <QDir>

namespace facet::ui {

EngineClient::EngineClient(QObject* parent) : QObject(parent) {
    thread_.setObjectName(QStringLiteral("facet-engine"));
    worker_ = new app::EngineWorker;
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);

    connect(worker_, &app::EngineWorker::loadProgress, this,
            [this](quint64 id, const QString& step, double fraction) {
                if (id != loadId_)
                    return;
                loadStep_ = step;
                loadFraction_ = fraction;
                emit loadProgressChanged();
            });
    connect(worker_, &app::EngineWorker::modelLoaded, this,
            [this](quint64 id, const generate::ModelInfo& info,
                   const generate::SamplingSettings& defaults) {
                if (id != loadId_)
                    return;
                info_ = info;
                defaults_ = defaults;
                lastError_.clear();
                setState(State::Ready);
            });
    connect(worker_, &app::EngineWorker::loadFailed, this,
            [this](quint64 id, const QString& message) {
                if (id != loadId_)
                    return;
                lastError_ = message;
                setState(State::Failed);
            });
    connect(worker_, &app::EngineWorker::phaseChanged, this, &EngineClient::phaseChanged);
    connect(worker_, &app::EngineWorker::textArrived, this, &EngineClient::textArrived);
    connect(worker_, &app::EngineWorker::finished, this, &EngineClient::finished);
    connect(worker_, &app::EngineWorker::failed, this, &EngineClient::failed);
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

QVariantMap EngineClient::info() const {
    if (state_ != State::Ready)
        return {};
    QVariantList buckets;
    for (int b : info_.imageBuckets)
        buckets << b;
    QVariantMap bucketFor;
    for (const auto& [level, bucket] : info_.bucketForLevel)
        bucketFor.insert(QString::number(level), bucket);
    QStringList problems;
    for (const auto& p : info_.problems)
        problems << QString::fromStdString(p);
    return {{"name", QString::fromStdString(info_.name)},
            {"deviceId", info_.deviceId},
            {"runtimeFile", QString::fromStdString(info_.runtimeFile)},
            {"runtimeVersion", QString::fromStdString(info_.runtimeVersion)},
            {"simulated", info_.simulated},
            {"maxSeqLen", info_.maxSeqLen},
            {"detailLevels", detailLevels()},
            {"imageBuckets", buckets},
            {"bucketForLevel", bucketFor},
            {"problems", problems}};
}

QVariantList EngineClient::detailLevels() const {
    QVariantList levels;
    if (state_ == State::Ready)
        for (int level : info_.detailLevels)
            levels << level;
    return levels;
}

void EngineClient::loadModel(const QUrl& folder, int deviceId) {
    loadModelDir(folder.toLocalFile(), deviceId, QString());
}

void EngineClient::loadModelDir(const QString& folder, int deviceId, const QString& runtime) {
    if (state_ == State::Loading)
        cancelLoad();
    loadId_ = worker_->nextRequestId();
    modelDir_ = QDir::cleanPath(folder);
    demo_ = !demoModelDir().isEmpty() && modelDir_ == QDir::cleanPath(demoModelDir());
    loadStep_ = tr("Starting");
    loadFraction_ = 0;
    emit loadProgressChanged();
    setState(State::Loading);
    QMetaObject::invokeMethod(
        worker_,
        [w = worker_, id = loadId_, dir = modelDir_, deviceId, runtime] {
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
    worker_->requestStop(loadId_);
    loadId_ = 0; // late events of the cancelled load are ignored
    lastError_ = tr("Loading cancelled");
    setState(State::NoModel);
}

quint64 EngineClient::submit(app::GenerateJob job) {
    job.id = worker_->nextRequestId();
    QMetaObject::invokeMethod(
        worker_, [w = worker_, job] { w->runJob(job); }, Qt::QueuedConnection);
    return job.id;
}

void EngineClient::stop(quint64 id) {
    worker_->requestStop(id);
}

} // namespace facet::ui
