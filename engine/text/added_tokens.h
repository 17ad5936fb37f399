#pragma once
// Finds added tokens in text before the model runs, the way tokenizers' AddedVocabulary does:
// leftmost match first, the longest token at that position, then single_word / lstrip /
// rstrip applied to the match.
#include "text/tokenizer_config.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace facet::text {

class AddedTokenMatcher {
public:
    // `pattern` is what is searched for: the token's content, or its normalized form for
    // tokens with normalized=true (which are matched in normalized text).
    void add(const AddedToken& token, const std::string& pattern);
    [[nodiscard]] bool empty() const { return tokens_.empty(); }

    struct Segment {
        size_t begin = 0;
        size_t end = 0;
        int32_t id = -1; // -1: ordinary text for the normalizer and the model
    };
    // Whether a match of `token` at [begin, end) counts. A refused match is skipped as
    // tokenizers skips a special token with encode_special_tokens: its bytes stay text and the
    // search goes on after them.
    using Accept = std::function<bool(const AddedToken& token, size_t begin, size_t end)>;
    // Segments covering all of `text`, in order.
    [[nodiscard]] std::vector<Segment> split(std::string_view text,
                                             const Accept& accept = nullptr) const;

private:
    struct Node {
        std::vector<std::pair<unsigned char, int32_t>> children;
        int32_t token = -1; // index into tokens_ when a pattern ends here
    };
    struct Entry {
        AddedToken token;
        std::string pattern;
    };
    // Longest pattern starting at `pos`: {end, token index} or {pos, -1}.
    [[nodiscard]] std::pair<size_t, int32_t> longestAt(std::string_view text, size_t pos) const;

    std::vector<Node> nodes_{Node{}};
    std::vector<Entry> tokens_;
    std::array<bool, 256> firstByte_{};
};

} // namespace facet::text
