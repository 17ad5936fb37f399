#pragma once
// Where the bundled Gemma 4 tokenizer data is found when the user names none.
#include <filesystem>

namespace facet::text {

// The first that exists of:
//   $FACET_TOKENIZER (a tokenizer.json path),
//   the bundled gemma4-tokenizer/tokenizer.json: $FACET_DATA_DIR's, the installed
//   <prefix>/share/facet's, or the source tree's when run from a build tree
//   (common/install_layout.h; nothing of the build machine is compiled in).
// Throws facet::Error listing the places tried.
[[nodiscard]] std::filesystem::path defaultTokenizerFile();

} // namespace facet::text
