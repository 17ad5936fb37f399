#include "generate/model_spec.h"

#include "common/error.h"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

namespace facet::generate {
namespace {

using nlohmann::json;

json readJson(const std::filesystem::path& file) {
    std::ifstream in(file);
    if (!in)
        throw fileError(file, "cannot open the file");
    try {
        return json::parse(in);
    } catch (const json::exception& e) {
        throw fileError(file, std::string("not valid JSON: ") + e.what());
    }
}

// j[key] as T, or a "FILE: field KEY ..." error.
template <typename T> T field(const json& j, const char* key, const std::filesystem::path& file) {
    if (!j.is_object() || !j.contains(key))
        throw fileError(file, std::string("missing field ") + key);
    try {
        return j.at(key).get<T>();
    } catch (const json::exception& e) {
        throw fileError(file, std::string("field ") + key + ": " + e.what());
    }
}

// input_info sets of the compile config named `name`.
std::vector<std::vector<device::TensorInfo>> inputSets(const json& config, const std::string& name,
                                                       const std::filesystem::path& file) {
    for (const json& cfg : config.value("_compile_cfgs", json::array())) {
        if (cfg.value("compiled_model_name", "") != name)
            continue;
        const json& info = cfg.at("input_info");
        std::vector<std::vector<device::TensorInfo>> out;
        // one set: [[name, shape, dtype], ...]; several sets: [[[...]], [[...]]]
        const bool single =
            !info.empty() && info[0].is_array() && !info[0].empty() && info[0][0].is_string();
        try {
            if (single) {
                out.push_back(device::parseInputInfo(info));
            } else {
                for (const json& set : info)
                    out.push_back(device::parseInputInfo(set));
            }
        } catch (const Error& e) {
            throw fileError(file, "input_info of " + name + ": " + e.what());
        }
        return out;
    }
    throw fileError(file, "no compile config named " + name);
}

std::vector<int> intList(const json& j, const char* key, const std::filesystem::path& file) {
    if (!j.contains(key))
        throw fileError(file, std::string("missing field ") + key);
    const json& v = j.at(key);
    if (v.is_number_integer())
        return {v.get<int>()};
    return field<std::vector<int>>(j, key, file);
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
    ModelSpec s;
    s.dir = dir;
    s.name =
        dir.filename().empty() ? dir.parent_path().filename().string() : dir.filename().string();
    const auto rblnFile = dir / "rbln_config.json";
    const auto configFile = dir / "config.json";
    const auto generationFile = dir / "generation_config.json";
    const json rbln = readJson(rblnFile);
    const json config = readJson(configFile);

    const json lm = field<json>(rbln, "language_model", rblnFile);
    const json vt = field<json>(rbln, "vision_tower", rblnFile);
    s.maxSeqLen = field<int>(lm, "max_seq_len", rblnFile);
    s.blockSize = field<int>(lm, "kvcache_block_size", rblnFile);
    s.numBlocks = field<int>(lm, "kvcache_num_blocks", rblnFile);
    s.prefillChunk = field<int>(lm, "prefill_chunk_size", rblnFile);
    if (lm.value("attn_impl", "eager") == "flash_attn")
        s.partitionLen = field<int>(lm, "kvcache_partition_len", rblnFile);
    if (lm.value("batch_size", 1) != 1)
        throw fileError(rblnFile, "language_model.batch_size must be 1");
    s.imageBuckets = lm.contains("image_prefill_chunk_size")
                         ? intList(lm, "image_prefill_chunk_size", rblnFile)
                         : intList(lm, "image_prefill_chunk_sizes", rblnFile);
    std::sort(s.imageBuckets.rbegin(), s.imageBuckets.rend());
    s.levels = intList(vt, "max_soft_tokens", rblnFile);
    std::sort(s.levels.rbegin(), s.levels.rend());
    s.pooling = vt.value("pooling_kernel_size", 3);

    const json text = field<json>(config, "text_config", configFile);
    const json vision = field<json>(config, "vision_config", configFile);
    s.hidden = field<int>(text, "hidden_size", configFile);
    s.vocab = field<int>(text, "vocab_size", configFile);
    s.slidingWindow = text.value("sliding_window", 0);
    s.perLayerInputs = text.value("hidden_size_per_layer_input", 0) > 0;
    s.padTokenId = text.value("pad_token_id", 0);
    s.visionHidden = field<int>(vision, "hidden_size", configFile);
    s.visionHeadDim = field<int>(vision, "head_dim", configFile);
    s.positionSize = field<int>(vision, "position_embedding_size", configFile);
    if (vision.contains("rope_parameters"))
        s.visionRopeTheta = vision["rope_parameters"].value("rope_theta", 100.0);
    s.imageTokenId = field<int>(config, "image_token_id", configFile);
    s.videoTokenId = config.value("video_token_id", -1);

    for (const json& cfg : lm.value("_compile_cfgs", json::array())) {
        const std::string name = cfg.value("compiled_model_name", "");
        s.lmInputs[name] = inputSets(lm, name, rblnFile).at(0);
    }
    for (const char* needed : {"prefill", "decoder_batch_1"})
        if (!s.lmInputs.count(needed))
            throw fileError(rblnFile, std::string("language_model has no ") + needed + " graph");
    for (int b : s.imageBuckets)
        if (!s.lmInputs.count("image_prefill_" + std::to_string(b)))
            throw fileError(rblnFile,
                            "language_model has no image_prefill_" + std::to_string(b) + " graph");
    s.visionInputs = inputSets(vt, "compiled_model", rblnFile);
    s.projectorInputs = inputSets(rbln, "compiled_model", rblnFile);
    if (s.visionInputs.size() != s.levels.size() || s.projectorInputs.size() != s.levels.size())
        throw fileError(rblnFile, "the vision tower / projector hold a different number of graphs "
                                  "than max_soft_tokens lists");

    if (std::filesystem::exists(generationFile)) {
        const json gen = readJson(generationFile);
        s.defaults.doSample = gen.value("do_sample", false);
        s.defaults.temperature = gen.value("temperature", 1.0);
        s.defaults.topK = gen.value("top_k", 50);
        s.defaults.topP = gen.value("top_p", 1.0);
        if (gen.contains("eos_token_id"))
            s.eosIds = intList(gen, "eos_token_id", generationFile);
    }
    if (s.eosIds.empty() && text.contains("eos_token_id"))
        s.eosIds = intList(text, "eos_token_id", configFile);
    if (s.eosIds.empty())
        throw fileError(generationFile, "no eos_token_id");
    return s;
}

} // namespace facet::generate
