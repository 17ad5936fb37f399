#include "text/unicode_regex.h"

#include "common/error.h"

#include <unicode/uregex.h>
#include <unicode/utext.h>

namespace facet::text {

struct UnicodeRegex::Compiled {
    URegularExpression* regex = nullptr;
    ~Compiled() {
        if (regex)
            uregex_close(regex);
    }
};

namespace {

// ICU counts time in steps of about 10,000 matcher operations; 2,000 steps end a runaway match
// within about a second, while a real tokenizer pattern needs a handful of steps per match.
constexpr int32_t kTimeLimitSteps = 2000;

struct UTextCloser {
    void operator()(UText* t) const { utext_close(t); }
};
using UTextPtr = std::unique_ptr<UText, UTextCloser>;

UTextPtr openUtf8(std::string_view s, UErrorCode& status) {
    return UTextPtr(utext_openUTF8(nullptr, s.data(), static_cast<int64_t>(s.size()), &status));
}

} // namespace

UnicodeRegex::UnicodeRegex(const std::string& pattern)
    : pattern_(pattern), compiled_(std::make_unique<Compiled>()) {
    UErrorCode status = U_ZERO_ERROR;
    UTextPtr patternText = openUtf8(pattern, status);
    UParseError parseError{};
    if (U_SUCCESS(status))
        compiled_->regex = uregex_openUText(patternText.get(), 0, &parseError, &status);
    if (U_FAILURE(status))
        throw Error("regex '" + pattern + "': " + u_errorName(status) + " at offset " +
                    std::to_string(parseError.offset));
}

UnicodeRegex::~UnicodeRegex() = default;
UnicodeRegex::UnicodeRegex(UnicodeRegex&&) noexcept = default;
UnicodeRegex& UnicodeRegex::operator=(UnicodeRegex&&) noexcept = default;

std::vector<std::pair<size_t, size_t>> UnicodeRegex::findAll(std::string_view text) const {
    std::vector<std::pair<size_t, size_t>> matches;
    UErrorCode status = U_ZERO_ERROR;
    Compiled local;
    local.regex = uregex_clone(compiled_->regex, &status);
    // A pattern such as (a+)+$ backtracks exponentially; ICU's limit stops each match after
    // kTimeLimitSteps of its work units (each ~a few milliseconds of matching at most).
    if (U_SUCCESS(status))
        uregex_setTimeLimit(local.regex, kTimeLimitSteps, &status);
    UTextPtr subject = openUtf8(text, status);
    if (U_SUCCESS(status))
        uregex_setUText(local.regex, subject.get(), &status);
    while (U_SUCCESS(status) && uregex_findNext(local.regex, &status)) {
        const int64_t begin = uregex_start64(local.regex, 0, &status);
        const int64_t end = uregex_end64(local.regex, 0, &status);
        if (U_FAILURE(status))
            break;
        matches.emplace_back(static_cast<size_t>(begin), static_cast<size_t>(end));
    }
    if (status == U_REGEX_TIME_OUT)
        throw Error("regex '" + pattern_ +
                    "' took too long to match (it backtracks catastrophically on this text)");
    if (U_FAILURE(status))
        throw Error("regex '" + pattern_ + "': matching failed: " + u_errorName(status));
    return matches;
}

} // namespace facet::text
