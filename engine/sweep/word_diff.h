#pragma once
// Word-level differences between two answers, the one algorithm behind the app's compare view
// (qml/Compare/worddiff.h marks the words with it) and the sweep's agreement numbers
// (sweep/agreement.h). Words are runs of characters that are not Unicode White_Space (the same
// set as QChar::isSpace); the longest common subsequence of the two word lists is what they
// share, every other word of the answer is marked changed. Spacing is kept as written (it
// belongs to the word before it) but never counts as a difference. UTF-8 in and out; invalid
// bytes are part of a word and compared as bytes.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace facet::sweep {

struct WordSpan {
    std::string text;     // one or more words with the spacing after them
    bool changed = false; // not part of what the answer shares with the baseline
    bool operator==(const WordSpan&) const = default;
};

// Past this many word pairs (a few thousand words each) the part between the common start and
// end is marked changed as a whole rather than compared word by word: the table is n*m ints.
inline constexpr std::size_t kMaxDiffCells = 4'000'000;

// The answer `text` cut into spans, adjacent words of the same kind merged; the spacing after a
// changed run goes to the unchanged span after it, so a highlight ends with the last word.
[[nodiscard]] std::vector<WordSpan> diffWords(std::string_view baseline, std::string_view text);

struct WordDiffCount {
    std::size_t baselineWords = 0;
    std::size_t words = 0;  // of the answer
    std::size_t shared = 0; // words of the answer not marked changed (the common subsequence)
    // Share of words that differ: 1 - shared / max(baselineWords, words); 0 for two empty texts.
    [[nodiscard]] double differingFraction() const;
};

// The counts behind diffWords, for numbers rather than display.
[[nodiscard]] WordDiffCount countWordDiff(std::string_view baseline, std::string_view text);

} // namespace facet::sweep
