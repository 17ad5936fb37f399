#include "sweep/word_diff.h"

#include "text/utf8.h"

#include <algorithm>

namespace facet::sweep {
namespace {

struct Word {
    std::string_view word;    // compared
    std::string_view spacing; // after it, kept for display
};

bool spaceAt(std::string_view text, std::size_t pos, std::size_t& next) {
    next = pos;
    return text::utf8::isUnicodeWhitespace(text::utf8::next(text, next));
}

// Spacing before the first word goes with an empty word, so no byte of the text is lost.
std::vector<Word> splitWords(std::string_view text) {
    std::vector<Word> out;
    std::size_t i = 0;
    std::size_t next = 0;
    while (i < text.size() && spaceAt(text, i, next))
        i = next;
    if (i > 0)
        out.push_back({{}, text.substr(0, i)});
    while (i < text.size()) {
        const std::size_t wordStart = i;
        while (i < text.size() && !spaceAt(text, i, next))
            i = next;
        const std::size_t spaceStart = i;
        while (i < text.size() && spaceAt(text, i, next))
            i = next;
        out.push_back({text.substr(wordStart, spaceStart - wordStart),
                       text.substr(spaceStart, i - spaceStart)});
    }
    return out;
}

// Marks in `changed` the words of b[from, to) that are not in an LCS with a[aFrom, aTo).
void markByLcs(const std::vector<Word>& a, std::size_t aFrom, std::size_t aTo,
               const std::vector<Word>& b, std::size_t from, std::size_t to,
               std::vector<bool>& changed) {
    const std::size_t n = aTo - aFrom;
    const std::size_t m = to - from;
    if (n == 0 || m == 0 || n * m > kMaxDiffCells) {
        for (std::size_t j = from; j < to; ++j)
            changed[j] = !b[j].word.empty();
        return;
    }
    // lcs[i][j]: LCS length of a[aFrom+i..aTo) and b[from+j..to), filled from the end so the
    // walk below goes forward.
    std::vector<int> lcs((n + 1) * (m + 1), 0);
    const auto at = [&](std::size_t i, std::size_t j) -> int& { return lcs[i * (m + 1) + j]; };
    for (std::size_t i = n; i-- > 0;)
        for (std::size_t j = m; j-- > 0;)
            at(i, j) = a[aFrom + i].word == b[from + j].word ? at(i + 1, j + 1) + 1
                                                             : std::max(at(i + 1, j), at(i, j + 1));
    std::size_t i = 0;
    std::size_t j = 0;
    while (j < m) {
        if (i < n && a[aFrom + i].word == b[from + j].word) {
            ++i;
            ++j;
        } else if (i < n && at(i + 1, j) >= at(i, j + 1)) {
            ++i;
        } else {
            changed[from + j] = !b[from + j].word.empty();
            ++j;
        }
    }
}

// Which words of `b` are changed against `a`.
std::vector<bool> changedWords(const std::vector<Word>& a, const std::vector<Word>& b) {
    std::vector<bool> changed(b.size(), false);
    // The common start and end need no table (answers at nearby levels often share both).
    std::size_t start = 0;
    while (start < a.size() && start < b.size() && a[start].word == b[start].word)
        ++start;
    std::size_t endA = a.size();
    std::size_t endB = b.size();
    while (endA > start && endB > start && a[endA - 1].word == b[endB - 1].word) {
        --endA;
        --endB;
    }
    markByLcs(a, start, endA, b, start, endB, changed);
    return changed;
}

std::size_t countNonEmpty(const std::vector<Word>& words) {
    return static_cast<std::size_t>(
        std::count_if(words.begin(), words.end(), [](const Word& w) { return !w.word.empty(); }));
}

} // namespace

std::vector<WordSpan> diffWords(std::string_view baseline, std::string_view text) {
    const std::vector<Word> a = splitWords(baseline);
    const std::vector<Word> b = splitWords(text);
    const std::vector<bool> changed = changedWords(a, b);
    std::vector<WordSpan> spans;
    for (std::size_t j = 0; j < b.size(); ++j) {
        const bool c = changed[j];
        std::string piece(b[j].word);
        piece += b[j].spacing;
        if (!spans.empty() && spans.back().changed == c)
            spans.back().text += piece;
        else
            spans.push_back({std::move(piece), c});
    }
    // The spacing inside a changed run is highlighted with it; its trailing spacing moves to the
    // unchanged span after it, so the highlight ends with the last word.
    for (std::size_t k = 0; k < spans.size(); ++k) {
        if (!spans[k].changed)
            continue;
        std::string& t = spans[k].text;
        // The last word ends where the trailing spacing begins: find it by walking forward.
        std::size_t cut = 0;
        std::size_t i = 0;
        std::size_t next = 0;
        while (i < t.size()) {
            const bool space = spaceAt(t, i, next);
            i = next;
            if (!space)
                cut = i;
        }
        if (cut == t.size())
            continue;
        std::string tail = t.substr(cut);
        t.resize(cut);
        if (k + 1 < spans.size())
            spans[k + 1].text.insert(0, tail);
        else
            spans.push_back({std::move(tail), false});
    }
    return spans;
}

WordDiffCount countWordDiff(std::string_view baseline, std::string_view text) {
    const std::vector<Word> a = splitWords(baseline);
    const std::vector<Word> b = splitWords(text);
    const std::vector<bool> changed = changedWords(a, b);
    WordDiffCount count;
    count.baselineWords = countNonEmpty(a);
    count.words = countNonEmpty(b);
    for (std::size_t j = 0; j < b.size(); ++j)
        if (!b[j].word.empty() && !changed[j])
            ++count.shared;
    return count;
}

double WordDiffCount::differingFraction() const {
    const std::size_t most = std::max(baselineWords, words);
    return most == 0 ? 0.0 : 1.0 - static_cast<double>(shared) / static_cast<double>(most);
}

} // namespace facet::sweep
