#pragma once
// tokenizer.json normalizers (Replace, Prepend, Unicode normal forms), applied in order to
// each piece of text that is not an added token. How much they may grow a text and how long
// their regexes may run is bounded per encoded text (EncodeBudget).
#include "text/encode_budget.h"
#include "text/tokenizer_config.h"
#include "text/unicode_regex.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace facet::text {

// Replaces every non-overlapping occurrence of a literal or regex pattern, left to right.
class PatternReplacer {
public:
    PatternReplacer(const Pattern& pattern, std::string replacement);
    // Throws facet::Error once the result would pass `maxBytes` (before building more of it).
    [[nodiscard]] std::string apply(std::string_view text, EncodeBudget* budget = nullptr,
                                    std::size_t maxBytes = kNoLimit) const;
    // [begin, end) byte ranges of the matches, left to right, non-overlapping.
    [[nodiscard]] std::vector<std::pair<size_t, size_t>>
    matches(std::string_view text, EncodeBudget* budget = nullptr) const;

    static constexpr std::size_t kNoLimit = static_cast<std::size_t>(-1);

private:
    Pattern pattern_;
    std::string replacement_;
    std::shared_ptr<UnicodeRegex> regex_; // set for regex patterns
};

class Normalizer {
public:
    explicit Normalizer(const std::vector<NormalizerStep>& steps);
    [[nodiscard]] bool empty() const { return steps_.empty(); }
    // Throws facet::Error when a step would make the text longer than the budget allows
    // ("normalizers would make the text more than 32 times longer") or a regex runs too long.
    [[nodiscard]] std::string apply(std::string_view text, EncodeBudget& budget) const;
    // With a budget of its own (an added token's content, a test).
    [[nodiscard]] std::string apply(std::string_view text) const;

private:
    struct Step {
        NormalizerStep config;
        std::shared_ptr<PatternReplacer> replacer;
    };
    std::vector<Step> steps_;
};

} // namespace facet::text
