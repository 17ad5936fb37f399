#include "text/utf8.h"

namespace facet::text::utf8 {

size_t sequenceLength(unsigned char lead) {
    if (lead < 0x80)
        return 1;
    if ((lead & 0xE0) == 0xC0)
        return 2;
    if ((lead & 0xF0) == 0xE0)
        return 3;
    if ((lead & 0xF8) == 0xF0)
        return 4;
    return 1;
}

namespace {

// Length of the valid character at `pos`, or 0 when the bytes there are not one.
size_t validCharLength(std::string_view s, size_t pos) {
    const auto b0 = static_cast<unsigned char>(s[pos]);
    if (b0 < 0x80)
        return 1;
    size_t len = 0;
    unsigned char lo = 0x80;
    unsigned char hi = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        len = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        len = 3;
        if (b0 == 0xE0)
            lo = 0xA0; // no overlongs
        if (b0 == 0xED)
            hi = 0x9F; // no surrogates
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        len = 4;
        if (b0 == 0xF0)
            lo = 0x90;
        if (b0 == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (pos + len > s.size())
        return 0;
    const auto b1 = static_cast<unsigned char>(s[pos + 1]);
    if (b1 < lo || b1 > hi)
        return 0;
    for (size_t i = 2; i < len; ++i) {
        const auto b = static_cast<unsigned char>(s[pos + i]);
        if (b < 0x80 || b > 0xBF)
            return 0;
    }
    return len;
}

} // namespace

char32_t next(std::string_view s, size_t& pos) {
    const size_t len = validCharLength(s, pos);
    if (len == 0) {
        ++pos;
        return 0xFFFD;
    }
    const auto b0 = static_cast<unsigned char>(s[pos]);
    char32_t cp = len == 1 ? b0 : len == 2 ? (b0 & 0x1F) : len == 3 ? (b0 & 0x0F) : (b0 & 0x07);
    for (size_t i = 1; i < len; ++i)
        cp = (cp << 6) | (static_cast<unsigned char>(s[pos + i]) & 0x3F);
    pos += len;
    return cp;
}

std::string encode(char32_t cp) {
    std::string out;
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return out;
}

bool isValid(std::string_view s) {
    for (size_t pos = 0; pos < s.size();) {
        const size_t len = validCharLength(s, pos);
        if (len == 0)
            return false;
        pos += len;
    }
    return true;
}

size_t completePrefixLength(std::string_view s) {
    size_t pos = 0;
    while (pos < s.size()) {
        const size_t len = validCharLength(s, pos);
        if (len == 0)
            break;
        pos += len;
    }
    return pos;
}

bool isUnicodeWhitespace(char32_t cp) {
    return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
           (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
           cp == 0x205F || cp == 0x3000;
}

bool isPythonWhitespace(char32_t cp) {
    return isUnicodeWhitespace(cp) || (cp >= 0x1C && cp <= 0x1F);
}

std::string pythonStrip(std::string_view s) {
    size_t begin = 0;
    for (size_t pos = 0; pos < s.size();) {
        if (!isPythonWhitespace(next(s, pos)))
            break;
        begin = pos;
    }
    // Walk forward remembering where the last non-space character ended.
    size_t lastEnd = begin;
    for (size_t pos = begin; pos < s.size();) {
        if (!isPythonWhitespace(next(s, pos)))
            lastEnd = pos;
    }
    return std::string(s.substr(begin, lastEnd - begin));
}

} // namespace facet::text::utf8
