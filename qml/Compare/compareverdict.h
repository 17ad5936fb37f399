#pragma once
// The compare view's verdict: the lowest compared level whose answer agrees with the highest
// one's ("280 gives the same answer as 1120 with 4× fewer image tokens, first token 0.4 s
// instead of 2.4 s"). Which level it is comes from sweep::cheapestAgreeing, the function behind
// `facet-cli compare`'s line and the sweep's agreement, so the app and the CLI never disagree;
// only the sentence is the app's own, translated.
#include "Compare/comparemodel.h"

#include <QList>
#include <QString>

namespace facet::ui {

struct CompareVerdict {
    int level = 0; // the cheapest agreeing level; 0 when none (or fewer than two finished)
    QString text;  // empty until two columns finished
};

// Columns that ran to their end count (a failed or stopped one differs for its own reason).
[[nodiscard]] CompareVerdict compareVerdict(const QList<CompareColumnState>& columns);

} // namespace facet::ui
