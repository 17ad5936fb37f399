#include "generate/model_spec.h"

#include "common/error.h"
#include "model/graph_dtypes.h"
#include "model/model_folder.h"

#include <algorithm>
#include <climits>

namespace facet::generate {
namespace {

// input_info sets of the compile config named `name`, as the runtime sees them.
std::vector<std::vector<device::TensorInfo>>
inputSets(const std::vector<model::CompileConfig>& cfgs, const std::string& name,
          const std::filesystem::path& file) {
    for (const model::CompileConfig& cfg : cfgs) {
        if (cfg.compiledModelName != name)
            continue;
        std::vector<std::vector<device::TensorInfo>> out;
        for (const auto& set : cfg.inputInfo) {
            std::vector<device::TensorInfo> tensors;
            for (const model::GraphInput& in : set) {
                if (device::isStaticCacheInput(in.name))
                    continue;
                try {
                    tensors.push_back(
                        device::TensorInfo::make(in.name, device::parseDType(in.dtype), in.shape));
                } catch (const Error& e) {
                    throw fileError(file,
                                    "input_info of " + name + ", " + in.name + ": " + e.what());
                }
            }
            out.push_back(std::move(tensors));
        }
        return out;
    }
    throw fileError(file, "no compile config named " + name);
}

int narrow(std::int64_t v, const std::filesystem::path& file, const char* what) {
    if (v < 0 || v > std::int64_t{1} << 30)
        throw fileError(file, std::string(what) + " is out of range");
    return static_cast<int>(v);
}

// Counts where "more than an int holds" just means "no limit" (top_k, max_new_tokens).
int narrowOrMax(std::int64_t v, const std::filesystem::path& file, const char* what) {
    if (v < 0)
        throw fileError(file, std::string(what) + " is negative");
    return v > INT_MAX ? INT_MAX : static_cast<int>(v);
}

} // namespace

int ModelSpec::levelIndex(int level) const {
    const auto it = std::find(levels.begin(), levels.end(), level);
    return it == levels.end() ? -1 : static_cast<int>(it - levels.begin());
}

int ModelSpec::bucketFor(int softTokens) const {
    int best = 0;
    for (int b : imageBuckets)
        if (b >= softTokens && (best == 0 || b < best))
            best = b;
    return best;
}

ModelSpec readModelSpec(const std::filesystem::path& dir) {
    const model::ModelFolder folder = model::ModelFolder::open(dir);
    if (!folder.usable()) {
        std::string all;
        for (const std::string& p : folder.problems())
            all += (all.empty() ? "" : "; ") + p;
        throw Error(dir.string() + " cannot be used: " + all);
    }
    const auto rblnFile = dir / "rbln_config.json";
    const model::RblnConfig& rbln = folder.rblnConfig();
    const model::ModelConfig& config = folder.modelConfig();
    const model::GenerationConfig& gen = folder.generationConfig();

    ModelSpec s;
    s.dir = dir;
    s.name =
        dir.filename().empty() ? dir.parent_path().filename().string() : dir.filename().string();
    s.warnings = folder.warnings();
    s.maxSeqLen = narrow(folder.maxSeqLen(), rblnFile, "max_seq_len");
    s.prefillChunk = narrow(folder.prefillChunkSize(), rblnFile, "prefill_chunk_size");
    s.blockSize = narrow(folder.attention().blockSize, rblnFile, "kvcache_block_size");
    if (folder.attention().partitionLen)
        s.partitionLen =
            narrow(*folder.attention().partitionLen, rblnFile, "kvcache_partition_len");
    const auto blocks = folder.kvcacheNumBlocks();
    if (!blocks || *blocks <= 0)
        throw fileError(rblnFile, "language_model.kvcache_num_blocks is missing");
    s.numBlocks = narrow(*blocks, rblnFile, "kvcache_num_blocks");
    if (rbln.languageModel.batchSize.value_or(1) != 1)
        throw fileError(rblnFile, "language_model.batch_size must be 1");
    for (std::int64_t b : folder.imagePrefillBuckets())
        s.imageBuckets.push_back(narrow(b, rblnFile, "bucket"));
    std::sort(s.imageBuckets.rbegin(), s.imageBuckets.rend());
    for (std::int64_t l : folder.detailLevels())
        s.levels.push_back(narrow(l, rblnFile, "max_soft_tokens"));
    std::sort(s.levels.rbegin(), s.levels.rend());
    s.slidingWindow = static_cast<int>(folder.slidingWindow().value_or(0));

    const auto configFile = dir / "config.json";
    const auto genFile = dir / "generation_config.json";
    s.hidden = narrow(config.text.hiddenSize, configFile, "text_config.hidden_size");
    s.vocab = narrow(config.text.vocabSize, configFile, "text_config.vocab_size");
    s.perLayerInputs = config.text.hiddenSizePerLayerInput > 0;
    // Token ids index the embedding table: they must lie inside the vocabulary (a cast would
    // read 2^40 as 0).
    const auto tokenId = [&](std::int64_t id, const std::filesystem::path& file, const char* what) {
        if (id < 0 || id >= s.vocab)
            throw fileError(file, std::string(what) + " " + std::to_string(id) +
                                      " is outside the vocabulary [0, " + std::to_string(s.vocab) +
                                      ")");
        return static_cast<int>(id);
    };
    s.padTokenId = config.text.padTokenId
                       ? tokenId(*config.text.padTokenId, configFile, "text_config.pad_token_id")
                   : gen.padTokenId ? tokenId(*gen.padTokenId, genFile, "pad_token_id")
                                    : 0;
    s.imageTokenId = tokenId(config.imageTokenId, configFile, "image_token_id");
    s.videoTokenId =
        config.videoTokenId ? tokenId(*config.videoTokenId, configFile, "video_token_id") : -1;
    s.visionHidden = narrow(config.vision.hiddenSize, configFile, "vision_config.hidden_size");
    s.visionHeadDim = narrow(config.vision.headDim, configFile, "vision_config.head_dim");
    s.pooling =
        narrow(config.vision.poolingKernelSize, configFile, "vision_config.pooling_kernel_size");
    s.positionSize = narrow(config.vision.positionEmbeddingSize, configFile,
                            "vision_config.position_embedding_size");
    s.visionRopeTheta = config.vision.ropeTheta;

    s.defaults.doSample = gen.doSample;
    s.defaults.temperature = gen.temperature;
    s.defaults.topK = narrowOrMax(gen.topK, genFile, "top_k");
    s.defaults.topP = gen.topP;
    if (gen.maxNewTokens)
        s.defaults.maxNewTokens = narrowOrMax(*gen.maxNewTokens, genFile, "max_new_tokens");
    for (std::int64_t id : gen.eosTokenIds)
        s.eosIds.push_back(narrow(id, genFile, "eos_token_id"));
    if (s.eosIds.empty())
        throw fileError(dir / "generation_config.json", "no eos_token_id");

    for (const model::CompileConfig& cfg : rbln.languageModel.compileCfgs)
        s.lmInputs[cfg.compiledModelName] =
            inputSets(rbln.languageModel.compileCfgs, cfg.compiledModelName, rblnFile).at(0);
    for (const char* needed : {"prefill", "decoder_batch_1"})
        if (!s.lmInputs.count(needed))
            throw fileError(rblnFile, std::string("language_model has no ") + needed + " graph");
    for (int b : s.imageBuckets)
        if (!s.lmInputs.count("image_prefill_" + std::to_string(b)))
            throw fileError(rblnFile,
                            "language_model has no image_prefill_" + std::to_string(b) + " graph");
    // Which graph of the multi-graph vision / projector file serves each level (input_info_index).
    const auto visionSets = inputSets(rbln.visionTower.compileCfgs, "compiled_model", rblnFile);
    const auto projectorSets = inputSets(rbln.compileCfgs, "compiled_model", rblnFile);
    for (int level : s.levels) {
        const auto vi = folder.visionGraphIndex(level);
        const auto pi = folder.projectorGraphIndex(level);
        if (!vi || !pi || std::size_t(*vi) >= visionSets.size() ||
            std::size_t(*pi) >= projectorSets.size())
            throw fileError(rblnFile, "no vision / projector graph for max_soft_tokens " +
                                          std::to_string(level));
        s.visionGraphs.push_back({*vi, visionSets[std::size_t(*vi)]});
        s.projectorGraphs.push_back({*pi, projectorSets[std::size_t(*pi)]});
    }
    // One image_features dtype for every level (the folder's dtype checks allow float32 and
    // bfloat16 only).
    bool first = true;
    for (const auto& g : s.projectorGraphs)
        for (const device::TensorInfo& in : g.inputs)
            if (in.name == "image_features") {
                if (!first && in.dtype != s.projectorDtype)
                    throw fileError(rblnFile, "the projector graphs disagree on the dtype of "
                                              "image_features");
                s.projectorDtype = in.dtype;
                first = false;
            }
    s.layout = model::detectLayout(rbln).name;
    return s;
}

} // namespace facet::generate
