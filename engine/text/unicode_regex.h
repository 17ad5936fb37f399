#pragma once
// A compiled Unicode regular expression (ICU) that reports matches as UTF-8 byte offsets.
// tokenizer.json regex patterns are written for Oniguruma; ICU accepts the same syntax for
// the constructs tokenizers use (\p{L}, \p{N}, (?i:...), look-ahead, possessive classes).
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace facet::text {

class EncodeBudget;

class UnicodeRegex {
public:
    // Throws facet::Error("regex 'PATTERN': reason") when the pattern does not compile.
    explicit UnicodeRegex(const std::string& pattern);
    ~UnicodeRegex();
    UnicodeRegex(UnicodeRegex&&) noexcept;
    UnicodeRegex& operator=(UnicodeRegex&&) noexcept;
    UnicodeRegex(const UnicodeRegex&) = delete;
    UnicodeRegex& operator=(const UnicodeRegex&) = delete;

    // Non-overlapping matches, left to right, as [begin, end) byte offsets. Safe to call from
    // several threads at once (each call works on its own clone of the compiled pattern). The
    // work is paid from `budget` (one encode()'s, shared by all its pieces); without one, from
    // a fresh allowance of kRegexStepsPerText. Throws facet::Error "regex '...' took too long"
    // once it is spent.
    [[nodiscard]] std::vector<std::pair<size_t, size_t>>
    findAll(std::string_view text, EncodeBudget* budget = nullptr) const;

    [[nodiscard]] const std::string& pattern() const { return pattern_; }

private:
    struct Compiled;
    std::string pattern_;
    std::unique_ptr<Compiled> compiled_;
};

} // namespace facet::text
