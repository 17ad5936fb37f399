#pragma once
// What one conversation holds in the device KV cache, and the per-call position/mask inputs
// derived from it (rbln-host-algorithms §3.4, §4.4, §4.5, §5, §7.2).
// Logical positions (position_ids, RoPE, sliding window) run 0,1,2,... without gaps; physical
// slots (cache_position, global-layer KV, attention mask) add the alignment padding so far.
#include "generate/chunk_plan.h"

#include <cstdint>
#include <vector>

namespace facet::generate {

struct ChunkCallInputs {
    std::vector<std::int32_t> cachePosition; // [size] physical; dead-tail rows: 0 + paddedBefore
    std::vector<std::int32_t> positionIds;   // [size] logical; dead-tail rows: 0
    std::int16_t queryPosition = 0;          // index of the last valid row
};

struct DecodeCallInputs {
    std::int32_t cachePosition = 0;
    std::int32_t positionId = 0;
};

class KvSequence {
public:
    explicit KvSequence(int maxSeqLen);

    [[nodiscard]] int length() const { return static_cast<int>(tokens_.size()); } // L
    [[nodiscard]] int padded() const { return padded_; }
    [[nodiscard]] const std::vector<std::int32_t>& tokens() const { return tokens_; }
    [[nodiscard]] const std::vector<std::uint16_t>& mask() const { return mask_; } // bf16 [MSL]

    // Forgets everything (a fresh prefill starts here).
    void clear();
    // Keeps the first `length` tokens: clears the mask from the first dropped token's slot on.
    void truncate(int length);
    // padded() after truncate(length), without truncating (Session::countPrompt plans a
    // continuation from there).
    [[nodiscard]] int paddedAfterTruncate(int length) const;

    // Inputs of one prefill chunk of a segment ending at logical `segmentEnd` (exclusive). Sets
    // the chunk's valid slots in the mask (before the call, as optimum-rbln does) and records
    // the tokens `ids[step-L0 ...]` of the segment that starts at logical L0 = segmentStart.
    ChunkCallInputs beginChunk(const PrefillChunk& chunk, int segmentStart, int segmentEnd,
                               const std::vector<std::int32_t>& segmentIds);
    // After all chunks of a plan ran: the padding carried into decode.
    void finishPrefill(const PrefillPlan& plan) { padded_ = plan.totalPadded; }

    // Inputs for feeding `token` at the next position; marks its slot in the mask.
    DecodeCallInputs beginDecode(std::int32_t token);

    // Physical slot the next token would take (for capacity checks).
    [[nodiscard]] int nextPhysicalSlot() const { return length() + padded_; }

private:
    int maxSeqLen_;
    std::vector<std::int32_t> tokens_;
    std::vector<std::int32_t> physical_;
    std::vector<std::uint16_t> mask_;
    int padded_ = 0;
};

} // namespace facet::generate
