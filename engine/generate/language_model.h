#pragma once
// Host side of the language-model graphs: the scaled text embedding, the scatter of image
// features, and the prefill (chunked, paged, bucketed) and decode calls with their position,
// mask and block-table inputs (rbln-host-algorithms §2–§5).
#include "generate/bf16_table.h"
#include "generate/chunk_plan.h"
#include "generate/graph_set.h"
#include "generate/kv_sequence.h"
#include "generate/model_spec.h"
#include "generate/page_table.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

namespace facet::generate {

// Tokens to append to a sequence, with their embeddings ready for the graphs.
struct Segment {
    std::vector<std::int32_t> ids;
    std::vector<std::int8_t> types;    // 0 text, 1 image, 2 video
    std::vector<std::uint16_t> embeds; // bf16 [ids.size(), hidden]
};

class LanguageModel {
public:
    LanguageModel(const ModelSpec& spec, GraphSet& graphs, Bf16Table embedTable);

    [[nodiscard]] int hidden() const { return spec_->hidden; }
    [[nodiscard]] int vocab() const { return spec_->vocab; }

    // Scaled rows for `ids` (image/video placeholders looked up as the pad token, §2.3 step 2).
    void embed(std::span<const std::int32_t> ids, std::span<std::uint16_t> out) const;
    // Segment from ids: types from the placeholder ids, embeddings for every row; the caller
    // then writes image features over the image rows.
    [[nodiscard]] Segment makeSegment(std::vector<std::int32_t> ids) const;
    // 0 text, 1 image, 2 video per id, from the placeholder ids (Segment::types).
    [[nodiscard]] std::vector<std::int8_t> tokenTypes(std::span<const std::int32_t> ids) const;

    // The prefill plan of `types` appended after what `sequence` holds; its allocEnd is what
    // must fit max_seq_len. Engine::countPrompt plans a whole prompt from an empty sequence.
    [[nodiscard]] PrefillPlan plan(const Segment& segment, const KvSequence& sequence) const;
    [[nodiscard]] PrefillPlan plan(std::span<const std::int8_t> types, int startStep,
                                   int startPadded) const;

    // Runs every chunk of `plan` (after allocating its blocks); checks `stop` before each call
    // and returns false when it was set. `logits` receives the last chunk's bf16 [vocab].
    // `onChunk` is called after each chunk. Throws facet::Error for runtime failures.
    bool prefill(KvSequence& sequence, PageTable& table, const Segment& segment,
                 const PrefillPlan& plan, std::vector<std::uint16_t>& logits,
                 const std::atomic<bool>& stop,
                 const std::function<void(const PrefillChunk&)>& onChunk = {});

    // Feeds `token` at the next position (decoder_batch_1); `logits` receives bf16 [vocab].
    void decode(KvSequence& sequence, PageTable& table, std::int32_t token,
                std::vector<std::uint16_t>& logits);

    // Host part of one decode step without the device call (for the benchmark): embedding,
    // block table, mask and position inputs, exactly as decode() prepares them.
    void prepareDecodeInputs(KvSequence& sequence, PageTable& table, std::int32_t token);

private:
    const ModelSpec* spec_;
    GraphSet* graphs_;
    Bf16Table embedTable_;
    std::uint16_t scale_;
    PlanConfig planConfig_;
    // decode inputs, reused across steps
    std::vector<std::uint16_t> decodeEmbeds_;
    std::vector<std::int16_t> decodeBlocks_;
    DecodeCallInputs decodeIn_;
};

} // namespace facet::generate
