#include "model/model_folder.h"

#include "common/error.h"
#include "model/bucket_rules.h"
#include "model/graph_dtypes.h"
#include "model/json_fields.h"

#include <algorithm>
#include <utility>

namespace facet::model {
namespace {

constexpr const char* kRbln = "rbln_config.json";
constexpr const char* kConfig = "config.json";
constexpr const char* kGeneration = "generation_config.json";

} // namespace

ModelFolder ModelFolder::open(const std::filesystem::path& directory) {
    ModelFolder f;
    f.directory_ = directory;
    std::error_code ec;
    if (!std::filesystem::is_directory(directory, ec)) {
        f.problems_.push_back(directory.string() + ": not a directory");
        return f;
    }
    f.readConfigs();
    if (f.haveRbln_) {
        f.resolveBuckets();
        f.checkRules();
    }
    if (f.haveRbln_ && f.haveModel_)
        f.checkConsistency();
    f.listFiles();
    f.checkArtifacts();
    return f;
}

void ModelFolder::readConfigs() {
    const auto read = [&](const char* name, auto parse) {
        try {
            const auto path = directory_ / name;
            parse(path, readJsonObjectFile(path));
            return true;
        } catch (const Error& e) {
            problems_.push_back(e.what());
            return false;
        }
    };
    haveRbln_ = read(kRbln, [&](const auto& path, const nlohmann::json& j) {
        rbln_ = parseRblnConfig(path, j, problems_);
    });
    haveModel_ = read(kConfig, [&](const auto& path, const nlohmann::json& j) {
        model_ = parseModelConfig(path, j, problems_);
    });
    if (std::filesystem::exists(directory_ / kGeneration))
        read(kGeneration, [&](const auto& path, const nlohmann::json& j) {
            generation_ = parseGenerationConfig(path, j, problems_);
        });
    else
        warnings_.push_back((directory_ / kGeneration).string() +
                            ": missing; sampling falls back to transformers' defaults");
}

void ModelFolder::resolveBuckets() {
    const std::string file = (directory_ / kRbln).string();
    const auto& vision = rbln_.visionTower;
    const auto& lm = rbln_.languageModel;
    std::vector<std::int64_t> levels = vision.maxSoftTokens;
    if (levels.empty())
        levels = {kDefaultMaxSoftTokens};
    levels_ = sortedUnique(levels);
    const std::vector<std::int64_t> buckets =
        lm.bucketKey == BucketKey::Absent ? defaultImagePrefillBuckets(levels, BucketKey::Singular)
                                          : lm.imagePrefillChunkSizes;
    buckets_ = sortedUnique(buckets);
    for (const std::string& p : bucketProblems(levels, buckets, lm.bucketKey))
        problems_.push_back(file + ": " + p);
}

void ModelFolder::checkRules() {
    const std::string file = (directory_ / kRbln).string();
    const auto& lm = rbln_.languageModel;
    if (!lm.maxSeqLen)
        problems_.push_back(file + ": language_model.max_seq_len: required field is missing");
    attention_ = resolveAttention(lm, lm.maxSeqLen.value_or(0), npu());
    if (lm.maxSeqLen)
        for (const std::string& p : attentionProblems(lm, attention_, npu()))
            problems_.push_back(file + ": " + p);
    for (std::string& p : graphDtypeProblems(file, rbln_))
        problems_.push_back(std::move(p));
}

void ModelFolder::checkConsistency() {
    const std::string rblnFile = (directory_ / kRbln).string();
    const std::string configFile = (directory_ / kConfig).string();
    if (model_.modelType && *model_.modelType != "gemma4")
        problems_.push_back(configFile + ": model_type: '" + *model_.modelType +
                            "' is not a Gemma 4 model (expected gemma4)");
    const auto& vision = rbln_.visionTower;
    const auto mismatch = [&](const char* field, std::int64_t rblnValue, std::int64_t hfValue) {
        problems_.push_back(rblnFile + ": vision_tower." + field + " is " +
                            std::to_string(rblnValue) + " but " + configFile +
                            " says vision_config." + field + " = " + std::to_string(hfValue));
    };
    if (vision.poolingKernelSize && *vision.poolingKernelSize != model_.vision.poolingKernelSize)
        mismatch("pooling_kernel_size", *vision.poolingKernelSize, model_.vision.poolingKernelSize);
    if (vision.patchSize && *vision.patchSize != model_.vision.patchSize)
        mismatch("patch_size", *vision.patchSize, model_.vision.patchSize);
    const auto& lm = rbln_.languageModel;
    if (lm.slidingWindow && model_.text.slidingWindow &&
        *lm.slidingWindow != *model_.text.slidingWindow)
        warnings_.push_back(rblnFile + ": language_model.sliding_window (" +
                            std::to_string(*lm.slidingWindow) + ") differs from " + configFile +
                            " text_config.sliding_window (" +
                            std::to_string(*model_.text.slidingWindow) + ")");
    for (const std::vector<CompileConfig>* cfgs :
         {&vision.compileCfgs, &std::as_const(rbln_).compileCfgs})
        for (const CompileConfig& c : *cfgs)
            if (!c.inputInfo.empty() && c.inputInfo.size() != levels_.size())
                problems_.push_back(rblnFile + ": " + c.compiledModelName + " has " +
                                    std::to_string(c.inputInfo.size()) + " input_info sets but " +
                                    std::to_string(levels_.size()) + " detail levels are compiled");
}

std::optional<std::int64_t> ModelFolder::bucketFor(std::int64_t softTokens) const {
    return selectBucket(buckets_, softTokens);
}

std::optional<std::int64_t> ModelFolder::bucketForLevel(std::int64_t level) const {
    if (std::find(levels_.begin(), levels_.end(), level) == levels_.end())
        return std::nullopt;
    return bucketFor(level);
}

std::optional<int> ModelFolder::graphIndex(const std::vector<CompileConfig>& cfgs,
                                           std::int64_t dim1, std::int64_t level) const {
    if (std::find(levels_.begin(), levels_.end(), level) == levels_.end())
        return std::nullopt;
    if (!cfgs.empty() && !cfgs.front().inputInfo.empty()) {
        const auto& sets = cfgs.front().inputInfo;
        for (size_t i = 0; i < sets.size(); ++i)
            if (!sets[i].empty() && sets[i][0].shape.size() > 1 && sets[i][0].shape[1] == dim1)
                return static_cast<int>(i);
        return std::nullopt;
    }
    // No input_info recorded: graphs follow max_soft_tokens as written (descending).
    const auto& written = rbln_.visionTower.maxSoftTokens;
    const auto it = std::find(written.begin(), written.end(), level);
    if (it == written.end())
        return levels_.size() == 1 ? std::optional<int>(0) : std::nullopt;
    return static_cast<int>(it - written.begin());
}

std::optional<int> ModelFolder::visionGraphIndex(std::int64_t level) const {
    const std::int64_t pool =
        rbln_.visionTower.poolingKernelSize.value_or(model_.vision.poolingKernelSize);
    return graphIndex(rbln_.visionTower.compileCfgs, level * pool * pool, level);
}

std::optional<int> ModelFolder::projectorGraphIndex(std::int64_t level) const {
    return graphIndex(rbln_.compileCfgs, level, level);
}

std::optional<std::int64_t> ModelFolder::kvcacheNumBlocks() const {
    return rbln_.languageModel.kvcacheNumBlocks;
}

std::optional<std::int64_t> ModelFolder::slidingWindow() const {
    if (rbln_.languageModel.slidingWindow)
        return rbln_.languageModel.slidingWindow;
    return model_.text.slidingWindow;
}

std::vector<std::int64_t> ModelFolder::slidingWindowLayers() const {
    if (!rbln_.languageModel.slidingWindowLayers.empty())
        return rbln_.languageModel.slidingWindowLayers;
    std::vector<std::int64_t> layers;
    for (size_t i = 0; i < model_.text.layerTypes.size(); ++i)
        if (model_.text.layerTypes[i] == "sliding_attention")
            layers.push_back(static_cast<std::int64_t>(i));
    return layers;
}

std::vector<std::int64_t> ModelFolder::decoderBatchSizes() const {
    const auto& lm = rbln_.languageModel;
    if (lm.decoderBatchSizes.empty())
        return {lm.batchSize.value_or(1)};
    return sortedUnique(lm.decoderBatchSizes);
}

std::optional<std::string> ModelFolder::optimumRblnVersion() const {
    if (rbln_.optimumRblnVersion)
        return rbln_.optimumRblnVersion;
    return rbln_.languageModel.optimumRblnVersion;
}

std::filesystem::path ModelFolder::projectorGraph() const {
    const auto& c = rbln_.compileCfgs;
    return directory_ /
           ((c.empty() ? std::string("compiled_model") : c[0].compiledModelName) + ".rbln");
}

std::filesystem::path ModelFolder::visionGraph() const {
    const auto& c = rbln_.visionTower.compileCfgs;
    return directory_ / "vision_tower" /
           ((c.empty() ? std::string("compiled_model") : c[0].compiledModelName) + ".rbln");
}

std::filesystem::path ModelFolder::imagePrefillGraph(std::int64_t bucket) const {
    return directory_ / "language_model" / ("image_prefill_" + std::to_string(bucket) + ".rbln");
}

std::filesystem::path ModelFolder::decoderGraph(std::int64_t batchSize) const {
    return directory_ / "language_model" / ("decoder_batch_" + std::to_string(batchSize) + ".rbln");
}

std::filesystem::path ModelFolder::visionArtifacts() const {
    return directory_ / "vision_tower" / "torch_artifacts.pth";
}

std::filesystem::path ModelFolder::languageArtifacts() const {
    return directory_ / "language_model" / "torch_artifacts.pth";
}

std::filesystem::path ModelFolder::tokenizerJson() const {
    return directory_ / "tokenizer.json";
}

std::filesystem::path ModelFolder::tokenizerConfig() const {
    return directory_ / "tokenizer_config.json";
}

std::filesystem::path ModelFolder::chatTemplate() const {
    const auto path = directory_ / "chat_template.jinja";
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec) ? path : std::filesystem::path();
}

} // namespace facet::model
