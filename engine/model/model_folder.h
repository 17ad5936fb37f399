#pragma once
// A compiled Gemma 4 model folder as optimum-rbln's save_pretrained writes it (rbln-runtime.md
// §1): the three configs, the graph files, the host-side weights and the tokenizer files.
//
// ModelFolder::open never stops at the first problem: it reads everything it can, checks the
// compile-time rules optimum-rbln enforces (bucket_rules.h, attention_rules.h), checks which
// files exist and that both torch_artifacts.pth open and hold the expected tensors, and lists
// every problem. A folder with no problems is usable; the generation engine and the simulator's
// folder writer code against the accessors below.
#include "model/attention_rules.h"
#include "model/model_config.h"
#include "model/rbln_config.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace facet::model {

// One file the folder should contain.
struct FolderFile {
    std::string relativePath; // e.g. "language_model/image_prefill_384.rbln"
    std::string role;         // "graph", "weights", "config", "tokenizer"
    bool required = true;     // missing required files are problems; others are warnings
    bool present = false;
};

class ModelFolder {
public:
    // Reads `directory`; throws only for programming errors, never for folder content.
    [[nodiscard]] static ModelFolder open(const std::filesystem::path& directory);

    [[nodiscard]] const std::filesystem::path& directory() const { return directory_; }
    // True when nothing prevents running the model.
    [[nodiscard]] bool usable() const { return problems_.empty(); }
    // Every reason the folder cannot be used, each naming the file and the field or rule.
    [[nodiscard]] const std::vector<std::string>& problems() const { return problems_; }
    // Things worth telling the user that do not block use (e.g. no generation_config.json).
    [[nodiscard]] const std::vector<std::string>& warnings() const { return warnings_; }
    [[nodiscard]] const std::vector<FolderFile>& files() const { return files_; }

    [[nodiscard]] const RblnConfig& rblnConfig() const { return rbln_; }
    [[nodiscard]] const ModelConfig& modelConfig() const { return model_; }
    [[nodiscard]] const GenerationConfig& generationConfig() const { return generation_; }

    // Compiled detail levels (vision_tower.max_soft_tokens), ascending.
    [[nodiscard]] const std::vector<std::int64_t>& detailLevels() const { return levels_; }
    // Compiled image-prefill buckets, ascending.
    [[nodiscard]] const std::vector<std::int64_t>& imagePrefillBuckets() const { return buckets_; }
    // The bucket that prefills an image of `softTokens` soft tokens: the smallest >= it.
    [[nodiscard]] std::optional<std::int64_t> bucketFor(std::int64_t softTokens) const;
    // Same, for a compiled detail level; nullopt if `level` is not compiled.
    [[nodiscard]] std::optional<std::int64_t> bucketForLevel(std::int64_t level) const;
    // Which graph of the multi-graph vision / projector .rbln serves `level` (the
    // input_info_index for rbln_create_runtime); nullopt if `level` is not compiled.
    [[nodiscard]] std::optional<int> visionGraphIndex(std::int64_t level) const;
    [[nodiscard]] std::optional<int> projectorGraphIndex(std::int64_t level) const;

    [[nodiscard]] std::int64_t maxSeqLen() const { return attention_.maxSeqLen; }
    [[nodiscard]] std::int64_t prefillChunkSize() const { return attention_.prefillChunkSize; }
    // attn_impl, kvcache partition and block sizes after optimum-rbln's defaulting.
    [[nodiscard]] const ResolvedAttention& attention() const { return attention_; }
    [[nodiscard]] std::optional<std::int64_t> kvcacheNumBlocks() const;
    [[nodiscard]] std::optional<std::int64_t> slidingWindow() const;
    // Indices of the sliding-attention layers (from rbln_config, else config.json layer_types).
    [[nodiscard]] std::vector<std::int64_t> slidingWindowLayers() const;
    [[nodiscard]] std::vector<std::int64_t> decoderBatchSizes() const; // ascending
    [[nodiscard]] std::optional<std::string> npu() const { return rbln_.npu(); }
    [[nodiscard]] std::optional<std::string> optimumRblnVersion() const;

    // Paths of the parts (whether or not they exist; see files()).
    [[nodiscard]] std::filesystem::path projectorGraph() const;
    [[nodiscard]] std::filesystem::path visionGraph() const;
    [[nodiscard]] std::filesystem::path imagePrefillGraph(std::int64_t bucket) const;
    [[nodiscard]] std::filesystem::path decoderGraph(std::int64_t batchSize) const;
    [[nodiscard]] std::filesystem::path visionArtifacts() const;
    [[nodiscard]] std::filesystem::path languageArtifacts() const;
    [[nodiscard]] std::filesystem::path tokenizerJson() const;
    [[nodiscard]] std::filesystem::path tokenizerConfig() const;
    // chat_template.jinja if present, else empty (the template may be inside
    // tokenizer_config.json under "chat_template").
    [[nodiscard]] std::filesystem::path chatTemplate() const;

private:
    ModelFolder() = default;
    void readConfigs();
    void resolveBuckets();
    void checkRules();
    void listFiles();
    void checkArtifacts();
    void checkConsistency();
    std::optional<int> graphIndex(const std::vector<CompileConfig>& cfgs, std::int64_t dim1,
                                  std::int64_t level) const;

    std::filesystem::path directory_;
    std::vector<std::string> problems_;
    std::vector<std::string> warnings_;
    std::vector<FolderFile> files_;
    RblnConfig rbln_;
    ModelConfig model_;
    GenerationConfig generation_;
    bool haveRbln_ = false;
    bool haveModel_ = false;
    std::vector<std::int64_t> levels_;
    std::vector<std::int64_t> buckets_;
    ResolvedAttention attention_;
};

} // namespace facet::model
