#pragma once
// The facts about a compiled folder the generation engine needs, taken from engine/model's
// ModelFolder (which reads and validates rbln_config.json, config.json, generation_config.json)
// and narrowed to what the orchestration uses. Every error names the file and the field.
#include "device/tensor_info.h"
#include "generate/engine.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace facet::generate {

struct ModelSpec {
    std::filesystem::path dir;
    std::string name;
    std::vector<std::string> warnings; // non-blocking findings of the folder reader

    // language model (language_model/config.json via the root config's text_config)
    int hidden = 0;
    int vocab = 0;
    int maxSeqLen = 0;
    int blockSize = 0;
    int numBlocks = 0;
    int prefillChunk = 128;
    std::optional<int> partitionLen;
    std::vector<int> imageBuckets; // descending, as compiled
    int slidingWindow = 0;
    bool perLayerInputs = false; // E-series; not supported by this engine yet

    // vision (vision_tower/config.json via the root config's vision_config)
    std::vector<int> levels; // max_soft_tokens, descending
    int visionHidden = 0;
    int visionHeadDim = 0;
    int pooling = 3;
    int positionSize = 0;
    double visionRopeTheta = 100.0;

    // special tokens
    int imageTokenId = 0;
    int videoTokenId = 0;
    int padTokenId = 0;

    SamplingSettings defaults;
    std::vector<int> eosIds;

    // input_info of each graph as the runtime sees it (static KV-cache entries dropped)
    std::map<std::string, std::vector<device::TensorInfo>>
        lmInputs; // prefill, image_prefill_N, decoder_batch_1
    struct IndexedGraph {
        int inputInfoIndex = 0; // which graph of the multi-graph .rbln serves the level
        std::vector<device::TensorInfo> inputs;
    };
    std::vector<IndexedGraph> visionGraphs;    // parallel to levels
    std::vector<IndexedGraph> projectorGraphs; // parallel to levels
    // The projector's image_features dtype as compiled, and so its output's: float32 up to
    // optimum-rbln 0.11, the model dtype (bfloat16) from 0.12 (get_image_features allocates the
    // output buffer in the compiled image_features dtype).
    device::DType projectorDtype = device::DType::Float32;
    std::string layout; // model::detectLayout's name, for inspect-model and the smoke test

    [[nodiscard]] int levelIndex(int level) const;     // -1 when not compiled
    [[nodiscard]] int bucketFor(int softTokens) const; // smallest bucket >= softTokens, or 0
};

// Throws facet::Error "FILE: reason".
[[nodiscard]] ModelSpec readModelSpec(const std::filesystem::path& dir);

} // namespace facet::generate
