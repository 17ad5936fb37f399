#pragma once
// config.json (Hugging Face Gemma4Config) and generation_config.json: the fields the host
// needs to build inputs, embed text, run the vision pre/post-processing and sample. Fields the
// host does not need stay in `raw`.
#include "model/problems.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace facet::model {

struct RopeParameters {
    std::string ropeType = "default"; // "default" | "proportional" | ...
    double ropeTheta = 10000.0;
    std::optional<double> partialRotaryFactor;
};

struct TextConfig {
    std::int64_t hiddenSize = 0;
    std::int64_t numHiddenLayers = 0;
    std::int64_t numAttentionHeads = 0;
    std::int64_t numKeyValueHeads = 0;
    // Full-attention layers' KV heads and head size: top-level num_global_key_value_heads /
    // global_head_dim (transformers < 5.15) or the full_attention entries of per_layer_config
    // (>= 5.15, which writes no top-level keys; then perLayerConfig is true).
    std::optional<std::int64_t> numGlobalKeyValueHeads;
    std::int64_t headDim = 0; // sliding_attention layers'
    std::optional<std::int64_t> globalHeadDim;
    bool perLayerConfig = false;
    std::int64_t vocabSize = 0;
    std::optional<std::int64_t> vocabSizePerLayerInput;
    std::int64_t hiddenSizePerLayerInput = 0; // > 0 only for the E-series (per-layer inputs)
    std::optional<std::int64_t> maxPositionEmbeddings;
    std::vector<std::string> layerTypes; // "sliding_attention" | "full_attention"
    std::optional<std::int64_t> slidingWindow;
    std::optional<double> finalLogitSoftcapping;
    double rmsNormEps = 1e-6;
    std::optional<std::int64_t> padTokenId;
    // Keyed by layer type when the file gives one set per type, else under "default".
    std::map<std::string, RopeParameters> rope;
    std::optional<bool> tieWordEmbeddings;
};

struct VisionConfig {
    std::int64_t hiddenSize = 0;
    std::int64_t numHiddenLayers = 0;
    std::int64_t numAttentionHeads = 0;
    std::optional<std::int64_t> numKeyValueHeads;
    std::int64_t headDim = 0;
    std::int64_t patchSize = 16;
    std::int64_t poolingKernelSize = 3;
    std::int64_t positionEmbeddingSize = 10240;
    bool standardize = false;
    double rmsNormEps = 1e-6;
    double ropeTheta = 100.0;
    std::optional<std::int64_t> defaultOutputLength;
};

struct ModelConfig {
    std::optional<std::string> modelType;
    std::vector<std::string> architectures;
    std::int64_t imageTokenId = 258880;
    std::int64_t boiTokenId = 255999;
    std::int64_t eoiTokenId = 258882;
    std::optional<std::int64_t> videoTokenId;
    TextConfig text;
    VisionConfig vision;
    // The whole file, unknown keys included; shared and never changed after parsing (a pointer
    // so that this header needs only json_fwd.hpp).
    std::shared_ptr<const nlohmann::json> raw;
};

struct GenerationConfig {
    bool doSample = false;
    double temperature = 1.0;
    std::int64_t topK = 50; // transformers' GenerationConfig defaults when a key is absent
    double topP = 1.0;
    std::optional<std::int64_t> maxNewTokens;
    std::optional<std::int64_t> maxLength;
    std::vector<std::int64_t> eosTokenIds; // int or list in the file
    std::optional<std::int64_t> padTokenId;
    std::optional<std::int64_t> bosTokenId;
    // The whole file, unknown keys included; shared and never changed after parsing (a pointer
    // so that this header needs only json_fwd.hpp).
    std::shared_ptr<const nlohmann::json> raw;
};

[[nodiscard]] ModelConfig parseModelConfig(const std::filesystem::path& file,
                                           const nlohmann::json& json, Problems& problems);
[[nodiscard]] GenerationConfig parseGenerationConfig(const std::filesystem::path& file,
                                                     const nlohmann::json& json,
                                                     Problems& problems);

} // namespace facet::model
