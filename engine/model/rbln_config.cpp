#include "model/rbln_config.h"
#include "model/json_fields.h"

#include "common/json_text.h"

namespace facet::model {
namespace {

std::optional<GraphInput> parseGraphInput(const nlohmann::json& j) {
    // ["name", [dims...], "dtype"]
    if (!j.is_array() || j.size() != 3 || !j[0].is_string() || !j[1].is_array() ||
        !j[2].is_string())
        return std::nullopt;
    GraphInput input{j[0].get<std::string>(), {}, j[2].get<std::string>()};
    for (const auto& d : j[1]) {
        if (!d.is_number_integer())
            return std::nullopt;
        input.shape.push_back(d.get<std::int64_t>());
    }
    return input;
}

// input_info is either one set [[name, shape, dtype], ...] or a list of such sets.
bool parseInputInfo(const nlohmann::json& j, std::vector<std::vector<GraphInput>>& out) {
    if (!j.is_array())
        return false;
    const bool singleSet = !j.empty() && j[0].is_array() && !j[0].empty() && j[0][0].is_string();
    const auto parseSet = [](const nlohmann::json& set, std::vector<GraphInput>& inputs) {
        if (!set.is_array())
            return false;
        for (const auto& item : set) {
            auto input = parseGraphInput(item);
            if (!input)
                return false;
            inputs.push_back(std::move(*input));
        }
        return true;
    };
    if (singleSet) {
        out.emplace_back();
        return parseSet(j, out.back());
    }
    for (const auto& set : j) {
        out.emplace_back();
        if (!parseSet(set, out.back()))
            return false;
    }
    return true;
}

std::vector<CompileConfig> parseCompileCfgs(const JsonFields& f) {
    std::vector<CompileConfig> out;
    if (!f.has("_compile_cfgs"))
        return out;
    const auto& list = f.object().at("_compile_cfgs");
    if (!list.is_array()) {
        f.problem("_compile_cfgs", "expected a list, got " + jsonExcerpt(list));
        return out;
    }
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string key = "_compile_cfgs[" + std::to_string(i) + "]";
        if (!list[i].is_object()) {
            f.problem(key, "expected an object");
            continue;
        }
        CompileConfig cfg;
        const auto& e = list[i];
        if (e.contains("compiled_model_name") && e["compiled_model_name"].is_string())
            cfg.compiledModelName = e["compiled_model_name"].get<std::string>();
        else
            f.problem(key + ".compiled_model_name", "expected a string");
        if (e.contains("npu") && e["npu"].is_string())
            cfg.npu = e["npu"].get<std::string>();
        if (e.contains("num_devices") && e["num_devices"].is_number_integer())
            cfg.numDevices = e["num_devices"].get<std::int64_t>();
        if (e.contains("input_info") && !parseInputInfo(e["input_info"], cfg.inputInfo))
            f.problem(key + ".input_info",
                      "expected [name, [dims], dtype] entries (or a list of such sets)");
        out.push_back(std::move(cfg));
    }
    return out;
}

BucketKey readBuckets(const JsonFields& f, std::vector<std::int64_t>& buckets) {
    // v0.11.0+ writes image_prefill_chunk_size; the a13..a15 alphas wrote the plural. Both may
    // be an int or a list.
    if (f.has("image_prefill_chunk_size")) {
        buckets = f.positiveIntegerOrList("image_prefill_chunk_size").value_or(buckets);
        return BucketKey::Singular;
    }
    if (f.has("image_prefill_chunk_sizes")) {
        buckets = f.positiveIntegerOrList("image_prefill_chunk_sizes").value_or(buckets);
        return BucketKey::Plural;
    }
    return BucketKey::Absent;
}

// cache_metas (0.12) or kvcache_metas (<= 0.11): [{name, layer_index, shape, layer_type,
// is_auto, dtype}, ...]; is_auto and keys added later are not needed by the host.
void readCacheMetas(const JsonFields& f, LanguageModelRblnConfig& l) {
    for (const char* key : {"cache_metas", "kvcache_metas"}) {
        if (!f.has(key))
            continue;
        if (!l.cacheMetasKey.empty()) {
            f.problem(key, "is given together with " + l.cacheMetasKey);
            return;
        }
        l.cacheMetasKey = key;
        const auto& list = f.object().at(key);
        if (!list.is_array()) {
            f.problem(key, "expected a list, got " + jsonExcerpt(list));
            continue;
        }
        for (size_t i = 0; i < list.size(); ++i) {
            const auto& e = list[i];
            const std::string at = std::string(key) + "[" + std::to_string(i) + "]";
            if (!e.is_object() || !e.contains("name") || !e["name"].is_string() ||
                !e.contains("dtype") || !e["dtype"].is_string()) {
                f.problem(at, "expected an object with a name and a dtype");
                continue;
            }
            CacheMeta m{
                e["name"].get<std::string>(), std::nullopt, {}, {}, e["dtype"].get<std::string>()};
            if (const auto type = e.find("layer_type"); type != e.end() && type->is_string())
                m.layerType = type->get<std::string>();
            if (e.contains("layer_index") && e["layer_index"].is_number_integer())
                m.layerIndex = e["layer_index"].get<std::int64_t>();
            if (e.contains("shape") && e["shape"].is_array())
                for (const auto& d : e["shape"])
                    if (d.is_number_integer())
                        m.shape.push_back(d.get<std::int64_t>());
            l.cacheMetas.push_back(std::move(m));
        }
    }
}

VisionTowerRblnConfig parseVision(const JsonFields& f) {
    VisionTowerRblnConfig v;
    v.batchSize = f.positiveInteger("batch_size");
    v.maxSoftTokens = f.positiveIntegerOrList("max_soft_tokens").value_or(v.maxSoftTokens);
    v.poolingKernelSize = f.positiveInteger("pooling_kernel_size");
    v.patchSize = f.positiveInteger("patch_size");
    v.optimumRblnVersion = f.string("optimum_rbln_version");
    v.dtype = f.string("dtype");
    v.compileCfgs = parseCompileCfgs(f);
    return v;
}

LanguageModelRblnConfig parseLanguage(const JsonFields& f) {
    LanguageModelRblnConfig l;
    l.batchSize = f.positiveInteger("batch_size");
    l.maxSeqLen = f.positiveInteger("max_seq_len");
    l.prefillChunkSize = f.positiveInteger("prefill_chunk_size");
    l.kvcachePartitionLen = f.positiveInteger("kvcache_partition_len");
    l.kvcacheBlockSize = f.positiveInteger("kvcache_block_size");
    l.kvcacheNumBlocks = f.nonNegativeInteger("kvcache_num_blocks"); // 0 = auto
    l.attnImpl = f.string("attn_impl");
    l.cacheImpl = f.string("cache_impl");
    l.decoderBatchSizes =
        f.positiveIntegerOrList("decoder_batch_sizes").value_or(l.decoderBatchSizes);
    l.slidingWindow = f.positiveInteger("sliding_window");
    l.slidingWindowLayers = f.integerList("sliding_window_layers").value_or(l.slidingWindowLayers);
    l.bucketKey = readBuckets(f, l.imagePrefillChunkSizes);
    l.phases = f.stringList("phases").value_or(l.phases);
    l.useInputsEmbeds = f.boolean("use_inputs_embeds");
    l.useAttentionMask = f.boolean("use_attention_mask");
    l.usePositionIds = f.boolean("use_position_ids");
    l.numDevices = f.positiveInteger("num_devices");
    l.tensorParallelSize = f.positiveInteger("tensor_parallel_size");
    l.optimumRblnVersion = f.string("optimum_rbln_version");
    l.dtype = f.string("dtype");
    readCacheMetas(f, l);
    l.compileCfgs = parseCompileCfgs(f);
    return l;
}

} // namespace

std::optional<std::string> RblnConfig::npu() const {
    for (const auto* cfgs : {&languageModel.compileCfgs, &visionTower.compileCfgs, &compileCfgs})
        for (const CompileConfig& c : *cfgs)
            if (c.npu)
                return c.npu;
    return std::nullopt;
}

RblnConfig parseRblnConfig(const std::filesystem::path& file, const nlohmann::json& json,
                           Problems& problems) {
    const JsonFields top(file, json, "", problems);
    RblnConfig c;
    c.raw = std::make_shared<const nlohmann::json>(json);
    c.clsName = top.string("cls_name");
    c.dtype = top.string("dtype");
    c.optimumRblnVersion = top.string("optimum_rbln_version");
    c.batchSize = top.positiveInteger("batch_size");
    c.compileCfgs = parseCompileCfgs(top);
    if (const auto vision = top.child("vision_tower"))
        c.visionTower = parseVision(*vision);
    else
        top.requireField("vision_tower");
    if (const auto language = top.child("language_model"))
        c.languageModel = parseLanguage(*language);
    else
        top.requireField("language_model");
    return c;
}

} // namespace facet::model
