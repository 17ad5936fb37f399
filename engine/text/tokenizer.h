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

// A byte range [begin, end) of a text to encode.
struct TextSpan {
    size_t begin = 0;
    size_t end = 0;
};

struct TokenizerLoadOptions {
    bool useCache = true;
    // Where the binary cache lives; empty: defaultCacheDir() ($XDG_CACHE_HOME/facet).
    std::filesystem::path cacheDir;
};

struct TokenizerLoadInfo {
    bool fromCache = false;    // the binary cache was used instead of parsing JSON
    bool cacheWritten = false; // a new cache file was written by this load
    bool cacheDamaged = false; // a cache for this file was there but did not hold: ignored
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

    // Throws facet::Error "FILE: reason" when the tokenizer's own rules would spend too much on
    // the text (EncodeBudget: normalizers growing it past 32-fold, regexes past their steps).
    [[nodiscard]] std::vector<int32_t> encode(std::string_view text) const;
    // The same, with the byte ranges of `text` that a person or the model wrote (messages, as
    // opposed to the chat template's markup), sorted and disjoint. Special added tokens are
    // not recognised inside them: a "<|image|>" or "<turn|>" typed in a message is text, as
    // tokenizers encodes it with encode_special_tokens (split_special_tokens in transformers);
    // non-special added tokens ("<|channel>") still are, as there. Outside them, and for any
    // text without special-token strings, the ids are exactly encode(text)'s.
    [[nodiscard]] std::vector<int32_t> encode(std::string_view text,
                                              std::span<const TextSpan> literal) const;
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
