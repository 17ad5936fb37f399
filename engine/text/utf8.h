#pragma once
// Small UTF-8 helpers shared by the tokenizer, the decoders and prompt rendering.
#include <cstddef>
#include <string>
#include <string_view>

namespace facet::text::utf8 {

// Byte length of the UTF-8 sequence that starts with `lead` (1 for invalid lead bytes, so a
// scan always advances).
[[nodiscard]] size_t sequenceLength(unsigned char lead);

// Decodes the code point at `pos` and advances `pos`; invalid bytes decode as U+FFFD and
// advance by one byte.
[[nodiscard]] char32_t next(std::string_view s, size_t& pos);

[[nodiscard]] std::string encode(char32_t cp);

// True when `s` is well-formed UTF-8 (no overlongs, surrogates or values above U+10FFFF).
[[nodiscard]] bool isValid(std::string_view s);

// Length of the longest prefix of `s` that ends on a complete, valid character boundary.
[[nodiscard]] size_t completePrefixLength(std::string_view s);

// Rust's char::is_whitespace (the Unicode White_Space property).
[[nodiscard]] bool isUnicodeWhitespace(char32_t cp);

// Python's str.isspace(): White_Space plus the ASCII separators U+001C..U+001F.
[[nodiscard]] bool isPythonWhitespace(char32_t cp);

// Python's str.strip() with no argument, as Jinja's `trim` filter applies it.
[[nodiscard]] std::string pythonStrip(std::string_view s);

} // namespace facet::text::utf8
