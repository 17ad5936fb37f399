#include "text/added_tokens.h"

#include "text/utf8.h"

#include <algorithm>

#include <unicode/uchar.h>

namespace facet::text {

namespace {

// Rust regex's \w: Alphabetic, marks, decimal digits, connector punctuation, Join_Control.
bool isWordChar(char32_t cp) {
    const auto c = static_cast<UChar32>(cp);
    if (u_hasBinaryProperty(c, UCHAR_ALPHABETIC) || u_hasBinaryProperty(c, UCHAR_JOIN_CONTROL))
        return true;
    const int8_t type = u_charType(c);
    return type == U_NON_SPACING_MARK || type == U_COMBINING_SPACING_MARK ||
           type == U_ENCLOSING_MARK || type == U_DECIMAL_DIGIT_NUMBER ||
           type == U_CONNECTOR_PUNCTUATION;
}

char32_t lastChar(std::string_view s) {
    size_t start = s.size() - 1;
    while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80)
        --start;
    size_t pos = start;
    return utf8::next(s, pos);
}

char32_t firstChar(std::string_view s) {
    size_t pos = 0;
    return utf8::next(s, pos);
}

} // namespace

void AddedTokenMatcher::add(const AddedToken& token, const std::string& pattern) {
    if (pattern.empty())
        return;
    int32_t node = 0;
    for (char ch : pattern) {
        const auto byte = static_cast<unsigned char>(ch);
        auto& children = nodes_[static_cast<size_t>(node)].children;
        auto it = std::find_if(children.begin(), children.end(),
                               [byte](const auto& c) { return c.first == byte; });
        if (it != children.end()) {
            node = it->second;
            continue;
        }
        const auto child = static_cast<int32_t>(nodes_.size());
        nodes_[static_cast<size_t>(node)].children.emplace_back(byte, child);
        nodes_.emplace_back();
        node = child;
    }
    firstByte_[static_cast<unsigned char>(pattern[0])] = true;
    // A later entry with the same pattern replaces the earlier one, as in a map.
    nodes_[static_cast<size_t>(node)].token = static_cast<int32_t>(tokens_.size());
    tokens_.push_back({token, pattern});
}

std::pair<size_t, int32_t> AddedTokenMatcher::longestAt(std::string_view text, size_t pos) const {
    std::pair<size_t, int32_t> best{pos, -1};
    int32_t node = 0;
    for (size_t i = pos; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const auto& children = nodes_[static_cast<size_t>(node)].children;
        auto it = std::find_if(children.begin(), children.end(),
                               [byte](const auto& c) { return c.first == byte; });
        if (it == children.end())
            break;
        node = it->second;
        if (nodes_[static_cast<size_t>(node)].token >= 0)
            best = {i + 1, nodes_[static_cast<size_t>(node)].token};
    }
    return best;
}

std::vector<AddedTokenMatcher::Segment> AddedTokenMatcher::split(std::string_view text,
                                                                 const Accept& accept) const {
    std::vector<Segment> out;
    size_t consumed = 0; // end of the last emitted segment
    size_t pos = 0;
    while (pos < text.size()) {
        if (!firstByte_[static_cast<unsigned char>(text[pos])]) {
            ++pos;
            continue;
        }
        const auto [matchEnd, index] = longestAt(text, pos);
        if (index < 0) {
            ++pos;
            continue;
        }
        const AddedToken& token = tokens_[static_cast<size_t>(index)].token;
        size_t begin = pos;
        size_t end = matchEnd;
        pos = matchEnd; // the search resumes after the match even when it is rejected
        if (accept && !accept(token, begin, end))
            continue;
        if (token.singleWord) {
            const bool spaceBefore = begin == 0 || !isWordChar(lastChar(text.substr(0, begin)));
            const bool spaceAfter = end == text.size() || !isWordChar(firstChar(text.substr(end)));
            if (!spaceBefore || !spaceAfter)
                continue;
        }
        if (token.lstrip) {
            size_t newBegin = begin;
            while (newBegin > 0) {
                size_t charStart = newBegin - 1;
                while (charStart > 0 &&
                       (static_cast<unsigned char>(text[charStart]) & 0xC0) == 0x80)
                    --charStart;
                size_t p = charStart;
                if (!utf8::isUnicodeWhitespace(utf8::next(text, p)))
                    break;
                newBegin = charStart;
            }
            begin = std::max(newBegin, consumed); // spaces already taken stay where they are
        }
        if (token.rstrip) {
            while (end < text.size()) {
                size_t p = end;
                if (!utf8::isUnicodeWhitespace(utf8::next(text, p)))
                    break;
                end = p;
            }
            pos = end;
        }
        if (consumed < begin)
            out.push_back({consumed, begin, -1});
        out.push_back({begin, end, token.id});
        consumed = end;
    }
    if (consumed < text.size())
        out.push_back({consumed, text.size(), -1});
    return out;
}

} // namespace facet::text
