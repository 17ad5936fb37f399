#pragma once
// The GUI-thread face of the engine worker. It starts the worker thread and owns one part per
// job, each with its own properties and signals:
//   model()         model loading: the model in use, loads and their progress (modelloader.h)
//   serverSession() a vLLM server as the engine (serversession.h)
//   smokeTest()     the install check (smoketestrunner.h)
//   requests()      replies and comparisons streamed back, Stop, background encoding
//                   (requeststream.h)
//   counter()       what a request will put into the KV cache, for the context meter
//                   (promptcounter.h)
#include "core/worker/engineworker.h"
#include "core/worker/modelloader.h"
#include "core/worker/promptcounter.h"
#include "core/worker/requeststream.h"
#include "core/worker/serversession.h"
#include "core/worker/smoketestrunner.h"

#include <QObject>
#include <QSemaphore>
#include <QThread>

#include <chrono>
#include <memory>

namespace facet::app {

class EngineClient : public QObject {
    Q_OBJECT
    Q_PROPERTY(facet::app::ModelLoader* model READ modelPointer CONSTANT)
    Q_PROPERTY(facet::app::ServerSession* serverSession READ serverSessionPointer CONSTANT)
    Q_PROPERTY(facet::app::SmokeTestRunner* smokeTest READ smokeTestPointer CONSTANT)
public:
    // `backend` runs on the worker thread from now on (makeLocalBackend() for the real engine).
    explicit EngineClient(std::unique_ptr<EngineBackend> backend, QObject* parent = nullptr);
    ~EngineClient() override;

    // What the backend can do (read once: it never changes); callers ask before offering.
    const EngineCapabilities& capabilities() const { return capabilities_; }

    ModelLoader& model() { return *model_; }
    const ModelLoader& model() const { return *model_; }
    ServerSession& serverSession() { return *server_; }
    SmokeTestRunner& smokeTest() { return *smoke_; }
    RequestStream& requests() { return *requests_; }
    PromptCounter& counter() { return *counter_; }

    // Stops everything and joins the worker thread (quit while generating ends here).
    void shutdown();

    // At start-up: the worker takes no job until releaseWorker() (or shutdown()) is called, or
    // `most` has passed. The app holds it until the window's first frame, so that loading the
    // model does not compete with the first paint for the cores (2 on the machines we test on);
    // the model's state already says Loading meanwhile. Calling it again while held does nothing.
    void holdWorker(std::chrono::milliseconds most);
    void releaseWorker();

private:
    ModelLoader* modelPointer() const { return model_; }
    ServerSession* serverSessionPointer() const { return server_; }
    SmokeTestRunner* smokeTestPointer() const { return smoke_; }

    QThread thread_;
    EngineCapabilities capabilities_;
    EngineWorker* worker_ = nullptr; // lives on thread_, deleted when it finishes
    ModelLoader* model_ = nullptr;
    ServerSession* server_ = nullptr;
    SmokeTestRunner* smoke_ = nullptr;
    RequestStream* requests_ = nullptr;
    PromptCounter* counter_ = nullptr;
    std::shared_ptr<QSemaphore> hold_; // released once: see holdWorker()
};

} // namespace facet::app
