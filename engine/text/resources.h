#pragma once
// Where the bundled Gemma 4 tokenizer data is found when the user names none.
#include <filesystem>

namespace facet::text {

// The first that exists of:
//   $FACET_TOKENIZER (a tokenizer.json path),
//   <executable dir>/resources/gemma4-tokenizer/tokenizer.json,
//   <executable dir>/../share/facet/gemma4-tokenizer/tokenizer.json (installed layout),
//   <source tree>/resources/gemma4-tokenizer/tokenizer.json (FACET_SOURCE_DIR at build time).
// Throws facet::Error listing the places tried.
[[nodiscard]] std::filesystem::path defaultTokenizerFile();

} // namespace facet::text
