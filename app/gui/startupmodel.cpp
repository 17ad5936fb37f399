#include "startupmodel.h"

#include "core/worker/engineclient.h"

#include <QSettings>

#include <utility>

namespace facet::gui {
namespace {

const QString kFolderKey = QStringLiteral("model/folder");
const QString kDeviceKey = QStringLiteral("model/device");
const QString kLoadingKey = QStringLiteral("model/loading");

} // namespace

StartupModel::StartupModel(app::EngineClient& engine, QObject* parent)
    : QObject(parent), engine_(engine) {
    connect(&engine_.model(), &app::ModelLoader::stateChanged, this, &StartupModel::onStateChanged);
}

void StartupModel::start() {
    QSettings settings;
    const QString crashed = settings.value(kLoadingKey).toString();
    const QString last = settings.value(kFolderKey).toString();
    if (!crashed.isEmpty()) {
        settings.remove(kLoadingKey);
        fallBackToDemo(crashed, tr("Facet ended while loading this folder last time, so it was "
                                   "not loaded again. Choose it again to retry."));
        return;
    }
    if (last.isEmpty()) {
        engine_.model().loadDemoModel();
        return;
    }
    tryingFolder_ = last;
    settings.setValue(kLoadingKey, last);
    settings.sync(); // on disk before the load, so a crash inside it is known next time
    engine_.model().loadModelDir(last, settings.value(kDeviceKey).toInt(), {});
}

void StartupModel::fallBackToDemo(const QString& folder, const QString& reason) {
    // Not retried automatically next time either: the user chooses the folder again.
    QSettings().remove(kFolderKey);
    noteFolder_ = folder;
    note_ = tr("%1\nThe demo model was loaded instead.").arg(reason);
    engine_.model().loadDemoModel();
}

void StartupModel::onStateChanged() {
    QSettings settings;
    const auto state = engine_.model().state();
    if (state == app::ModelLoader::State::Loading)
        return;
    settings.remove(kLoadingKey);
    if (!tryingFolder_.isEmpty()) {
        const QString folder = std::exchange(tryingFolder_, {});
        if (state != app::ModelLoader::State::Ready) {
            fallBackToDemo(folder, engine_.model().lastError());
            return;
        }
    }
    if (state != app::ModelLoader::State::Ready)
        return;
    if (!note_.isEmpty()) {
        engine_.model().setLoadProblem(std::exchange(noteFolder_, {}), std::exchange(note_, {}));
        return;
    }
    if (engine_.model().demo() || engine_.serverSession().connected())
        return; // the demo is the default anyway; a server is remembered by ServerConnection
    settings.setValue(kFolderKey, engine_.model().modelDir());
    settings.setValue(kDeviceKey, engine_.model().info().deviceId);
}

} // namespace facet::gui
