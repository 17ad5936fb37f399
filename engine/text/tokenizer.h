#pragma once
// A Hugging Face tokenizer.json (BPE) tokenizer: added tokens split out first (longest match
// first), then normalizers, pre-tokenizers and the BPE model; decoding runs the decoder
// chain. Encoding never adds BOS: Gemma's chat template writes <bos> itself.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace facet::text {

struct TokenizerLoadOptions {
    bool useCache = true;
    // Where the binary cache lives; empty: defaultCacheDir() ($XDG_CACHE_HOME/facet).
    std::filesystem::path cacheDir;
};

struct TokenizerLoadInfo {
    bool fromCache = false;    // the binary cache was used instead of parsing JSON
    bool cacheWritten = false; // a new cache file was written by this load
    std::filesystem::path cacheFile;
    double milliseconds = 0;
};

class Tokenizer {
public:
    // Throws facet::Error "FILE: reason" for unreadable or malformed files and for
    // tokenizer.json components Facet does not implement.
    static Tokenizer load(const std::filesystem::path& file, const TokenizerLoadOptions& = {});
    // From tokenizer.json text already in memory (no cache); `name` is used in errors.
    static Tokenizer fromJson(std::string_view json, const std::filesystem::path& name);

    [[nodiscard]] std::vector<int32_t> encode(std::string_view text) const;
    // Throws facet::Error for ids outside the vocabulary. Special added tokens are kept
    // unless `skipSpecial` (the response parser needs the markers).
    [[nodiscard]] std::string decode(std::span<const int32_t> ids, bool skipSpecial = false) const;

    [[nodiscard]] std::optional<int32_t> tokenToId(std::string_view token) const;
    [[nodiscard]] std::string idToToken(int32_t id) const; // throws for unknown ids
    [[nodiscard]] bool isSpecial(int32_t id) const;
    // True for <0xNN> tokens when the decoder has ByteFallback: they are bytes, not text.
    [[nodiscard]] bool isByteToken(int32_t id) const;
    [[nodiscard]] size_t vocabSize() const; // largest id + 1
    [[nodiscard]] const TokenizerLoadInfo& loadInfo() const;

    struct Impl;

private:
    explicit Tokenizer(std::shared_ptr<const Impl> impl);
    std::shared_ptr<const Impl> impl_; // immutable: one Tokenizer can serve several threads
};

} // namespace facet::text
