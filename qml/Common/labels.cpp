#include "Common/labels.h"

#include "Settings/languagesettings.h"
#include "core/types/replytypes.h"
#include "core/types/smokesteps.h"

namespace facet::ui {

Labels::Labels(QObject* parent) : QObject(parent) {
    connect(&LanguageNotifier::instance(), &LanguageNotifier::languageApplied, this,
            &Labels::languageChanged);
}

QList<int> Labels::detailLevels() const {
    return {app::kDetailLevels.begin(), app::kDetailLevels.end()};
}

int Labels::defaultDetailLevel() const {
    return app::kDefaultDetailLevel;
}

QVariantMap Labels::levelNames() const {
    QVariantMap names;
    for (int level : app::kDetailLevels)
        names.insert(QString::number(level), app::detailLevelName(level));
    return names;
}

QString Labels::detailLevelName(int level) const {
    return app::detailLevelName(level);
}

QString Labels::finishReason(int reason) const {
    return app::finishReasonLabel(static_cast<app::FinishReason>(reason));
}

QString Labels::smokeStepTitle(const QString& id, const QString& engineTitle) const {
    return app::smokeStepTitle(id, engineTitle);
}

QString Labels::smokeStepStatus(const QString& status) const {
    return app::smokeStepStatus(status);
}

} // namespace facet::ui
