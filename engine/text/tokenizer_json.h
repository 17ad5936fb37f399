#pragma once
// Streaming (SAX) reader of tokenizer.json. The vocabulary and merges (hundreds of thousands
// of entries) go straight into flat arrays instead of a JSON tree, which would cost seconds to
// build and tear down; the small rest of the file is kept as a JSON tree for the config.
#include "text/tokenizer_cache.h"
#include "text/tokenizer_config.h"

#include <filesystem>
#include <string_view>

namespace facet::text {

struct ParsedTokenizerJson {
    TokenizerConfig config;
    TokenizerData data; // vocab finished (lookup table built), merges resolved to ids
};

// Throws facet::Error "FILE: reason" for invalid JSON, unsupported components, merges that
// name tokens missing from the vocabulary, and the like.
[[nodiscard]] ParsedTokenizerJson parseTokenizerJson(std::string_view text,
                                                     const std::filesystem::path& file);

// Ids index tables sized by the largest id, so a 4 KB file naming id 2,000,000,000 would cost
// gigabytes: every vocab and added-token id must be below the number of vocab entries plus
// added tokens (a dense numbering, which every real tokenizer uses). Throws "FILE: ...".
void checkTokenIds(const Vocabulary& vocab, const std::vector<AddedToken>& added,
                   const std::filesystem::path& file);

} // namespace facet::text
