#include "Common/labels.h"

#include "core/types/replytypes.h"

namespace facet::ui {

QList<int> Labels::detailLevels() const {
    return {app::kDetailLevels.begin(), app::kDetailLevels.end()};
}

int Labels::defaultDetailLevel() const {
    return app::kDefaultDetailLevel;
}

QString Labels::detailLevelName(int level) const {
    return app::detailLevelName(level);
}

QString Labels::finishReason(int reason) const {
    return app::finishReasonLabel(static_cast<app::FinishReason>(reason));
}

} // namespace facet::ui
