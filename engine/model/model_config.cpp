#include "model/model_config.h"
#include "model/json_fields.h"

#include <nlohmann/json.hpp>

namespace facet::model {
namespace {

RopeParameters parseRope(const JsonFields& f, RopeParameters fallback) {
    fallback.ropeType = f.string("rope_type").value_or(fallback.ropeType);
    fallback.ropeTheta = f.number("rope_theta").value_or(fallback.ropeTheta);
    if (auto factor = f.number("partial_rotary_factor"))
        fallback.partialRotaryFactor = factor;
    return fallback;
}

// transformers 5 writes `rope_parameters`, either one set or one set per layer type
// ({"full_attention": {...}, "sliding_attention": {...}}); older files carry rope_theta.
std::map<std::string, RopeParameters> parseRopeSets(const JsonFields& f, double defaultTheta) {
    RopeParameters base;
    base.ropeTheta = f.number("rope_theta").value_or(defaultTheta);
    std::map<std::string, RopeParameters> sets;
    if (const auto params = f.child("rope_parameters")) {
        bool perType = false;
        for (const auto& [key, value] : params->object().items())
            if (value.is_object()) {
                perType = true;
                sets[key] = parseRope(*params->child(key), base);
            }
        if (!perType)
            sets["default"] = parseRope(*params, base);
    } else {
        sets["default"] = base;
    }
    return sets;
}

// transformers >= 5.15 (Gemma4TextConfig.__post_init__ + the heterogeneous config helpers)
// no longer saves global_head_dim / num_global_key_value_heads: it folds them into
// per_layer_config = {"05": {"head_dim": 512, "num_key_value_heads": 4}, ...}, one entry per
// full_attention layer, keys zero-padded layer indices. Read the full-attention layers' values
// back into the two fields; they must agree across those layers (one KV geometry per type).
void readPerLayerConfig(const JsonFields& f, TextConfig& t) {
    const auto per = f.child("per_layer_config");
    if (!per)
        return;
    t.perLayerConfig = true;
    for (const auto& [key, value] : per->object().items()) {
        std::size_t used = 0;
        long long layer = -1;
        try {
            layer = std::stoll(key, &used);
        } catch (const std::exception&) {
        }
        if (used != key.size() || layer < 0 || layer >= t.numHiddenLayers) {
            f.problem("per_layer_config", "key '" + key + "' is not a layer index below " +
                                              std::to_string(t.numHiddenLayers));
            continue;
        }
        const auto entry = per->child(key);
        if (!entry)
            continue;
        const bool full = static_cast<std::size_t>(layer) < t.layerTypes.size() &&
                          t.layerTypes[static_cast<std::size_t>(layer)] == "full_attention";
        const auto take = [&](const char* name, std::optional<std::int64_t>& out) {
            const auto v = entry->positiveInteger(name);
            if (!v)
                return;
            if (!full) {
                f.problem("per_layer_config." + key + "." + name,
                          "overrides a sliding_attention layer, which Facet does not support");
                return;
            }
            if (out && *out != *v)
                f.problem("per_layer_config." + key + "." + name,
                          "is " + std::to_string(*v) + " but another full_attention layer has " +
                              std::to_string(*out));
            out = v;
        };
        take("head_dim", t.globalHeadDim);
        take("num_key_value_heads", t.numGlobalKeyValueHeads);
    }
}

void required(const JsonFields& f, std::string_view key, std::int64_t& out) {
    if (auto v = f.positiveInteger(key))
        out = *v;
    else
        f.requireField(key);
}

TextConfig parseText(const JsonFields& f) {
    TextConfig t;
    required(f, "hidden_size", t.hiddenSize);
    required(f, "num_hidden_layers", t.numHiddenLayers);
    required(f, "num_attention_heads", t.numAttentionHeads);
    required(f, "num_key_value_heads", t.numKeyValueHeads);
    required(f, "head_dim", t.headDim);
    required(f, "vocab_size", t.vocabSize);
    t.numGlobalKeyValueHeads = f.positiveInteger("num_global_key_value_heads");
    t.globalHeadDim = f.positiveInteger("global_head_dim");
    t.vocabSizePerLayerInput = f.positiveInteger("vocab_size_per_layer_input");
    t.hiddenSizePerLayerInput = f.nonNegativeInteger("hidden_size_per_layer_input").value_or(0);
    t.maxPositionEmbeddings = f.positiveInteger("max_position_embeddings");
    t.layerTypes = f.stringList("layer_types").value_or(t.layerTypes);
    t.slidingWindow = f.positiveInteger("sliding_window");
    t.finalLogitSoftcapping = f.number("final_logit_softcapping");
    t.rmsNormEps = f.number("rms_norm_eps").value_or(t.rmsNormEps);
    t.padTokenId = f.integer("pad_token_id");
    t.rope = parseRopeSets(f, 10000.0);
    t.tieWordEmbeddings = f.boolean("tie_word_embeddings");
    readPerLayerConfig(f, t);
    if (!t.layerTypes.empty() && t.numHiddenLayers > 0 &&
        static_cast<std::int64_t>(t.layerTypes.size()) != t.numHiddenLayers)
        f.problem("layer_types", "has " + std::to_string(t.layerTypes.size()) +
                                     " entries but num_hidden_layers is " +
                                     std::to_string(t.numHiddenLayers));
    return t;
}

VisionConfig parseVision(const JsonFields& f) {
    VisionConfig v;
    required(f, "hidden_size", v.hiddenSize);
    required(f, "num_hidden_layers", v.numHiddenLayers);
    required(f, "num_attention_heads", v.numAttentionHeads);
    required(f, "head_dim", v.headDim);
    v.numKeyValueHeads = f.positiveInteger("num_key_value_heads");
    v.patchSize = f.positiveInteger("patch_size").value_or(v.patchSize);
    v.poolingKernelSize = f.positiveInteger("pooling_kernel_size").value_or(v.poolingKernelSize);
    v.positionEmbeddingSize =
        f.positiveInteger("position_embedding_size").value_or(v.positionEmbeddingSize);
    v.standardize = f.boolean("standardize").value_or(v.standardize);
    v.rmsNormEps = f.number("rms_norm_eps").value_or(v.rmsNormEps);
    const auto rope = parseRopeSets(f, 100.0);
    v.ropeTheta = rope.begin()->second.ropeTheta;
    v.defaultOutputLength = f.positiveInteger("default_output_length");
    return v;
}

} // namespace

ModelConfig parseModelConfig(const std::filesystem::path& file, const nlohmann::json& json,
                             Problems& problems) {
    const JsonFields top(file, json, "", problems);
    ModelConfig c;
    c.raw = std::make_shared<const nlohmann::json>(json);
    c.modelType = top.string("model_type");
    c.architectures = top.stringList("architectures").value_or(c.architectures);
    c.imageTokenId = top.nonNegativeInteger("image_token_id").value_or(c.imageTokenId);
    c.boiTokenId = top.nonNegativeInteger("boi_token_id").value_or(c.boiTokenId);
    c.eoiTokenId = top.nonNegativeInteger("eoi_token_id").value_or(c.eoiTokenId);
    c.videoTokenId = top.nonNegativeInteger("video_token_id");
    if (const auto text = top.child("text_config"))
        c.text = parseText(*text);
    else
        top.requireField("text_config");
    if (const auto vision = top.child("vision_config"))
        c.vision = parseVision(*vision);
    else
        top.requireField("vision_config");
    return c;
}

GenerationConfig parseGenerationConfig(const std::filesystem::path& file,
                                       const nlohmann::json& json, Problems& problems) {
    const JsonFields f(file, json, "", problems);
    GenerationConfig g;
    g.raw = std::make_shared<const nlohmann::json>(json);
    g.doSample = f.boolean("do_sample").value_or(g.doSample);
    g.temperature = f.number("temperature").value_or(g.temperature);
    if (g.temperature < 0)
        f.problem("temperature", "must not be negative");
    g.topK = f.nonNegativeInteger("top_k").value_or(g.topK);
    g.topP = f.number("top_p").value_or(g.topP);
    if (g.topP < 0 || g.topP > 1)
        f.problem("top_p", "must lie in [0, 1], got " + std::to_string(g.topP));
    g.maxNewTokens = f.positiveInteger("max_new_tokens");
    g.maxLength = f.positiveInteger("max_length");
    if (f.has("eos_token_id")) {
        const auto& eos = json.at("eos_token_id");
        if (eos.is_number_integer())
            g.eosTokenIds = {eos.get<std::int64_t>()};
        else
            g.eosTokenIds = f.integerList("eos_token_id").value_or(g.eosTokenIds);
    }
    g.padTokenId = f.integer("pad_token_id");
    g.bosTokenId = f.integer("bos_token_id");
    return g;
}

} // namespace facet::model
