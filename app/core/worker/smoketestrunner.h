#pragma once
// The smoke test, one of the engine client's jobs (engineclient.h): Help → Run smoke test…, the
// install check on the loaded model's folder and device (generate/smoke_test.h). The model is
// unloaded for it (one device: the model loader holds in Loading meanwhile) and loaded again
// when it ends.
#include "core/worker/engineworker.h"
#include "core/worker/modelloader.h"

#include <QJsonObject>
#include <QObject>

namespace facet::app {

class SmokeTestRunner : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool running READ running NOTIFY runningChanged)
public:
    SmokeTestRunner(EngineWorker& worker, ModelLoader& model, bool supported,
                    QObject* parent = nullptr);

    bool running() const { return id_ != 0; }
    // False when no local model is ready (it checks this machine's NPU, not a server's), the
    // engine has no smoke test, or one runs.
    Q_INVOKABLE bool run();
    Q_INVOKABLE void stop();

signals:
    void runningChanged();
    // A step began (`done` false) or ended; `step` is its JSON (id, title, status, ms, message).
    void step(int index, int count, const QJsonObject& step, bool done);
    void finished(const QJsonObject& report);

private:
    EngineWorker& worker_;
    ModelLoader& model_;
    bool supported_;
    quint64 id_ = 0;
};

} // namespace facet::app
