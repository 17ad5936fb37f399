#include "text/normalizer.h"

#include "common/error.h"

#include <algorithm>

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

namespace facet::text {

PatternReplacer::PatternReplacer(const Pattern& pattern, std::string replacement)
    : pattern_(pattern), replacement_(std::move(replacement)) {
    if (pattern_.isRegex)
        regex_ = std::make_shared<UnicodeRegex>(pattern_.text);
}

std::vector<std::pair<size_t, size_t>> PatternReplacer::matches(std::string_view text,
                                                                EncodeBudget* budget) const {
    if (regex_)
        return regex_->findAll(text, budget);
    std::vector<std::pair<size_t, size_t>> out;
    if (pattern_.text.empty())
        return out;
    for (size_t pos = text.find(pattern_.text); pos != std::string_view::npos;
         pos = text.find(pattern_.text, pos + pattern_.text.size()))
        out.emplace_back(pos, pos + pattern_.text.size());
    return out;
}

namespace {

[[noreturn]] void tooLong(std::size_t maxBytes) {
    throw Error("its rules would make the text longer than " + std::to_string(maxBytes) +
                " bytes (more than " + std::to_string(kNormalizerGrowth) +
                " times its length; no real tokenizer.json does that)");
}

} // namespace

std::string PatternReplacer::apply(std::string_view text, EncodeBudget* budget,
                                   std::size_t maxBytes) const {
    std::string out;
    out.reserve(std::min(text.size(), maxBytes));
    size_t last = 0;
    for (const auto& [begin, end] : matches(text, budget)) {
        if (begin - last + replacement_.size() > maxBytes - out.size())
            tooLong(maxBytes);
        out.append(text.substr(last, begin - last));
        out += replacement_;
        last = end;
    }
    if (text.size() - last > maxBytes - out.size())
        tooLong(maxBytes);
    out.append(text.substr(last));
    return out;
}

namespace {

bool isAscii(std::string_view s) {
    for (char c : s)
        if (static_cast<unsigned char>(c) >= 0x80)
            return false;
    return true;
}

std::string normalForm(std::string_view text, NormalizerStep::Kind kind) {
    if (isAscii(text))
        return std::string(text); // ASCII is invariant under every normal form
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* form = nullptr;
    switch (kind) {
    case NormalizerStep::Kind::Nfc:
        form = icu::Normalizer2::getNFCInstance(status);
        break;
    case NormalizerStep::Kind::Nfd:
        form = icu::Normalizer2::getNFDInstance(status);
        break;
    case NormalizerStep::Kind::Nfkc:
        form = icu::Normalizer2::getNFKCInstance(status);
        break;
    default:
        form = icu::Normalizer2::getNFKDInstance(status);
        break;
    }
    const icu::UnicodeString input = icu::UnicodeString::fromUTF8(
        icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
    const icu::UnicodeString result = U_SUCCESS(status) ? form->normalize(input, status) : input;
    if (U_FAILURE(status))
        throw Error(std::string("Unicode normalization failed: ") + u_errorName(status));
    std::string out;
    result.toUTF8String(out);
    return out;
}

} // namespace

Normalizer::Normalizer(const std::vector<NormalizerStep>& steps) {
    for (const NormalizerStep& s : steps) {
        Step step{s, nullptr};
        if (s.kind == NormalizerStep::Kind::Replace)
            step.replacer = std::make_shared<PatternReplacer>(s.pattern, s.content);
        steps_.push_back(std::move(step));
    }
}

std::string Normalizer::apply(std::string_view text) const {
    EncodeBudget budget(text.size());
    return apply(text, budget);
}

std::string Normalizer::apply(std::string_view text, EncodeBudget& budget) const {
    // Every step's result is held to the budget, so a chain that grows and then shrinks back
    // is caught at its largest, before that is built.
    const std::size_t maxBytes = budget.maxNormalizedBytes(text.size());
    std::string current(text);
    for (const Step& step : steps_) {
        switch (step.config.kind) {
        case NormalizerStep::Kind::Replace:
            current = step.replacer->apply(current, &budget, maxBytes);
            break;
        case NormalizerStep::Kind::Prepend:
            if (current.empty())
                break;
            if (step.config.content.size() > maxBytes - std::min(maxBytes, current.size()))
                tooLong(maxBytes);
            current = step.config.content + current;
            break;
        default:
            // A normal form grows a text at most 11-fold (U+FDFA); checking the input against
            // what remains keeps even that within a bounded multiple.
            current = normalForm(current, step.config.kind);
            if (current.size() > maxBytes)
                tooLong(maxBytes);
            break;
        }
    }
    budget.spendGrowth(text.size(), current.size());
    return current;
}

} // namespace facet::text
