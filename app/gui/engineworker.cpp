#include "engineworker.h"

#include "batchingsink.h"

#include "generate/stats_json.h"

#include <QJsonDocument>

#include <exception>

namespace facet::app {

QString finishReasonKey(generate::FinishReason reason) {
    return QString::fromLatin1(generate::toString(reason));
}

QJsonObject statsToJson(const generate::Stats& s) {
    // Same keys as `facet-cli ask --json`: one serializer, in the engine.
    const std::string json = generate::statsToJson(s).dump();
    return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
}

EngineWorker::EngineWorker(QObject* parent) : QObject(parent) {
    qRegisterMetaType<facet::app::GenerateJob>();
    qRegisterMetaType<facet::generate::ModelInfo>();
    qRegisterMetaType<facet::generate::SamplingSettings>();
    qRegisterMetaType<facet::generate::PhaseEvent>();
}

EngineWorker::~EngineWorker() {
    session_.reset(); // sessions before the engine whose device blocks they use
    engine_.reset();
}

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
    unloadModel();
    generate::LoadOptions options;
    options.modelDir = modelDir.toStdString();
    options.deviceId = deviceId;
    if (!runtimeLibrary.isEmpty())
        options.runtimeLibrary = runtimeLibrary.toStdString();
    try {
        engine_ = generate::Engine::load(
            options,
            [&](const generate::LoadProgress& p) {
                emit loadProgress(id, QString::fromStdString(p.step), p.fraction);
            },
            stop_);
        emit modelLoaded(id, engine_->info(), engine_->defaultSampling());
    } catch (const std::exception& e) {
        engine_.reset();
        emit loadFailed(id, QString::fromStdString(e.what()));
    }
}

void EngineWorker::unloadModel() {
    session_.reset();
    sessionKey_.clear();
    engine_.reset();
}

void EngineWorker::runJob(const GenerateJob& job) {
    beginRequest(job.id);
    if (!engine_) {
        emit failed(job.id, tr("No model loaded"), {});
        return;
    }
    try {
        if (!session_ || sessionKey_ != job.sessionKey) {
            session_.reset();
            session_ = engine_->createSession();
            sessionKey_ = job.sessionKey;
        }
        BatchingSink sink(*this, job.id, batchMs_.load());
        session_->generate(job.request, sink, stop_);
    } catch (const std::exception& e) {
        // generate() reports runtime failures through the sink; this is session creation.
        emit failed(job.id, QString::fromStdString(e.what()), {});
    }
}

} // namespace facet::app
