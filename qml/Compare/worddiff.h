#pragma once
// Word-level differences between two answers, for the comparison view: which words of an answer
// are not in the baseline answer. Words are runs of non-space characters; the longest common
// subsequence of the two word lists is what they share, everything else in the answer is marked.
// Spacing is kept as it was (it belongs to the word before it) but never counts as a difference.
// The algorithm is the engine's (sweep/word_diff.h), so the view marks exactly the words that
// `facet-cli sweep` and compare's "gives the same answer" line count.
#include "sweep/word_diff.h"

#include <QList>
#include <QString>

namespace facet::ui {

struct DiffSpan {
    QString text;         // one or more words with the spacing after them
    bool changed = false; // not part of what the answer shares with the baseline
    bool operator==(const DiffSpan&) const = default;
};

// The answer `text` cut into spans, adjacent words of the same kind merged. Past
// kMaxDiffCells word pairs (a few thousand words each) the part between the common start and
// end is marked changed as a whole rather than compared word by word.
[[nodiscard]] QList<DiffSpan> diffWords(const QString& baseline, const QString& text);

inline constexpr qsizetype kMaxDiffCells = qsizetype(sweep::kMaxDiffCells);

// The spans as HTML for a read-only Text item (RichText): the text escaped, line breaks kept,
// changed words on `highlight` behind. Plain text in, so no markup of the answer is ever
// interpreted.
[[nodiscard]] QString diffHtml(const QList<DiffSpan>& spans, const QString& highlight);

} // namespace facet::ui
