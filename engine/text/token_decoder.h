#pragma once
// tokenizer.json decoders (Replace, ByteFallback, Fuse, Strip) turning token strings back
// into text, applied as a chain over the whole token list like tokenizers' decode_chain.
#include "text/normalizer.h"
#include "text/tokenizer_config.h"

#include <memory>
#include <string>
#include <vector>

namespace facet::text {

class TokenDecoder {
public:
    explicit TokenDecoder(const std::vector<DecoderStep>& steps);
    // Runs the chain and joins what is left (tokens joined with nothing after Fuse; with no
    // decoder at all, tokenizers joins with spaces, and so do we).
    [[nodiscard]] std::string decode(std::vector<std::string> tokens) const;
    [[nodiscard]] bool hasByteFallback() const { return hasByteFallback_; }

private:
    struct Step {
        DecoderStep config;
        std::shared_ptr<PatternReplacer> replacer;
    };
    std::vector<Step> steps_;
    bool hasByteFallback_ = false;
};

} // namespace facet::text
