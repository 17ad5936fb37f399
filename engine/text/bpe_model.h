#pragma once
// The BPE model of tokenizer.json: characters of a word become vocabulary ids (or byte
// fallback <0xNN> tokens, or the unknown token), then merges apply lowest rank first.
#include "text/flat_tables.h"
#include "text/tokenizer_config.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace facet::text {

class BpeModel {
public:
    BpeModel() = default;
    // Throws facet::Error naming `file` when the unknown token is missing from the vocabulary.
    BpeModel(Vocabulary vocab, std::vector<Merge> merges, const BpeSettings& settings,
             const std::filesystem::path& file);

    // Appends the ids of one pre-tokenized word to `out`.
    void encodeWord(std::string_view word, std::vector<int32_t>& out) const;

    [[nodiscard]] const Vocabulary& vocab() const { return vocab_; }
    [[nodiscard]] const std::vector<Merge>& merges() const { return merges_; }
    [[nodiscard]] const BpeSettings& settings() const { return settings_; }
    // True for the <0xNN> tokens byte fallback produces.
    [[nodiscard]] bool isByteToken(int32_t id) const;

private:
    struct Symbol {
        int32_t id;
        int32_t prev;
        int32_t next;
        bool alive;
    };
    void initialSymbols(std::string_view word, std::vector<Symbol>& symbols) const;
    void applyMerges(std::vector<Symbol>& symbols) const;

    Vocabulary vocab_;
    std::vector<Merge> merges_; // file order; kept for the binary cache
    MergeTable mergeTable_;
    BpeSettings settings_;
    int32_t unkId_ = -1;
    std::vector<int32_t> byteIds_; // byte -> <0xNN> id, -1 when absent
};

} // namespace facet::text
