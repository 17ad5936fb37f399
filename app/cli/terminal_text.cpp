#include "terminal_text.h"

#include <cstdint>
#include <cstdio>

namespace facet::cli {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// Length of the sequence a lead byte starts (0: not a lead byte).
std::size_t sequenceLength(unsigned char lead) {
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 3;
    if (lead >= 0xF0 && lead <= 0xF4)
        return 4;
    return 0;
}

// The code point of a complete sequence, or -1 when it is not valid UTF-8 (a bad continuation
// byte, an overlong form, a surrogate, past U+10FFFF).
std::int32_t decode(std::string_view s) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    std::int32_t cp = s.size() == 2 ? byte(0) & 0x1F : s.size() == 3 ? byte(0) & 0x0F : byte(0) & 7;
    for (std::size_t i = 1; i < s.size(); ++i) {
        if ((byte(i) & 0xC0) != 0x80)
            return -1;
        cp = cp << 6 | (byte(i) & 0x3F);
    }
    const std::int32_t least = s.size() == 2 ? 0x80 : s.size() == 3 ? 0x800 : 0x10000;
    if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return -1;
    return cp;
}

bool isControl(std::int32_t cp) {
    return (cp < 0x20 && cp != '\n' && cp != '\t') || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F);
}

} // namespace

std::string TerminalText::filter(std::string_view piece) {
    held_.append(piece);
    std::string out;
    out.reserve(held_.size());
    std::size_t i = 0;
    while (i < held_.size()) {
        const auto lead = static_cast<unsigned char>(held_[i]);
        const std::size_t length = sequenceLength(lead);
        if (length == 0) { // a stray continuation byte or an impossible lead
            out += kReplacement;
            ++i;
            continue;
        }
        if (i + length > held_.size()) {
            // Possibly the start of a character the next piece completes: wait, unless the
            // bytes already present cannot continue it.
            bool canContinue = true;
            for (std::size_t k = i + 1; k < held_.size(); ++k)
                canContinue = canContinue && (static_cast<unsigned char>(held_[k]) & 0xC0) == 0x80;
            if (canContinue)
                break;
            out += kReplacement;
            ++i;
            continue;
        }
        const std::int32_t cp = length == 1 ? lead : decode(held_.substr(i, length));
        if (cp < 0) {
            out += kReplacement;
            ++i;
            continue;
        }
        if (!isControl(cp))
            out.append(held_, i, length);
        i += length;
    }
    held_.erase(0, i);
    return out;
}

std::string TerminalText::finish() {
    const bool incomplete = !held_.empty();
    held_.clear();
    return incomplete ? std::string(kReplacement) : std::string();
}

std::string terminalSafe(std::string_view text) {
    TerminalText filter;
    std::string out = filter.filter(text);
    return out + filter.finish();
}

std::string escapeJsonControls(std::string_view json) {
    std::string out;
    out.reserve(json.size());
    for (std::size_t i = 0; i < json.size(); ++i) {
        const auto c = static_cast<unsigned char>(json[i]);
        if (c == 0x7F) {
            out += "\\u007f";
        } else if (c == 0xC2 && i + 1 < json.size() &&
                   static_cast<unsigned char>(json[i + 1]) >= 0x80 &&
                   static_cast<unsigned char>(json[i + 1]) <= 0x9F) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x",
                          static_cast<unsigned>(static_cast<unsigned char>(json[i + 1])));
            out += escaped;
            ++i;
        } else {
            out += json[i];
        }
    }
    return out;
}

} // namespace facet::cli
