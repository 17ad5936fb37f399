#include "Compare/compareverdict.h"

#include "sweep/summary.h"

#include <QCoreApplication>

namespace facet::ui {

CompareVerdict compareVerdict(const QList<CompareColumnState>& columns) {
    std::vector<sweep::ComparedLevel> finished;
    for (const CompareColumnState& c : columns)
        if (c.ended && c.error.isEmpty() && c.finishReason != app::FinishReason::Error &&
            c.finishReason != app::FinishReason::Cancelled)
            finished.push_back({c.level, c.text.toStdString(),
                                c.stats.value(QLatin1String("image_tokens")).toInt(),
                                c.stats.value(QLatin1String("ttft_ms")).toDouble()});
    const auto verdict = sweep::cheapestAgreeing(finished);
    if (!verdict)
        return {};
    if (!verdict->level)
        return {0, QCoreApplication::translate("CompareVerdict",
                                               "No lower level gives the same answer as %1.")
                       .arg(verdict->highest.level)};
    const sweep::ComparedLevel& low = *verdict->level;
    const sweep::ComparedLevel& high = verdict->highest;
    return {low.level,
            QCoreApplication::translate("CompareVerdict",
                                        "%1 gives the same answer as %2 with %3 fewer image "
                                        "tokens, first token %4 instead of %5.")
                .arg(low.level)
                .arg(high.level)
                .arg(QString::fromStdString(sweep::timesText(low.imageTokens, high.imageTokens)))
                .arg(QString::fromStdString(sweep::secondsText(low.ttftMs)))
                .arg(QString::fromStdString(sweep::secondsText(high.ttftMs)))};
}

} // namespace facet::ui
