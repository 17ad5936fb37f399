#pragma once
// The pipeline of a Hugging Face tokenizer.json, read into plain structs. Only the components
// Facet implements are accepted; anything else is refused with an error naming the component,
// so a tokenizer we cannot reproduce never yields silently wrong ids.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace facet::text {

// A tokenizer.json pattern: {"String": "..."} (literal) or {"Regex": "..."}.
struct Pattern {
    bool isRegex = false;
    std::string text;
};

struct NormalizerStep {
    enum class Kind { Replace, Prepend, Nfc, Nfd, Nfkc, Nfkd } kind = Kind::Replace;
    Pattern pattern;     // Replace
    std::string content; // Replace: replacement; Prepend: the prefix
};

enum class SplitBehavior { Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous };
enum class PrependScheme { Always, First, Never };

struct PreTokenizerStep {
    enum class Kind { Split, Metaspace } kind = Kind::Split;
    Pattern pattern; // Split
    SplitBehavior behavior = SplitBehavior::Isolated;
    bool invert = false;
    std::string replacement; // Metaspace (one character)
    PrependScheme prependScheme = PrependScheme::Always;
    bool split = true;
};

struct DecoderStep {
    enum class Kind { Replace, ByteFallback, Fuse, Strip } kind = Kind::Fuse;
    Pattern pattern;     // Replace
    std::string content; // Replace: replacement
    char32_t stripChar = U' ';
    size_t stripStart = 0;
    size_t stripStop = 0;
};

struct AddedToken {
    int32_t id = 0;
    std::string content;
    bool special = false;
    bool normalized = false;
    bool lstrip = false;
    bool rstrip = false;
    bool singleWord = false;
};

struct BpeSettings {
    std::optional<std::string> unkToken;
    bool byteFallback = false;
    bool fuseUnk = false;
    bool ignoreMerges = false;
    std::string continuingSubwordPrefix;
    std::string endOfWordSuffix;
};

// Sequences are flattened: each vector runs in order.
struct TokenizerConfig {
    std::vector<NormalizerStep> normalizers;
    std::vector<PreTokenizerStep> preTokenizers;
    std::vector<DecoderStep> decoders;
    std::vector<AddedToken> addedTokens;
    BpeSettings bpe;
};

// Reads everything except model.vocab and model.merges. Throws facet::Error
// "FILE: unsupported normalizer 'Lowercase' ..." and the like.
[[nodiscard]] TokenizerConfig parseTokenizerConfig(const nlohmann::json& root,
                                                   const std::filesystem::path& file);

} // namespace facet::text
