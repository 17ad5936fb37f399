#pragma once
// Whether two answers to one question say the same, the rule of the level sweep (`facet-cli
// sweep`) and of compare's "the cheapest level that agrees" line: equal after normalising
// case, whitespace and final punctuation ("ROOM." and "room" agree, "3 shapes" and "4 shapes"
// do not). Beside it, how much differs: the compare view's word diff (word_diff.h) over the
// normalised texts, so two agreeing answers always differ in 0 % of their words.
#include <string>
#include <string_view>

namespace facet::sweep {

// Unicode case folding (ICU), every run of White_Space as one space, none at either end, and
// the punctuation (Unicode P* categories) and spacing at the end taken off: "  The  word\n
// ROOM. " -> "the word room". Invalid UTF-8 bytes become U+FFFD first.
[[nodiscard]] std::string normalizeAnswer(std::string_view answer);

struct Agreement {
    bool same = false;           // normalised texts equal
    double differingWords = 0.0; // WordDiffCount::differingFraction of the normalised texts
};

[[nodiscard]] Agreement compareAnswers(std::string_view reference, std::string_view answer);

} // namespace facet::sweep
