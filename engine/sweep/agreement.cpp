#include "sweep/agreement.h"

#include "sweep/word_diff.h"
#include "text/utf8.h"

#include <unicode/uchar.h>
#include <unicode/unistr.h>

namespace facet::sweep {

std::string normalizeAnswer(std::string_view answer) {
    // ICU's fromUTF8 turns invalid sequences into U+FFFD, so what follows sees only characters.
    icu::UnicodeString folded = icu::UnicodeString::fromUTF8(
        icu::StringPiece(answer.data(), static_cast<std::int32_t>(answer.size())));
    folded.foldCase();
    std::string utf8;
    folded.toUTF8String(utf8);

    std::string out;
    bool pendingSpace = false;
    std::size_t pos = 0;
    while (pos < utf8.size()) {
        const std::size_t start = pos;
        const char32_t cp = text::utf8::next(utf8, pos);
        if (text::utf8::isUnicodeWhitespace(cp)) {
            pendingSpace = !out.empty();
            continue;
        }
        if (pendingSpace)
            out += ' ';
        pendingSpace = false;
        out.append(utf8, start, pos - start);
    }
    // Final punctuation (and the spacing between marks: "Yes !") goes; one character at a time
    // from the end, decoding backwards over continuation bytes.
    while (!out.empty()) {
        std::size_t start = out.size() - 1;
        while (start > 0 && (static_cast<unsigned char>(out[start]) & 0xC0) == 0x80)
            --start;
        std::size_t p = start;
        const char32_t cp = text::utf8::next(out, p);
        if (!u_ispunct(static_cast<UChar32>(cp)) && cp != U' ')
            break;
        out.resize(start);
    }
    return out;
}

Agreement compareAnswers(std::string_view reference, std::string_view answer) {
    const std::string a = normalizeAnswer(reference);
    const std::string b = normalizeAnswer(answer);
    return {a == b, countWordDiff(a, b).differingFraction()};
}

} // namespace facet::sweep
