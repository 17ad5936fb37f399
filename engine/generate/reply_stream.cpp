#include "generate/reply_stream.h"

namespace facet::generate {

ReplyStream::ReplyStream(const text::Tokenizer& tokenizer, Emit emit)
    : tokenizer_(&tokenizer), decoder_(tokenizer, false), emit_(std::move(emit)) {}

void ReplyStream::forward(const text::ResponseDelta& delta) {
    if (!delta.empty())
        emit_(delta.content, delta.reasoning);
}

void ReplyStream::push(std::int32_t id) {
    ids_.push_back(id);
    forward(parser_.feed(decoder_.push(id)));
}

void ReplyStream::finish() {
    forward(parser_.feed(decoder_.finish()));
    forward(parser_.finish());
}

std::string ReplyStream::rawText() const {
    return tokenizer_->decode(ids_, false);
}

} // namespace facet::generate
