#include "core/worker/engineclient.h"

#include <utility>

namespace facet::app {

EngineClient::EngineClient(std::unique_ptr<EngineBackend> backend, QObject* parent)
    : QObject(parent) {
    thread_.setObjectName(QStringLiteral("facet-engine"));
    capabilities_ = backend->capabilities();
    worker_ = new EngineWorker(std::move(backend));
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
    // The parts connect to the worker's signals from this (the GUI) thread: queued.
    model_ = new ModelLoader(*worker_, this);
    server_ = new ServerSession(*worker_, *model_, capabilities_.servers, this);
    smoke_ = new SmokeTestRunner(*worker_, *model_, capabilities_.smokeTest, this);
    requests_ = new RequestStream(*worker_, *model_, *server_, this);
    counter_ = new PromptCounter(*worker_, this);
    thread_.start();
}

EngineClient::~EngineClient() {
    shutdown();
}

void EngineClient::holdWorker(std::chrono::milliseconds most) {
    if (hold_)
        return;
    hold_ = std::make_shared<QSemaphore>();
    QMetaObject::invokeMethod(
        worker_, [hold = hold_, most] { hold->tryAcquire(1, static_cast<int>(most.count())); },
        Qt::QueuedConnection);
}

void EngineClient::releaseWorker() {
    if (hold_)
        hold_->release();
    hold_.reset();
}

void EngineClient::shutdown() {
    releaseWorker();
    if (!thread_.isRunning())
        return;
    worker_->requestStop(worker_->nextRequestId());
    thread_.quit();
    thread_.wait();
}

} // namespace facet::app
