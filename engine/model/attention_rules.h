#pragma once
// Compile-time rules of optimum-rbln's decoder-only config for the language model:
// modeling_attention_utils.py (attention method, partition/block sizes, sliding window, with
// per-NPU limits) and the base config (prefill chunk, decoder batch sizes). A folder that breaks
// one of them was not produced by optimum-rbln and is refused.
#include "model/rbln_config.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace facet::model {

// Bounds per NPU family (get_attention_limits): RBLN-CR* is REBEL (Rebel100), RBLN-CA* is
// ATOM; with no NPU named the wider ATOM limits apply.
struct AttentionLimits {
    std::string name;
    std::int64_t maxEagerSeqLen;
    std::int64_t minFlashPartitionLen;
    std::int64_t maxFlashPartitionLen;
    std::int64_t defaultFlashPartitionLen;
    std::int64_t maxSlidingWindow;
    [[nodiscard]] std::int64_t minFlashMaxSeqLen() const { return 2 * minFlashPartitionLen; }
};

// nullopt for an NPU name that is neither RBLN-CR* nor RBLN-CA* (optimum-rbln raises there).
[[nodiscard]] std::optional<AttentionLimits>
attentionLimitsFor(const std::optional<std::string>& npu);

// The language model's attention settings after optimum-rbln's defaulting (set_default_values).
struct ResolvedAttention {
    std::string attnImpl;                     // "eager" | "flash_attn"
    std::optional<std::int64_t> partitionLen; // flash only
    std::int64_t blockSize = 0;
    std::int64_t maxSeqLen = 0;
    std::int64_t prefillChunkSize = 0;
};

// Applies set_default_values to what the file says; maxSeqLen must be known.
[[nodiscard]] ResolvedAttention resolveAttention(const LanguageModelRblnConfig& lm,
                                                 std::int64_t maxSeqLen,
                                                 const std::optional<std::string>& npu);

// Every rule the language-model settings break; messages start with the field path
// ("language_model.kvcache_partition_len: ...").
[[nodiscard]] std::vector<std::string> attentionProblems(const LanguageModelRblnConfig& lm,
                                                         const ResolvedAttention& attention,
                                                         const std::optional<std::string>& npu);

} // namespace facet::model
