#include "core/worker/requeststream.h"

#include <utility>

namespace facet::app {

RequestStream::RequestStream(EngineWorker& worker, ModelLoader& model, ServerSession& server,
                             QObject* parent)
    : QObject(parent), worker_(worker), model_(model), server_(server) {
    // Before the failure is forwarded, so the chat sees the server's state already updated.
    connect(&worker_, &EngineWorker::failed, this,
            [this](quint64, const QString&, const QJsonObject&, const ErrorInfo& error) {
                server_.requestFailed(error);
            });
    connect(&worker_, &EngineWorker::columnFailed, this,
            [this](quint64, int, const QString&, const QJsonObject&, const ErrorInfo& error) {
                server_.requestFailed(error);
            });
    connect(&worker_, &EngineWorker::finished, this, [this] { server_.replyArrived(); });
    connect(&worker_, &EngineWorker::columnFinished, this, [this] { server_.replyArrived(); });
    connect(&model_, &ModelLoader::loadStarting, this, &RequestStream::cancelPreencode);
    connect(&model_, &ModelLoader::stateChanged, this, &RequestStream::idleChanged);
    connect(&worker_, &EngineWorker::phaseChanged, this, &RequestStream::phaseChanged);
    connect(&worker_, &EngineWorker::textArrived, this, &RequestStream::textArrived);
    connect(&worker_, &EngineWorker::finished, this, &RequestStream::finished);
    connect(&worker_, &EngineWorker::failed, this, &RequestStream::failed);
    connect(&worker_, &EngineWorker::finished, this, [this](quint64 id) { ended(id); });
    connect(&worker_, &EngineWorker::failed, this, [this](quint64 id) { ended(id); });
    connect(&worker_, &EngineWorker::preencoded, this,
            [this](quint64 id, int encoded, int alreadyCached, bool cancelled) {
                if (id == preencodeId_)
                    preencodeId_ = 0;
                emit preencoded(encoded, alreadyCached, cancelled);
            });
    connect(&worker_, &EngineWorker::columnStarted, this, &RequestStream::columnStarted);
    connect(&worker_, &EngineWorker::columnPhase, this, &RequestStream::columnPhase);
    connect(&worker_, &EngineWorker::columnText, this, &RequestStream::columnText);
    connect(&worker_, &EngineWorker::columnFinished, this, &RequestStream::columnFinished);
    connect(&worker_, &EngineWorker::columnFailed, this, &RequestStream::columnFailed);
    connect(&worker_, &EngineWorker::compareEnded, this, &RequestStream::compareEnded);
    connect(&worker_, &EngineWorker::compareEnded, this, [this](quint64 id) { ended(id); });
}

quint64 RequestStream::begin() {
    const quint64 id = worker_.nextRequestId();
    const bool wasIdle = idle();
    running_.insert(id);
    if (wasIdle)
        emit idleChanged();
    return id;
}

void RequestStream::ended(quint64 id) {
    if (running_.remove(id) && idle())
        emit idleChanged();
}

quint64 RequestStream::submit(GenerateJob job, PreencodeUse preencode) {
    if (preencode == PreencodeUse::Cancel)
        cancelPreencode(); // the request must not wait for images it does not send
    else
        preencodeId_ = 0; // it runs on; Stop of this request stops it too (ids up to this one)
    job.id = begin();
    server_.adjust(job.request);
    QMetaObject::invokeMethod(
        &worker_, [w = &worker_, job] { w->runJob(job); }, Qt::QueuedConnection);
    return job.id;
}

quint64 RequestStream::submitCompare(CompareJob job) {
    cancelPreencode(); // it encodes at one level; the comparison needs several
    job.id = begin();
    QMetaObject::invokeMethod(
        &worker_, [w = &worker_, job] { w->runCompare(job); }, Qt::QueuedConnection);
    return job.id;
}

void RequestStream::stop(quint64 id) {
    worker_.requestStop(id);
}

bool RequestStream::preencode(std::vector<generate::ImageInput> images) {
    cancelPreencode();
    if (!idle() || images.empty())
        return false;
    preencodeId_ = worker_.nextRequestId();
    QMetaObject::invokeMethod(
        &worker_,
        [w = &worker_, id = preencodeId_, images = std::move(images)] { w->preencode(id, images); },
        Qt::QueuedConnection);
    return true;
}

void RequestStream::cancelPreencode() {
    // Only ids up to the preencode's are stopped: every earlier request has ended (preencode
    // starts only when idle), later ones are not touched.
    if (preencodeId_ != 0)
        worker_.requestStop(std::exchange(preencodeId_, 0));
}

void RequestStream::setVisionCacheLimit(quint64 maxBytes) {
    QMetaObject::invokeMethod(
        &worker_, [w = &worker_, maxBytes] { w->setVisionCacheLimit(maxBytes); },
        Qt::QueuedConnection);
}

} // namespace facet::app
