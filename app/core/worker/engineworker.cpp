#include "core/worker/engineworker.h"

#include "core/worker/batchingsink.h"

#include "generate/stats_json.h"

#include <QJsonDocument>

#include <exception>

namespace facet::app {

QJsonObject statsToJson(const generate::Stats& s) {
    // Same keys as `facet-cli ask --json`: one serializer, in the engine.
    const std::string json = generate::statsToJson(s).dump();
    return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
}

EngineWorker::EngineWorker(std::unique_ptr<EngineBackend> backend, QObject* parent)
    : QObject(parent), backend_(std::move(backend)) {
    qRegisterMetaType<facet::app::GenerateJob>();
    qRegisterMetaType<facet::generate::ModelInfo>();
    qRegisterMetaType<facet::generate::SamplingSettings>();
    qRegisterMetaType<facet::generate::PhaseEvent>();
}

EngineWorker::~EngineWorker() = default;

void EngineWorker::requestStop(quint64 upToId) {
    quint64 current = cancelUpTo_.load();
    while (current < upToId && !cancelUpTo_.compare_exchange_weak(current, upToId)) {
    }
    stop_.store(true);
}

void EngineWorker::beginRequest(quint64 id) {
    // A stop pressed before this request started (while it was queued) still applies.
    stop_.store(id <= cancelUpTo_.load());
}

void EngineWorker::loadModel(quint64 id, const QString& modelDir, int deviceId,
                             const QString& runtimeLibrary) {
    beginRequest(id);
    generate::LoadOptions options;
    options.modelDir = modelDir.toStdString();
    options.deviceId = deviceId;
    if (!runtimeLibrary.isEmpty())
        options.runtimeLibrary = runtimeLibrary.toStdString();
    try {
        backend_->load(
            options,
            [&](const generate::LoadProgress& p) {
                emit loadProgress(id, QString::fromStdString(p.step), p.fraction);
            },
            stop_);
        emit modelLoaded(id, backend_->info(), backend_->defaultSampling());
    } catch (const std::exception& e) {
        emit loadFailed(id, QString::fromStdString(e.what()), backend_->loaded());
    }
}

void EngineWorker::unloadModel() {
    backend_->unload();
}

void EngineWorker::runJob(const GenerateJob& job) {
    beginRequest(job.id);
    if (!backend_->loaded()) {
        emit failed(job.id, tr("No model loaded"), {});
        return;
    }
    try {
        BatchingSink sink(*this, job.id, batchMs_.load());
        backend_->generate(job.sessionKey.toStdString(), job.request, sink, stop_);
    } catch (const std::exception& e) {
        // generate() reports runtime failures through the sink; this is session creation.
        emit failed(job.id, QString::fromStdString(e.what()), {});
    }
}

} // namespace facet::app
