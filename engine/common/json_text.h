#pragma once
// JSON parsing with a nesting limit. nlohmann's copy, dump() and comparisons recurse once per
// level, so a crafted file of 100,000 nested brackets (~200 KB) would overflow the stack the
// first time its tree is copied or printed. Every JSON document the engine reads goes through
// here (or, for tokenizer.json's SAX reader, checks kMaxJsonDepth itself).
#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace facet {

// Far deeper than any config, tokenizer.json or conversation (they nest fewer than 10 levels).
inline constexpr std::size_t kMaxJsonDepth = 128;

// Throws facet::Error "FILE: invalid JSON: ..." or "FILE: JSON nested deeper than 128 levels".
[[nodiscard]] nlohmann::json parseJson(std::string_view text, const std::filesystem::path& file);

// The error for a document nested too deeply (shared with SAX readers).
[[nodiscard]] std::string jsonTooDeepReason();

// For JSON from the network (a server's answers), where a bad document is reported by its
// caller rather than as a file: the parsed value, or nothing for invalid JSON or JSON nested
// deeper than kMaxJsonDepth (`problem`, when given, says which, in parseJson's words).
[[nodiscard]] std::optional<nlohmann::json> tryParseJson(std::string_view text,
                                                         std::string* problem = nullptr);

// At most `limit` bytes of `text`, cut on a UTF-8 character boundary, with "…" when cut: for
// quoting text that came from outside (a server's error body) in a message.
[[nodiscard]] std::string textExcerpt(std::string_view text, std::size_t limit = 200);

// value.dump() cut to `limit` bytes with "..." — for error messages quoting a bad value. The
// value must have come through parseJson / tryParseJson (dump() recurses once per level).
[[nodiscard]] std::string jsonExcerpt(const nlohmann::json& value, std::size_t limit = 120);

} // namespace facet
