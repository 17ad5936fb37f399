#include "core/worker/engineclient.h"

#include "core/types/smokesteps.h"
#include "generate/builtin_paths.h"
#include "remote/chat_request.h"

#include <QDir>
#include <QFileInfo>

#include <utility>

namespace facet::app {

EngineClient::EngineClient(std::unique_ptr<EngineBackend> backend, QObject* parent)
    : QObject(parent) {
    thread_.setObjectName(QStringLiteral("facet-engine"));
    capabilities_ = backend->capabilities();
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
                server_ = std::exchange(loadingServer_, false);
                refusals_.clear(); // a new server (or none) has refused nothing yet
                serverKey_ = server_ ? loadingKey_ : QString();
                loadingKey_.clear();
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
                loadingKey_.clear();
                if (std::exchange(loadingServer_, false) && !cancelled)
                    emit serverConnectFailed(folder, message);
                if (modelKept) { // the model in use stays; the problem is shown beside it
                    if (!cancelled)
                        setLoadProblem(folder, message);
                    setState(State::Ready);
                    return;
                }
                modelDir_.clear();
                demo_ = false;
                server_ = false;
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
    connect(worker_, &EngineWorker::serverConnected, this,
            [this](quint64 id, const QString& apiBase, double roundTripMs) {
                if (id != loadId_)
                    return;
                loadingDir_ = apiBase; // the model "folder" of a server is its API base
                roundTripMs_ = roundTripMs;
                emit roundTripChanged();
            });
    ping_ = new ServerQuery(this);
    connect(ping_, &ServerQuery::answered, this,
            [this](const QString& url, const QStringList&, double ms) {
                if (!server() || url != modelDir_)
                    return;
                roundTripMs_ = ms;
                emit roundTripChanged();
            });
    // Before the failure is forwarded, so the chat sees the level picker already updated.
    connect(worker_, &EngineWorker::failed, this,
            [this](quint64 id, const QString&, const QJsonObject&, const ErrorInfo& error) {
                noteLevelRefusal(id, error);
            });
    connect(worker_, &EngineWorker::finished, this, [this](quint64 id) { jobLevels_.remove(id); });
    connect(worker_, &EngineWorker::phaseChanged, this, &EngineClient::phaseChanged);
    connect(worker_, &EngineWorker::textArrived, this, &EngineClient::textArrived);
    connect(worker_, &EngineWorker::finished, this, &EngineClient::finished);
    connect(worker_, &EngineWorker::failed, this, &EngineClient::failed);
    connect(worker_, &EngineWorker::finished, this, [this](quint64 id) { jobEnded(id); });
    connect(worker_, &EngineWorker::failed, this, [this](quint64 id) { jobEnded(id); });
    connect(worker_, &EngineWorker::preencoded, this,
            [this](quint64 id, int encoded, int alreadyCached, bool cancelled) {
                if (id == preencodeId_)
                    preencodeId_ = 0;
                emit preencoded(encoded, alreadyCached, cancelled);
            });
    connect(worker_, &EngineWorker::columnStarted, this, &EngineClient::columnStarted);
    connect(worker_, &EngineWorker::columnPhase, this, &EngineClient::columnPhase);
    connect(worker_, &EngineWorker::columnText, this, &EngineClient::columnText);
    connect(worker_, &EngineWorker::columnFinished, this, &EngineClient::columnFinished);
    connect(worker_, &EngineWorker::columnFailed, this, &EngineClient::columnFailed);
    connect(worker_, &EngineWorker::compareEnded, this, &EngineClient::compareEnded);
    connect(worker_, &EngineWorker::compareEnded, this, [this](quint64 id) { jobEnded(id); });
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
    emit idleChanged();
}

ModelInfo EngineClient::info() const {
    return state_ == State::Ready ? info_ : ModelInfo{};
}

QList<int> EngineClient::detailLevels() const {
    if (state_ != State::Ready)
        return {};
    QList<int> levels = info_.detailLevels;
    levels.removeIf([this](int level) { return refusals_.contains(level); });
    return levels;
}

QVariantMap EngineClient::levelRefusals() const {
    QVariantMap map;
    if (server())
        for (auto it = refusals_.begin(); it != refusals_.end(); ++it)
            map.insert(QString::number(it.key()), it.value());
    return map;
}

void EngineClient::connectServer(const QString& url, const QString& model, const QString& apiKey,
                                 const QList<int>& levels) {
    if (!capabilities_.servers) { // nothing changes: the model in use stays
        const QString message = tr("This engine cannot use a server");
        setLoadProblem(url.trimmed(), message);
        emit serverConnectFailed(url.trimmed(), message);
        return;
    }
    beginLoad(url.trimmed(), QString(), true, tr("Connecting"));
    loadingKey_ = apiKey;
    remote::ConnectOptions options;
    options.url = loadingDir_.toStdString();
    if (!model.isEmpty())
        options.servedModel = model.toStdString();
    if (!apiKey.isEmpty())
        options.apiKey = apiKey.toStdString();
    if (!levels.isEmpty())
        options.levels.assign(levels.begin(), levels.end());
    QMetaObject::invokeMethod(
        worker_, [w = worker_, id = loadId_, options] { w->connectServer(id, options); },
        Qt::QueuedConnection);
}

void EngineClient::measureRoundTrip() {
    if (server())
        ping_->start(modelDir_, serverKey_);
}

void EngineClient::noteLevelRefusal(quint64 id, const ErrorInfo& error) {
    const auto level = jobLevels_.take(id);
    // A level the server refused: HTTP 400 about max_soft_tokens (the remote engine names the
    // param when the server's own is null: remote::kLevelParam). Other 400s (a prompt longer
    // than the context) are not about the level.
    if (!server() || level == 0 || refusals_.contains(level))
        return;
    if (error.kind != ErrorKind::Server || error.httpStatus != 400 ||
        error.param.find("max_soft_tokens") == std::string::npos)
        return;
    refusals_.insert(level, QString::fromStdString(error.serverMessage));
    emit stateChanged(); // detailLevels and levelRefusals changed
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

void EngineClient::beginLoad(const QString& dir, const QString& runtime, bool server,
                             const QString& step) {
    // One start for a folder and a server: the background encoding and a load still running
    // stop, and the state says Loading until the worker answers.
    stopPreencode();
    if (state_ == State::Loading)
        cancelLoad();
    loadId_ = worker_->nextRequestId();
    loadingDir_ = dir;
    loadingRuntime_ = runtime;
    loadingServer_ = server;
    cancelling_ = false;
    loadStep_ = step;
    loadFraction_ = 0;
    emit loadProgressChanged();
    setState(State::Loading);
}

void EngineClient::loadModelDir(const QString& folder, int deviceId, const QString& runtime) {
    beginLoad(QDir::cleanPath(folder), runtime, false, tr("Starting"));
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
    if (state_ != State::Ready || smokeRunning() || server_ || // it checks this machine's NPU
        !capabilities_.smokeTest)
        return false;
    stopPreencode();
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

quint64 EngineClient::submit(GenerateJob job, PreencodeUse preencode) {
    if (preencode == PreencodeUse::Cancel)
        stopPreencode(); // the request must not wait for images it does not send
    else
        preencodeId_ = 0; // it runs on; Stop of this request stops it too (ids up to this one)
    job.id = worker_->nextRequestId();
    const bool wasIdle = idle();
    runningJobs_.insert(job.id);
    if (wasIdle)
        emit idleChanged();
    if (server()) {
        try { // mixed levels end in the engine's own error; nothing to note then
            if (const auto level = remote::requestLevel(job.request))
                jobLevels_.insert(job.id, *level);
        } catch (const std::exception&) {
        }
    }
    QMetaObject::invokeMethod(
        worker_, [w = worker_, job] { w->runJob(job); }, Qt::QueuedConnection);
    return job.id;
}

quint64 EngineClient::submitCompare(CompareJob job) {
    stopPreencode(); // it encodes at one level; the comparison needs several
    job.id = worker_->nextRequestId();
    const bool wasIdle = idle();
    runningJobs_.insert(job.id);
    if (wasIdle)
        emit idleChanged();
    QMetaObject::invokeMethod(
        worker_, [w = worker_, job] { w->runCompare(job); }, Qt::QueuedConnection);
    return job.id;
}

void EngineClient::stop(quint64 id) {
    worker_->requestStop(id);
}

void EngineClient::jobEnded(quint64 id) {
    if (runningJobs_.remove(id) && idle())
        emit idleChanged();
}

bool EngineClient::preencode(std::vector<generate::ImageInput> images) {
    stopPreencode();
    if (!idle() || smokeRunning() || images.empty())
        return false;
    preencodeId_ = worker_->nextRequestId();
    QMetaObject::invokeMethod(
        worker_,
        [w = worker_, id = preencodeId_, images = std::move(images)] { w->preencode(id, images); },
        Qt::QueuedConnection);
    return true;
}

void EngineClient::stopPreencode() {
    // Only ids up to the preencode's are stopped: every earlier request has ended (preencode
    // starts only when idle), later ones are not touched.
    if (preencodeId_ != 0)
        worker_->requestStop(std::exchange(preencodeId_, 0));
}

void EngineClient::setVisionCacheLimit(quint64 maxBytes) {
    QMetaObject::invokeMethod(
        worker_, [w = worker_, maxBytes] { w->setVisionCacheLimit(maxBytes); },
        Qt::QueuedConnection);
}

} // namespace facet::app
