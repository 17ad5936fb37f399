#pragma once
// rbln_config.json of an optimum-rbln RBLNGemma4ForConditionalGeneration folder: the top level
// (the projector) and the nested vision_tower and language_model configs. Values are kept as
// written; unknown keys are ignored but stay available in `raw`. See rbln-runtime.md §1.
#include "model/problems.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace facet::model {

// One input of one compiled graph: ["inputs_embeds", [1, 128, 5376], "bfloat16"].
struct GraphInput {
    std::string name;
    std::vector<std::int64_t> shape;
    std::string dtype;
};

// One `_compile_cfgs` entry: a .rbln file named `compiledModelName`.rbln holding one graph per
// input-info set (the vision tower and projector have one set per max_soft_tokens).
struct CompileConfig {
    std::string compiledModelName;
    std::optional<std::string> npu;
    std::optional<std::int64_t> numDevices;
    std::vector<std::vector<GraphInput>> inputInfo;
};

// One KV-cache description of language_model (`cache_metas`, optimum-rbln 0.12; `kvcache_metas`
// before: the deprecate_kwarg in RBLNDecoderOnlyModelConfig.__init__ maps the old name).
struct CacheMeta {
    std::string name;
    std::optional<std::int64_t> layerIndex;
    std::vector<std::int64_t> shape;
    std::string layerType;
    std::string dtype;
};

// Which spelling of the image-prefill bucket key the file uses; they imply different rules.
enum class BucketKey {
    Absent,
    Singular, // image_prefill_chunk_size: optimum-rbln v0.11.0 and later (PR #605)
    Plural,   // image_prefill_chunk_sizes: v0.11.0a13..a15 (PR #563)
};

struct VisionTowerRblnConfig {
    std::optional<std::int64_t> batchSize;
    std::vector<std::int64_t> maxSoftTokens; // as written (optimum writes it descending)
    std::optional<std::int64_t> poolingKernelSize;
    std::optional<std::int64_t> patchSize;
    std::optional<std::string> optimumRblnVersion;
    std::optional<std::string> dtype;
    std::vector<CompileConfig> compileCfgs;
};

struct LanguageModelRblnConfig {
    std::optional<std::int64_t> batchSize;
    std::optional<std::int64_t> maxSeqLen;
    std::optional<std::int64_t> prefillChunkSize;
    std::optional<std::int64_t> kvcachePartitionLen;
    std::optional<std::int64_t> kvcacheBlockSize;
    std::optional<std::int64_t> kvcacheNumBlocks;
    std::optional<std::string> attnImpl; // "eager" | "flash_attn"
    std::optional<std::string> cacheImpl;
    std::vector<std::int64_t> decoderBatchSizes;
    std::optional<std::int64_t> slidingWindow;
    std::vector<std::int64_t> slidingWindowLayers;
    std::vector<std::int64_t> imagePrefillChunkSizes; // as written; empty when absent
    BucketKey bucketKey = BucketKey::Absent;
    std::vector<std::string> phases;
    std::optional<bool> useInputsEmbeds;
    std::optional<bool> useAttentionMask; // Gemma 4 forces both to true
    std::optional<bool> usePositionIds;
    std::optional<std::int64_t> numDevices;
    std::optional<std::int64_t> tensorParallelSize; // the older name of num_devices
    std::optional<std::string> optimumRblnVersion;
    std::optional<std::string> dtype;
    std::vector<CacheMeta> cacheMetas;
    std::string cacheMetasKey; // "cache_metas" (0.12), "kvcache_metas" (<= 0.11) or empty
    std::vector<CompileConfig> compileCfgs;
};

struct RblnConfig {
    std::optional<std::string> clsName;
    std::optional<std::string> dtype;
    std::optional<std::string> optimumRblnVersion;
    std::optional<std::int64_t> batchSize;
    std::vector<CompileConfig> compileCfgs; // the projector (compiled_model)
    VisionTowerRblnConfig visionTower;
    LanguageModelRblnConfig languageModel;
    // The whole file, unknown keys included; shared and never changed after parsing (a pointer
    // so that this header needs only json_fwd.hpp).
    std::shared_ptr<const nlohmann::json> raw;

    // The NPU named in the compile configs (npu itself is not saved at the top level; each
    // _compile_cfgs entry carries it). Language model first, then vision, then projector.
    [[nodiscard]] std::optional<std::string> npu() const;
};

// Parses an already-loaded rbln_config.json; every bad field is appended to `problems`.
[[nodiscard]] RblnConfig parseRblnConfig(const std::filesystem::path& file,
                                         const nlohmann::json& json, Problems& problems);

} // namespace facet::model
