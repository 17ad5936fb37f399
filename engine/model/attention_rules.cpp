#include "model/attention_rules.h"

namespace facet::model {
namespace {

const AttentionLimits kAtom{"ATOM", 32768, 1024, 32768, 16384, 32768};
const AttentionLimits kRebel{"REBEL", 16384, 1024, 16384, 8192, 32767};

std::string str(std::int64_t v) {
    return std::to_string(v);
}

} // namespace

std::optional<AttentionLimits> attentionLimitsFor(const std::optional<std::string>& npu) {
    if (!npu)
        return kAtom;
    if (npu->rfind("RBLN-CR", 0) == 0)
        return kRebel;
    if (npu->rfind("RBLN-CA", 0) == 0)
        return kAtom;
    return std::nullopt;
}

ResolvedAttention resolveAttention(const LanguageModelRblnConfig& lm, std::int64_t maxSeqLen,
                                   const std::optional<std::string>& npu) {
    ResolvedAttention r;
    r.maxSeqLen = maxSeqLen;
    const bool rebel = npu && npu->find("RBLN-CR") != std::string::npos;
    r.prefillChunkSize = lm.prefillChunkSize.value_or(rebel ? 512 : 128);
    r.attnImpl = lm.attnImpl.value_or("eager");
    r.partitionLen = lm.kvcachePartitionLen;
    if (r.partitionLen && r.attnImpl == "eager")
        r.attnImpl = "flash_attn"; // a partition length switches eager to flash
    if (!r.partitionLen && r.attnImpl == "flash_attn")
        r.partitionLen = attentionLimitsFor(npu).value_or(kAtom).defaultFlashPartitionLen;
    r.blockSize = lm.kvcacheBlockSize.value_or(r.attnImpl == "eager" ? maxSeqLen
                                                                     : r.partitionLen.value_or(0));
    return r;
}

std::vector<std::string> attentionProblems(const LanguageModelRblnConfig& lm,
                                           const ResolvedAttention& a,
                                           const std::optional<std::string>& npu) {
    std::vector<std::string> out;
    const auto limits = attentionLimitsFor(npu);
    if (!limits)
        out.push_back("_compile_cfgs.npu: unknown NPU '" + *npu +
                      "' (expected RBLN-CR* or RBLN-CA*)");
    if (a.prefillChunkSize <= 0 || a.prefillChunkSize % 64 != 0)
        out.push_back("language_model.prefill_chunk_size: " + str(a.prefillChunkSize) +
                      " is not a positive multiple of 64");
    if (lm.useAttentionMask == false)
        out.push_back("language_model.use_attention_mask: must be true for Gemma 4");
    if (lm.usePositionIds == false)
        out.push_back("language_model.use_position_ids: must be true for Gemma 4");

    if (a.attnImpl != "eager" && a.attnImpl != "flash_attn") {
        out.push_back("language_model.attn_impl: unknown '" + a.attnImpl +
                      "' (expected eager or flash_attn)");
    } else if (a.attnImpl == "eager") {
        if (limits && a.maxSeqLen > limits->maxEagerSeqLen)
            out.push_back("language_model.max_seq_len: " + str(a.maxSeqLen) + " exceeds the " +
                          limits->name + " limit of " + str(limits->maxEagerSeqLen) +
                          " for eager attention");
        if (a.blockSize != a.maxSeqLen)
            out.push_back("language_model.kvcache_block_size: " + str(a.blockSize) +
                          " must equal max_seq_len (" + str(a.maxSeqLen) +
                          ") with eager attention");
    } else {
        const std::int64_t p = *a.partitionLen;
        if (a.maxSeqLen % p != 0 || a.maxSeqLen / p < 2)
            out.push_back("language_model.max_seq_len: " + str(a.maxSeqLen) +
                          " must be a multiple of kvcache_partition_len (" + str(p) +
                          ") and at least twice it with flash_attn");
        if (limits && (p < limits->minFlashPartitionLen || p > limits->maxFlashPartitionLen))
            out.push_back("language_model.kvcache_partition_len: " + str(p) + " is outside the " +
                          limits->name + " range [" + str(limits->minFlashPartitionLen) + ", " +
                          str(limits->maxFlashPartitionLen) + "] for flash_attn");
        if (limits && a.maxSeqLen < limits->minFlashMaxSeqLen())
            out.push_back("language_model.max_seq_len: " + str(a.maxSeqLen) +
                          " is below the flash_attn minimum of " +
                          str(limits->minFlashMaxSeqLen()));
        if (a.blockSize != p)
            out.push_back("language_model.kvcache_block_size: " + str(a.blockSize) +
                          " must equal kvcache_partition_len (" + str(p) + ") with flash_attn");
    }
    if (limits && lm.slidingWindow &&
        *lm.slidingWindow > limits->maxSlidingWindow - a.prefillChunkSize)
        out.push_back("language_model.sliding_window: " + str(*lm.slidingWindow) + " exceeds " +
                      str(limits->maxSlidingWindow - a.prefillChunkSize) + " on " + limits->name +
                      " (" + str(limits->maxSlidingWindow) + " - prefill_chunk_size " +
                      str(a.prefillChunkSize) + ")");
    const std::int64_t batch = lm.batchSize.value_or(1);
    for (std::int64_t b : lm.decoderBatchSizes)
        if (b > batch)
            out.push_back("language_model.decoder_batch_sizes: " + str(b) +
                          " exceeds batch_size (" + str(batch) + ")");
    return out;
}

} // namespace facet::model
