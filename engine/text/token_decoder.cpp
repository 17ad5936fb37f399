#include "text/token_decoder.h"

#include "text/encode_budget.h"
#include "text/utf8.h"

#include <optional>

namespace facet::text {

namespace {

std::optional<unsigned char> byteOfToken(const std::string& t) {
    if (t.size() != 6 || t.compare(0, 3, "<0x") != 0 || t[5] != '>')
        return std::nullopt;
    unsigned value = 0;
    for (size_t i = 3; i < 5; ++i) {
        const char c = t[i];
        unsigned digit = 0;
        if (c >= '0' && c <= '9')
            digit = static_cast<unsigned>(c - '0');
        else if (c >= 'A' && c <= 'F')
            digit = static_cast<unsigned>(c - 'A' + 10);
        else if (c >= 'a' && c <= 'f')
            digit = static_cast<unsigned>(c - 'a' + 10);
        else
            return std::nullopt;
        value = value * 16 + digit;
    }
    return static_cast<unsigned char>(value);
}

// A run of byte tokens becomes its UTF-8 text, or one U+FFFD per byte when the run as a
// whole is not valid UTF-8 (tokenizers' ByteFallback).
std::vector<std::string> byteFallback(std::vector<std::string> tokens) {
    std::vector<std::string> out;
    std::string bytes;
    size_t byteCount = 0;
    auto flush = [&] {
        if (byteCount == 0)
            return;
        if (utf8::isValid(bytes)) {
            out.push_back(bytes);
        } else {
            for (size_t i = 0; i < byteCount; ++i)
                out.emplace_back("\xEF\xBF\xBD");
        }
        bytes.clear();
        byteCount = 0;
    };
    for (std::string& t : tokens) {
        if (const auto b = byteOfToken(t)) {
            bytes += static_cast<char>(*b);
            ++byteCount;
            continue;
        }
        flush();
        out.push_back(std::move(t));
    }
    flush();
    return out;
}

std::string stripChars(const std::string& token, char32_t c, size_t start, size_t stop) {
    std::vector<char32_t> chars;
    std::vector<size_t> offsets; // byte offset where each character starts
    for (size_t pos = 0; pos < token.size();) {
        offsets.push_back(pos);
        chars.push_back(utf8::next(token, pos));
    }
    offsets.push_back(token.size());
    size_t startCut = 0;
    for (size_t i = 0; i < start && i < chars.size() && chars[i] == c; ++i)
        startCut = i + 1;
    size_t stopCut = chars.size();
    for (size_t i = 0; i < stop && i < chars.size(); ++i) {
        const size_t index = chars.size() - i - 1;
        if (chars[index] != c)
            break;
        stopCut = index;
    }
    if (stopCut <= startCut)
        return {};
    return token.substr(offsets[startCut], offsets[stopCut] - offsets[startCut]);
}

} // namespace

TokenDecoder::TokenDecoder(const std::vector<DecoderStep>& steps) {
    for (const DecoderStep& s : steps) {
        Step step{s, nullptr};
        if (s.kind == DecoderStep::Kind::Replace)
            step.replacer = std::make_shared<PatternReplacer>(s.pattern, s.content);
        hasByteFallback_ = hasByteFallback_ || s.kind == DecoderStep::Kind::ByteFallback;
        steps_.push_back(std::move(step));
    }
}

std::string TokenDecoder::decode(std::vector<std::string> tokens) const {
    if (steps_.empty()) {
        std::string joined;
        for (size_t i = 0; i < tokens.size(); ++i)
            joined += (i ? " " : "") + tokens[i];
        return joined;
    }
    for (const Step& step : steps_) {
        switch (step.config.kind) {
        case DecoderStep::Kind::Replace: {
            // Bounded like the normalizers, by one allowance for all the tokens: a crafted
            // Replace must not turn each token into megabytes (a real one, "▁" → " ", shrinks).
            std::size_t total = 0;
            for (const std::string& t : tokens)
                total += t.size();
            EncodeBudget budget(total);
            for (std::string& t : tokens) {
                const std::size_t before = t.size();
                t = step.replacer->apply(t, &budget, budget.maxNormalizedBytes(before));
                budget.spendGrowth(before, t.size());
            }
            break;
        }
        case DecoderStep::Kind::ByteFallback:
            tokens = byteFallback(std::move(tokens));
            break;
        case DecoderStep::Kind::Fuse: {
            std::string fused;
            for (const std::string& t : tokens)
                fused += t;
            tokens.assign(1, std::move(fused));
            break;
        }
        case DecoderStep::Kind::Strip:
            for (std::string& t : tokens)
                t = stripChars(t, step.config.stripChar, step.config.stripStart,
                               step.config.stripStop);
            break;
        }
    }
    std::string out;
    for (const std::string& t : tokens)
        out += t;
    return out;
}

} // namespace facet::text
