#include "generate/language_model.h"

#include "common/error.h"
#include "generate/text_embedding.h"

#include <algorithm>

namespace facet::generate {

LanguageModel::LanguageModel(const ModelSpec& spec, GraphSet& graphs, Bf16Table embedTable)
    : spec_(&spec), graphs_(&graphs), embedTable_(std::move(embedTable)),
      scale_(embeddingScaleBf16(spec.hidden)), planConfig_{spec.prefillChunk, spec.imageBuckets,
                                                           spec.partitionLen},
      decodeEmbeds_(static_cast<std::size_t>(spec.hidden)) {}

void LanguageModel::embed(std::span<const std::int32_t> ids, std::span<std::uint16_t> out) const {
    const auto h = static_cast<std::size_t>(spec_->hidden);
    for (std::size_t r = 0; r < ids.size(); ++r) {
        std::int32_t id = ids[r];
        if (id == spec_->imageTokenId || id == spec_->videoTokenId)
            id = spec_->padTokenId;
        if (id < 0 || id >= embedTable_.rows())
            throw Error("token id " + std::to_string(id) + " is outside the vocabulary");
        scaleEmbeddingRow(embedTable_.row(id), scale_, out.subspan(r * h, h));
    }
}

Segment LanguageModel::makeSegment(std::vector<std::int32_t> ids) const {
    Segment s;
    s.types = tokenTypes(ids);
    s.embeds.resize(ids.size() * static_cast<std::size_t>(spec_->hidden));
    embed(ids, s.embeds);
    s.ids = std::move(ids);
    return s;
}

std::vector<std::int8_t> LanguageModel::tokenTypes(std::span<const std::int32_t> ids) const {
    std::vector<std::int8_t> types(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i)
        types[i] = ids[i] == spec_->imageTokenId ? 1 : ids[i] == spec_->videoTokenId ? 2 : 0;
    return types;
}

PrefillPlan LanguageModel::plan(const Segment& segment, const KvSequence& sequence) const {
    return plan(segment.types, sequence.length(), sequence.padded());
}

PrefillPlan LanguageModel::plan(std::span<const std::int8_t> types, int startStep,
                                int startPadded) const {
    return planPrefill(types, planConfig_, startStep, startPadded);
}

bool LanguageModel::prefill(KvSequence& sequence, PageTable& table, const Segment& segment,
                            const PrefillPlan& plan, std::vector<std::uint16_t>& logits,
                            const std::atomic<bool>& stop,
                            const std::function<void(const PrefillChunk&)>& onChunk) {
    if (plan.allocEnd > spec_->maxSeqLen) {
        throw Error("the conversation needs " + std::to_string(plan.allocEnd) +
                    " KV slots but the model's max_seq_len is " + std::to_string(spec_->maxSeqLen));
    }
    const int segmentStart = sequence.length();
    const int segmentEnd = segmentStart + static_cast<int>(segment.ids.size());
    table.allocate(sequence.nextPhysicalSlot(), plan.allocEnd - 1);
    const std::vector<std::int16_t> blocks = table.blockTables();
    const std::vector<std::int16_t> local{0};
    const auto h = static_cast<std::size_t>(spec_->hidden);
    std::vector<std::uint16_t> rows;
    logits.resize(static_cast<std::size_t>(spec_->vocab));
    for (const PrefillChunk& chunk : plan.chunks) {
        if (stop.load())
            return false;
        NamedGraph& graph = chunk.isImage ? graphs_->imagePrefill(chunk.size) : graphs_->prefill();
        // Rows [step, step + size) of the segment, zero past its end (the dead tail).
        rows.assign(static_cast<std::size_t>(chunk.size) * h, 0);
        const auto first = static_cast<std::size_t>(chunk.step - segmentStart);
        const std::size_t available =
            std::min<std::size_t>(static_cast<std::size_t>(chunk.size), segment.ids.size() - first);
        std::copy_n(segment.embeds.begin() + static_cast<std::ptrdiff_t>(first * h), available * h,
                    rows.begin());
        const ChunkCallInputs in =
            sequence.beginChunk(chunk, segmentStart, segmentEnd, segment.ids);
        graph.set("inputs_embeds", rows);
        graph.set("cache_position", in.cachePosition);
        graph.set("block_tables", blocks);
        graph.set("local_block_tables", local);
        graph.set("query_position", &in.queryPosition, sizeof in.queryPosition);
        graph.set("attention_mask", sequence.mask());
        graph.set("position_ids", in.positionIds);
        graph.run();
        if (&chunk == &plan.chunks.back())
            graph.read(0, logits.data(), logits.size() * sizeof(std::uint16_t));
        if (onChunk)
            onChunk(chunk);
    }
    sequence.finishPrefill(plan);
    return true;
}

void LanguageModel::prepareDecodeInputs(KvSequence& sequence, PageTable& table,
                                        std::int32_t token) {
    embed({&token, 1}, decodeEmbeds_);
    if (sequence.nextPhysicalSlot() >= spec_->maxSeqLen) {
        throw Error("the conversation reached the model's max_seq_len " +
                    std::to_string(spec_->maxSeqLen));
    }
    table.allocate(sequence.nextPhysicalSlot(), sequence.nextPhysicalSlot());
    decodeBlocks_ = table.blockTables();
    decodeIn_ = sequence.beginDecode(token);
}

void LanguageModel::decode(KvSequence& sequence, PageTable& table, std::int32_t token,
                           std::vector<std::uint16_t>& logits) {
    prepareDecodeInputs(sequence, table, token);
    NamedGraph& graph = graphs_->decoder();
    const std::int16_t local = 0;
    graph.set("inputs_embeds", decodeEmbeds_);
    graph.set("cache_position", &decodeIn_.cachePosition, sizeof decodeIn_.cachePosition);
    graph.set("block_tables", decodeBlocks_);
    graph.set("local_block_tables", &local, sizeof local);
    graph.set("attention_mask", sequence.mask());
    graph.set("position_ids", &decodeIn_.positionId, sizeof decodeIn_.positionId);
    graph.run();
    logits.resize(static_cast<std::size_t>(spec_->vocab));
    graph.read(0, logits.data(), logits.size() * sizeof(std::uint16_t));
}

} // namespace facet::generate
