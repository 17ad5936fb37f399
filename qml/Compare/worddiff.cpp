#include "Compare/worddiff.h"

#include <QStringList>

#include <algorithm>
#include <vector>

namespace facet::ui {
namespace {

struct Word {
    QString word;    // compared
    QString spacing; // after it, kept for display
};

QList<Word> words(const QString& text) {
    QList<Word> out;
    qsizetype i = 0;
    QString leading; // spacing before the first word goes with an empty word
    while (i < text.size() && text[i].isSpace())
        leading += text[i++];
    if (!leading.isEmpty())
        out.append({QString(), leading});
    while (i < text.size()) {
        Word w;
        while (i < text.size() && !text[i].isSpace())
            w.word += text[i++];
        while (i < text.size() && text[i].isSpace())
            w.spacing += text[i++];
        out.append(w);
    }
    return out;
}

// Marks in `changed` the words of b[from, to) that are not in an LCS with a[aFrom, aTo).
void markByLcs(const QList<Word>& a, qsizetype aFrom, qsizetype aTo, const QList<Word>& b,
               qsizetype from, qsizetype to, std::vector<bool>& changed) {
    const qsizetype n = aTo - aFrom;
    const qsizetype m = to - from;
    if (n == 0 || m == 0 || n * m > kMaxDiffCells) {
        for (qsizetype j = from; j < to; ++j)
            changed[static_cast<std::size_t>(j)] = !b[j].word.isEmpty();
        return;
    }
    // lcs[i][j]: LCS length of a[aFrom+i..aTo) and b[from+j..to), filled from the end so the
    // walk below goes forward.
    std::vector<int> lcs(static_cast<std::size_t>((n + 1) * (m + 1)), 0);
    const auto at = [&](qsizetype i, qsizetype j) -> int& {
        return lcs[static_cast<std::size_t>(i * (m + 1) + j)];
    };
    for (qsizetype i = n - 1; i >= 0; --i)
        for (qsizetype j = m - 1; j >= 0; --j)
            at(i, j) = a[aFrom + i].word == b[from + j].word ? at(i + 1, j + 1) + 1
                                                             : std::max(at(i + 1, j), at(i, j + 1));
    qsizetype i = 0;
    qsizetype j = 0;
    while (j < m) {
        if (i < n && a[aFrom + i].word == b[from + j].word) {
            ++i;
            ++j;
        } else if (i < n && at(i + 1, j) >= at(i, j + 1)) {
            ++i;
        } else {
            changed[static_cast<std::size_t>(from + j)] = !b[from + j].word.isEmpty();
            ++j;
        }
    }
}

} // namespace

QList<DiffSpan> diffWords(const QString& baseline, const QString& text) {
    const QList<Word> a = words(baseline);
    const QList<Word> b = words(text);
    std::vector<bool> changed(static_cast<std::size_t>(b.size()), false);
    // The common start and end need no table (answers at nearby levels often share both).
    qsizetype start = 0;
    while (start < a.size() && start < b.size() && a[start].word == b[start].word)
        ++start;
    qsizetype endA = a.size();
    qsizetype endB = b.size();
    while (endA > start && endB > start && a[endA - 1].word == b[endB - 1].word) {
        --endA;
        --endB;
    }
    markByLcs(a, start, endA, b, start, endB, changed);

    QList<DiffSpan> spans;
    for (qsizetype j = 0; j < b.size(); ++j) {
        const bool c = changed[static_cast<std::size_t>(j)];
        const QString piece = b[j].word + b[j].spacing;
        if (!spans.isEmpty() && spans.last().changed == c)
            spans.last().text += piece;
        else
            spans.append({piece, c});
    }
    // The spacing inside a changed run is highlighted with it; its trailing spacing moves to the
    // unchanged span after it, so the highlight ends with the last word.
    for (qsizetype k = 0; k < spans.size(); ++k) {
        if (!spans[k].changed)
            continue;
        QString& t = spans[k].text;
        qsizetype cut = t.size();
        while (cut > 0 && t[cut - 1].isSpace())
            --cut;
        if (cut == t.size())
            continue;
        const QString tail = t.mid(cut);
        t.truncate(cut);
        if (k + 1 < spans.size())
            spans[k + 1].text.prepend(tail);
        else
            spans.append({tail, false});
    }
    return spans;
}

QString diffHtml(const QList<DiffSpan>& spans, const QString& highlight) {
    // pre-wrap: runs of spaces and line breaks show as they were written.
    QString html = QStringLiteral("<span style=\"white-space:pre-wrap\">");
    for (const DiffSpan& s : spans) {
        QString escaped = s.text.toHtmlEscaped();
        if (s.changed)
            html += QStringLiteral("<span style=\"background-color:%1\">%2</span>")
                        .arg(highlight, escaped);
        else
            html += escaped;
    }
    return html + QStringLiteral("</span>");
}

} // namespace facet::ui
