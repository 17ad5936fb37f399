#include "generate/kv_sequence.h"

#include "common/error.h"
#include "generate/bf16.h"

#include <algorithm>
#include <string>

namespace facet::generate {

KvSequence::KvSequence(int maxSeqLen)
    : maxSeqLen_(maxSeqLen), mask_(static_cast<std::size_t>(maxSeqLen), kBf16Zero) {}

void KvSequence::clear() {
    tokens_.clear();
    physical_.clear();
    std::fill(mask_.begin(), mask_.end(), kBf16Zero);
    padded_ = 0;
}

void KvSequence::truncate(int length) {
    if (length >= this->length())
        return;
    if (length <= 0) {
        clear();
        return;
    }
    const int firstDropped = physical_[static_cast<std::size_t>(length)];
    std::fill(mask_.begin() + firstDropped, mask_.end(), kBf16Zero);
    padded_ = paddedAfterTruncate(length);
    tokens_.resize(static_cast<std::size_t>(length));
    physical_.resize(static_cast<std::size_t>(length));
}

int KvSequence::paddedAfterTruncate(int length) const {
    if (length >= this->length())
        return padded_;
    if (length <= 0)
        return 0;
    return physical_[static_cast<std::size_t>(length)] - length;
}

ChunkCallInputs KvSequence::beginChunk(const PrefillChunk& chunk, int segmentStart, int segmentEnd,
                                       const std::vector<std::int32_t>& segmentIds) {
    if (chunk.step != length()) {
        throw Error("internal: prefill chunk at " + std::to_string(chunk.step) +
                    " does not continue the cache of length " + std::to_string(length()));
    }
    ChunkCallInputs in;
    in.cachePosition.resize(static_cast<std::size_t>(chunk.size));
    in.positionIds.resize(static_cast<std::size_t>(chunk.size));
    for (int i = 0; i < chunk.size; ++i) {
        const int logical = chunk.step + i < segmentEnd ? chunk.step + i : 0;
        in.positionIds[static_cast<std::size_t>(i)] = logical;
        in.cachePosition[static_cast<std::size_t>(i)] = logical + chunk.paddedBefore;
    }
    in.queryPosition = static_cast<std::int16_t>(chunk.valid - 1);
    for (int i = 0; i < chunk.valid; ++i) {
        const int slot = chunk.step + chunk.paddedBefore + i;
        if (slot >= maxSeqLen_) {
            throw Error("the conversation needs KV slot " + std::to_string(slot) +
                        " but max_seq_len is " + std::to_string(maxSeqLen_));
        }
        mask_[static_cast<std::size_t>(slot)] = kBf16One;
        tokens_.push_back(segmentIds[static_cast<std::size_t>(chunk.step + i - segmentStart)]);
        physical_.push_back(slot);
    }
    padded_ = chunk.paddedBefore;
    return in;
}

DecodeCallInputs KvSequence::beginDecode(std::int32_t token) {
    DecodeCallInputs in;
    in.positionId = length();
    in.cachePosition = length() + padded_;
    if (in.cachePosition >= maxSeqLen_) {
        throw Error("the conversation reached max_seq_len " + std::to_string(maxSeqLen_));
    }
    mask_[static_cast<std::size_t>(in.cachePosition)] = kBf16One;
    tokens_.push_back(token);
    physical_.push_back(in.cachePosition);
    return in;
}

} // namespace facet::generate
