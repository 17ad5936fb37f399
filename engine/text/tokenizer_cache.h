#pragma once
// Binary cache of a parsed tokenizer.json. Parsing 15 MB of JSON dominates loading, so the
// parsed vocabulary and merges are stored once under $XDG_CACHE_HOME/facet (fallback
// ~/.cache/facet), keyed by the file's size and a hash of its contents, and read back with a
// few bulk reads. A cache that is missing, stale or damaged is ignored, never trusted.
#include "text/flat_tables.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace facet::text {

struct TokenizerData {
    std::string configJson; // tokenizer.json without model.vocab and model.merges
    Vocabulary vocab;       // not finished (the caller builds the lookup table)
    std::vector<Merge> merges;
};

// 64-bit hash of the whole file, 8 bytes at a time (a cache key, not a checksum against
// tampering).
[[nodiscard]] uint64_t contentHash(std::string_view bytes);

// $XDG_CACHE_HOME/facet, else $HOME/.cache/facet; empty when neither is set.
[[nodiscard]] std::filesystem::path defaultCacheDir();

[[nodiscard]] std::filesystem::path cacheFileFor(const std::filesystem::path& dir, uint64_t size,
                                                 uint64_t hash);

// Empty when the file is absent or does not match `size`/`hash` or is malformed.
[[nodiscard]] std::optional<TokenizerData> readTokenizerCache(const std::filesystem::path& file,
                                                              uint64_t size, uint64_t hash);

// Best effort: returns false (and leaves no partial file) when the cache cannot be written.
bool writeTokenizerCache(const std::filesystem::path& file, uint64_t size, uint64_t hash,
                         const std::string& configJson, const Vocabulary& vocab,
                         const std::vector<Merge>& merges);

} // namespace facet::text
