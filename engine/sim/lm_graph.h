#pragma once
// The language-model graphs over the shared paged KV cache, with the input semantics of the
// real optimum-rbln graphs (rbln-runtime.md §2, rbln-host-algorithms.md §3–5):
//  - cache_position[0]: first physical slot; the chunk's K/V are written to the C contiguous
//    slots from there (global layers), through block_tables (slot s -> block s / blockSize);
//  - attention_mask[s] != 0: physical slot s holds a valid token; a global-layer query at slot
//    p sees valid slots <= p (prefill, decode) or every valid slot of its chunk (image prefill);
//  - position_ids: logical positions, for RoPE and the sliding window; sliding layers read the
//    ring row local_block_tables[0] for the min(position_ids[0], window) previous positions and
//    write the chunk's first query_position+1 rows into it;
//  - query_position: the row whose logits are returned (and the chunk's last valid row).
// Bad inputs (out-of-range slots, blocks, rows, query_position) throw facet::Error.
#include "sim/kv_cache.h"
#include "sim/text_model.h"

#include <cstdint>

namespace facet::sim {

struct PrefillInputs {
    const uint16_t* inputsEmbeds; // [C, hidden] bf16
    const int32_t* cachePosition; // [C]
    const int16_t* blockTables;   // [maxSeqLen / blockSize]
    int16_t localBlockTable;
    int16_t queryPosition;
    const uint16_t* attentionMask; // [maxSeqLen] bf16
    const int32_t* positionIds;    // [C]
};

// prefill (bidirectional = false) and image_prefill_N (true). Writes [vocab] bf16 logits.
void runPrefill(const TextModel& model, KvCache& cache, int64_t chunk, bool bidirectional,
                const PrefillInputs& in, uint16_t* logits);

struct DecodeInputs {
    const uint16_t* inputsEmbeds;    // [B, hidden]
    const int32_t* cachePosition;    // [B]
    const int16_t* blockTables;      // [B, maxSeqLen / blockSize]
    const int16_t* localBlockTables; // [B]
    const uint16_t* attentionMask;   // [B, maxSeqLen]
    const int32_t* positionIds;      // [B]
};

// decoder_batch_B: one token per row. Writes [B, vocab] bf16 logits.
void runDecode(const TextModel& model, KvCache& cache, int64_t batch, const DecodeInputs& in,
               uint16_t* logits);

} // namespace facet::sim
