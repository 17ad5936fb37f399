#include "Settings/recentmodels.h"

#include "core/worker/engineclient.h"

#include <QSettings>

namespace facet::ui {
namespace {
const QString kRecentFoldersKey = QStringLiteral("model/recentFolders");
}

RecentModels::RecentModels(app::EngineClient& engine, QObject* parent)
    : QObject(parent), engine_(engine) {
    for (const QString& folder : QSettings().value(kRecentFoldersKey).toStringList())
        if (!folder.isEmpty() && !folders_.contains(folder) && folders_.size() < kMaximum)
            folders_.append(folder);
    connect(&engine_.model(), &app::ModelLoader::stateChanged, this, &RecentModels::onModelState);
}

void RecentModels::onModelState() {
    const app::ModelLoader& model = engine_.model();
    const QString folder = model.modelDir();
    // The demo model and a server (whose "folder" is its API base) have entries of their own.
    if (model.ready() && !model.demo() && !model.fromServer() && !folder.isEmpty())
        remember(folder);
}

void RecentModels::remember(const QString& folder) {
    if (!folders_.isEmpty() && folders_.first() == folder)
        return;
    folders_.removeAll(folder);
    folders_.prepend(folder);
    while (folders_.size() > kMaximum)
        folders_.removeLast();
    store();
}

void RecentModels::forget(const QString& folder) {
    if (folders_.removeAll(folder) > 0)
        store();
}

void RecentModels::store() {
    QSettings().setValue(kRecentFoldersKey, folders_);
    emit changed();
}

} // namespace facet::ui
