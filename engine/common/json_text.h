#pragma once
// JSON parsing with a nesting limit. nlohmann's copy, dump() and comparisons recurse once per
// level, so a crafted file of 100,000 nested brackets (~200 KB) would overflow the stack the
// first time its tree is copied or printed. Every JSON document the engine reads goes through
// here (or, for tokenizer.json's SAX reader, checks kMaxJsonDepth itself).
#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace facet {

// Far deeper than any config, tokenizer.json or conversation (they nest fewer than 10 levels).
inline constexpr std::size_t kMaxJsonDepth = 128;

// Throws facet::Error "FILE: invalid JSON: ..." or "FILE: JSON nested deeper than 128 levels".
[[nodiscard]] nlohmann::json parseJson(std::string_view text, const std::filesystem::path& file);

// The error for a document nested too deeply (shared with SAX readers).
[[nodiscard]] std::string jsonTooDeepReason();

// value.dump() cut to `limit` bytes with "..." — for error messages quoting a bad value.
[[nodiscard]] std::string jsonExcerpt(const nlohmann::json& value, std::size_t limit = 120);

} // namespace facet
