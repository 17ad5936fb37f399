#pragma once
// Shapes and hyper-parameters of the simulator's tiny Gemma 4-shaped model, and the KV-cache
// geometry the language-model graphs were "compiled" for. Stored as JSON in every
// simulator .rbln file (FORMAT.md).
#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <vector>

namespace facet::sim {

struct TextConfig {
    int hidden = 64;
    int layers = 4;
    int heads = 4;
    int kvHeads = 2;
    int headDim = 16;
    int intermediate = 256;
    int64_t vocab = 262144;
    int slidingWindow = 256; // a key is visible when |query pos - key pos| < slidingWindow
    std::vector<bool> sliding{true, true, true, false}; // per layer; false = global layer
    float ropeThetaSliding = 10000.0f;
    float ropeThetaGlobal = 1000000.0f;
    float rmsEps = 1e-6f;
    float finalLogitSoftcap = 30.0f;

    [[nodiscard]] int qDim() const { return heads * headDim; }
    [[nodiscard]] int kvDim() const { return kvHeads * headDim; }
};

struct VisionConfig {
    int hidden = 32;
    int layers = 2;
    int heads = 2;
    int headDim = 16;
    int intermediate = 64;
    int patchSize = 16;
    int poolingKernel = 3;
    int positionEmbeddingSize = 10240;
    float ropeTheta = 100.0f;
    float rmsEps = 1e-6f;
};

// Geometry of the paged KV cache shared by the prefill, image-prefill and decoder graphs.
struct CacheConfig {
    int64_t maxSeqLen = 8192;
    int64_t blockSize = 1024; // = kvcache_partition_len with flash attention
    int64_t numBlocks = 9;    // kvcache_num_blocks
    int64_t batchSize = 1;    // rows of the sliding-window cache

    [[nodiscard]] int64_t blocksPerSequence() const { return maxSeqLen / blockSize; }
    bool operator==(const CacheConfig&) const = default;
};

void to_json(nlohmann::json& j, const TextConfig& c);
void from_json(const nlohmann::json& j, TextConfig& c);
void to_json(nlohmann::json& j, const VisionConfig& c);
void from_json(const nlohmann::json& j, VisionConfig& c);
void to_json(nlohmann::json& j, const CacheConfig& c);
void from_json(const nlohmann::json& j, CacheConfig& c);

// Throws facet::Error when a configuration cannot describe a runnable model.
void validate(const TextConfig& c);
void validate(const VisionConfig& c);
void validate(const CacheConfig& c);

} // namespace facet::sim
