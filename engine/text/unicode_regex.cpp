#include "text/unicode_regex.h"

#include "common/error.h"
#include "text/encode_budget.h"

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

// ICU calls this once per step of matching work (its time-limit unit); false stops the match
// with U_REGEX_STOPPED_BY_CALLER.
UBool spendStep(const void* context, int32_t /*steps*/) {
    return static_cast<EncodeBudget*>(const_cast<void*>(context))->spendRegexStep();
}

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

std::vector<std::pair<size_t, size_t>> UnicodeRegex::findAll(std::string_view text,
                                                             EncodeBudget* budget) const {
    std::vector<std::pair<size_t, size_t>> matches;
    EncodeBudget own(0);
    if (!budget)
        budget = &own;
    UErrorCode status = U_ZERO_ERROR;
    Compiled local;
    local.regex = uregex_clone(compiled_->regex, &status);
    // A pattern such as (a+)+$ backtracks exponentially; every step of ICU's work is paid from
    // the text's budget, so neither one match nor many pieces of one text run for long.
    if (U_SUCCESS(status))
        uregex_setMatchCallback(local.regex, &spendStep, budget, &status);
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
    if (status == U_REGEX_STOPPED_BY_CALLER || status == U_REGEX_TIME_OUT)
        throw Error("regex '" + pattern_ +
                    "' took too long to match (it backtracks catastrophically on this text; "
                    "one text may spend " +
                    std::to_string(kRegexStepsPerText) + " of ICU's match steps)");
    if (U_FAILURE(status))
        throw Error("regex '" + pattern_ + "': matching failed: " + u_errorName(status));
    return matches;
}

} // namespace facet::text
