#pragma once
// tokenizer.json normalizers (Replace, Prepend, Unicode normal forms), applied in order to
// each piece of text that is not an added token.
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
    [[nodiscard]] std::string apply(std::string_view text) const;
    // [begin, end) byte ranges of the matches, left to right, non-overlapping.
    [[nodiscard]] std::vector<std::pair<size_t, size_t>> matches(std::string_view text) const;

private:
    Pattern pattern_;
    std::string replacement_;
    std::shared_ptr<UnicodeRegex> regex_; // set for regex patterns
};

class Normalizer {
public:
    explicit Normalizer(const std::vector<NormalizerStep>& steps);
    [[nodiscard]] bool empty() const { return steps_.empty(); }
    [[nodiscard]] std::string apply(std::string_view text) const;

private:
    struct Step {
        NormalizerStep config;
        std::shared_ptr<PatternReplacer> replacer;
    };
    std::vector<Step> steps_;
};

} // namespace facet::text
