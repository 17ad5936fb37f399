#include "core/worker/smoketestrunner.h"

#include "core/types/smokesteps.h"

namespace facet::app {

SmokeTestRunner::SmokeTestRunner(EngineWorker& worker, ModelLoader& model, bool supported,
                                 QObject* parent)
    : QObject(parent), worker_(worker), model_(model), supported_(supported) {
    connect(&worker_, &EngineWorker::smokeStep, this,
            [this](quint64 id, int index, int count, const QJsonObject& json, bool done) {
                if (id != id_)
                    return;
                model_.setProgress(
                    tr("Smoke test: %1")
                        .arg(smokeStepTitle(json.value(QLatin1String("id")).toString(),
                                            json.value(QLatin1String("title")).toString())),
                    count > 0 ? (index + (done ? 1.0 : 0.0)) / count : 0);
                emit step(index, count, json, done);
            });
    connect(&worker_, &EngineWorker::smokeFinished, this,
            [this](quint64 id, const QJsonObject& report) {
                if (id != id_)
                    return;
                id_ = 0;
                emit runningChanged();
                emit finished(report);
                model_.endHold();
            });
}

bool SmokeTestRunner::run() {
    if (!model_.ready() || running() || model_.fromServer() || !supported_)
        return false;
    // Read before the hold: a model loader in Loading reports no model.
    const QString dir = model_.modelDir();
    const int device = model_.info().deviceId;
    const QString runtime = model_.runtimeLibrary();
    id_ = worker_.nextRequestId();
    emit runningChanged();
    model_.beginHold(tr("Smoke test"));
    QMetaObject::invokeMethod(
        &worker_,
        [w = &worker_, id = id_, dir, device, runtime] {
            w->runSmokeTest(id, dir, device, runtime);
        },
        Qt::QueuedConnection);
    return true;
}

void SmokeTestRunner::stop() {
    if (running())
        worker_.requestStop(id_);
}

} // namespace facet::app
