#pragma once
// tokenizer.json pre-tokenizers (Split with every behavior, Metaspace), which cut normalized
// text into the words BPE runs on.
#include "text/normalizer.h"
#include "text/tokenizer_config.h"

#include <memory>
#include <string>
#include <vector>

namespace facet::text {

struct PreToken {
    std::string text;
    // True when the piece begins at offset 0 of the caller's text; Metaspace's
    // prepend_scheme "first" only adds the replacement to such a piece.
    bool startsText = false;
};

// The pieces of `text` that Split keeps, as [begin, end) byte ranges, given the pattern's
// matches. Follows tokenizers' SplitDelimiterBehavior exactly; empty pieces are dropped.
[[nodiscard]] std::vector<std::pair<size_t, size_t>>
splitByMatches(size_t textLength, const std::vector<std::pair<size_t, size_t>>& matches,
               SplitBehavior behavior, bool invert);

class PreTokenizer {
public:
    explicit PreTokenizer(const std::vector<PreTokenizerStep>& steps);
    [[nodiscard]] bool empty() const { return steps_.empty(); }
    // Runs every step over every piece; pieces that become empty are dropped. Regex work is
    // paid from `budget` (the encoded text's) when given.
    void apply(std::vector<PreToken>& pieces, EncodeBudget* budget = nullptr) const;

private:
    struct Step {
        PreTokenizerStep config;
        std::shared_ptr<PatternReplacer> matcher; // Split
    };
    std::vector<PreToken> runStep(const Step& step, const PreToken& piece,
                                  EncodeBudget* budget) const;
    std::vector<Step> steps_;
};

} // namespace facet::text
