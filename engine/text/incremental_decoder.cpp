#include "text/incremental_decoder.h"

namespace facet::text {

IncrementalDecoder::IncrementalDecoder(const Tokenizer& tokenizer, bool skipSpecial)
    : tokenizer_(&tokenizer), skipSpecial_(skipSpecial) {}

std::string IncrementalDecoder::push(int32_t id) {
    if (!tokenizer_->isByteToken(id))
        (void)tokenizer_->idToToken(id); // unknown ids fail here, not later in a batch
    window_.push_back(id);
    if (tokenizer_->isByteToken(id))
        return {}; // the byte run may still grow; its text is not final yet
    const std::string text = tokenizer_->decode(window_, skipSpecial_);
    if (text.compare(0, contextText_.size(), contextText_) != 0)
        return {}; // a decoder rewrote the context; wait for finish()
    std::string out = text.substr(contextText_.size());
    window_.erase(window_.begin(), window_.begin() + static_cast<std::ptrdiff_t>(contextCount_));
    contextCount_ = window_.size();
    contextText_ = tokenizer_->decode(window_, skipSpecial_);
    return out;
}

std::string IncrementalDecoder::finish() {
    std::string out;
    if (pending()) {
        const std::string text = tokenizer_->decode(window_, skipSpecial_);
        out = text.compare(0, contextText_.size(), contextText_) == 0
                  ? text.substr(contextText_.size())
                  : text;
    }
    window_.clear();
    contextCount_ = 0;
    contextText_.clear();
    return out;
}

} // namespace facet::text
