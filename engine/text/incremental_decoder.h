#pragma once
// Streaming detokenization: generated ids arrive one at a time and the text they spell is
// handed out as soon as it is final. A run of byte-fallback tokens (one character split into
// <0xNN> pieces) is held until the run ends, because the decoder turns a run that is not
// valid UTF-8 as a whole into U+FFFD per byte; so the concatenation of everything returned
// by push() and finish() equals Tokenizer::decode(all ids) exactly.
#include "text/tokenizer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace facet::text {

class IncrementalDecoder {
public:
    explicit IncrementalDecoder(const Tokenizer& tokenizer, bool skipSpecial = false);

    // Text that became final with this id (often empty while a character is incomplete).
    [[nodiscard]] std::string push(int32_t id);
    // Whatever is still held (an unfinished byte run decodes to U+FFFD, as decode() does).
    [[nodiscard]] std::string finish();
    // True while ids are held back waiting for more.
    [[nodiscard]] bool pending() const { return window_.size() > contextCount_; }

private:
    const Tokenizer* tokenizer_;
    bool skipSpecial_;
    // The ids last emitted (context, so decoders that look at neighbours see them) followed
    // by the ids not emitted yet.
    std::vector<int32_t> window_;
    size_t contextCount_ = 0;
    std::string contextText_;
};

} // namespace facet::text
