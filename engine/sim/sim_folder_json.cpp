#include "sim/sim_folder_json.h"

#include "common/error.h"
#include "common/json_text.h"
#include "common/regular_file.h"
#include "device/tensor_info.h"
#include "sim/graph_io.h"

#include <fstream>

namespace facet::sim {
namespace {

constexpr const char* kNpu = kSimulatedNpu;
// The versions each layout claims; 0.11.0 is the release the 0.11 layout was read from, 0.12.0
// the release whose changes the 0.12 layout carries (docs/rbln-runtime.md §1).
std::string optimumVersion(const SimModelOptions& o) {
    return o.optimumRbln == "0.11" ? "0.11.0" : "0.12.0";
}

nlohmann::json compileCfg(const std::string& name, nlohmann::json inputInfo) {
    return {{"compiled_model_name", name},
            {"npu", kNpu},
            {"num_devices", 1},
            {"input_info", std::move(inputInfo)}};
}

// The static KV-cache inputs the real graphs list after the runtime inputs.
nlohmann::json kvEntries(const SimModelOptions& o, const SimModelLayout& l) {
    auto entries = nlohmann::json::array();
    for (int i = 0; i < o.text.layers; ++i) {
        const bool sliding = o.text.sliding[static_cast<size_t>(i)];
        const nlohmann::json shape = sliding ? nlohmann::json{l.cache.batchSize, o.text.kvHeads,
                                                              o.text.slidingWindow, o.text.headDim}
                                             : nlohmann::json{l.cache.numBlocks, o.text.kvHeads,
                                                              l.cache.blockSize, o.text.headDim};
        for (int kv = 0; kv < 2; ++kv)
            entries.push_back({"past_key_values_" + std::to_string(2 * i + kv), shape, "bfloat16"});
    }
    return entries;
}

nlohmann::json kvMetas(const SimModelOptions& o, const SimModelLayout& l) {
    auto metas = nlohmann::json::array();
    const auto entries = kvEntries(o, l);
    for (size_t e = 0; e < entries.size(); ++e) {
        const bool sliding = o.text.sliding[e / 2];
        metas.push_back({{"name", entries[e][0]},
                         {"layer_index", e / 2},
                         {"shape", entries[e][1]},
                         {"layer_type", sliding ? "sliding_attention" : "full_attention"},
                         {"is_auto", !sliding},
                         {"dtype", "bfloat16"}});
    }
    return metas;
}

nlohmann::json lmInputInfo(const GraphSpec& spec, const nlohmann::json& kv) {
    auto info = device::toInputInfo(spec.inputs);
    for (const auto& e : kv)
        info.push_back(e);
    return info;
}

} // namespace

SpecialTokens readSpecialTokens(const std::filesystem::path& tokenizerJson) {
    const nlohmann::json tok = parseJson(
        readTextFile(tokenizerJson, kMaxTokenizerJsonBytes, "a tokenizer.json"), tokenizerJson);
    SpecialTokens t;
    const std::pair<const char*, int64_t*> wanted[] = {
        {"<pad>", &t.pad},       {"<eos>", &t.eos},         {"<bos>", &t.bos},
        {"<|image|>", &t.image}, {"<|image>", &t.boi},      {"<image|>", &t.eoi},
        {"<|video|>", &t.video}, {"<|audio|>", &t.audio},   {"<|audio>", &t.boa},
        {"<audio|>", &t.eoa},    {"<turn|>", &t.endOfTurn}, {"<|tool_response>", &t.toolResponse}};
    for (const auto& added : tok.value("added_tokens", nlohmann::json::array())) {
        // find() rather than value("content", ""): in a unity batch GCC 12 inlines value()
        // deep enough to warn of a null dereference that cannot happen (-Wnull-dereference).
        const auto text = added.is_object() ? added.find("content") : added.end();
        if (text == added.end() || !text->is_string())
            continue;
        for (const auto& [content, id] : wanted)
            if (text->get_ref<const std::string&>() == content)
                *id = added.at("id").get<int64_t>();
    }
    if (t.image < 0 || t.boi < 0 || t.eoi < 0 || t.endOfTurn < 0)
        throw fileError(tokenizerJson, "no Gemma 4 image/turn special tokens in added_tokens");
    return t;
}

nlohmann::json rblnConfig(const SimModelOptions& o, const SimModelLayout& l) {
    const auto& t = o.text;
    const auto& v = o.vision;
    const auto version = optimumVersion(o);
    const bool current = o.optimumRbln != "0.11";
    auto visionSets = nlohmann::json::array(), projectorSets = nlohmann::json::array();
    for (auto mst : l.levels) {
        visionSets.push_back(
            device::toInputInfo(visionTowerSpec(mst, v.poolingKernel, v.hidden, v.headDim).inputs));
        projectorSets.push_back(
            device::toInputInfo(projectorSpec(mst, v.hidden, t.hidden, projectorDtype(o)).inputs));
    }
    nlohmann::json vision = {{"cls_name", "RBLNGemma4VisionModelConfig"},
                             {"dtype", "bfloat16"},
                             {"optimum_rbln_version", version},
                             {"batch_size", 1},
                             {"max_soft_tokens", l.levels},
                             {"pooling_kernel_size", v.poolingKernel},
                             {"patch_size", v.patchSize},
                             {"output_hidden_states", false},
                             {"_compile_cfgs", {compileCfg("compiled_model", visionSets)}}};

    const auto kv = kvEntries(o, l);
    const auto& c = l.cache;
    auto lmCfgs = nlohmann::json::array();
    lmCfgs.push_back(compileCfg(
        "prefill",
        lmInputInfo(prefillSpec(o.prefillChunk, t.hidden, c.maxSeqLen, c.blockSize, t.vocab), kv)));
    for (auto b : l.imageBuckets)
        lmCfgs.push_back(compileCfg(
            "image_prefill_" + std::to_string(b),
            lmInputInfo(prefillSpec(b, t.hidden, c.maxSeqLen, c.blockSize, t.vocab), kv)));
    lmCfgs.push_back(
        compileCfg("decoder_batch_1",
                   lmInputInfo(decoderSpec(1, t.hidden, c.maxSeqLen, c.blockSize, t.vocab), kv)));
    std::vector<int> slidingLayers;
    for (int i = 0; i < t.layers; ++i)
        if (t.sliding[static_cast<size_t>(i)])
            slidingLayers.push_back(i);
    nlohmann::json lm = {{"cls_name", "RBLNGemma4ForCausalLMConfig"},
                         {"dtype", "bfloat16"},
                         {"optimum_rbln_version", version},
                         {"batch_size", 1},
                         {"max_seq_len", c.maxSeqLen},
                         {"use_inputs_embeds", true},
                         {"use_position_ids", true},
                         {"use_attention_mask", true},
                         {"quantization", nlohmann::json::object()},
                         {"lora_config", nullptr},
                         {"attn_impl", "flash_attn"},
                         {"kvcache_partition_len", c.blockSize},
                         {"kvcache_block_size", c.blockSize},
                         {"prefill_chunk_size", o.prefillChunk},
                         {"kvcache_num_blocks", c.numBlocks},
                         {"cache_impl", "hybrid"},
                         {"sliding_window", t.slidingWindow},
                         {"sliding_window_layers", slidingLayers},
                         {"phases", {"prefill", "image_prefill", "decode"}},
                         {"logits_to_keep", 1},
                         {"output_hidden_states", false},
                         {"decoder_batch_sizes", {1}},
                         {"image_prefill_chunk_size", l.imageBuckets},
                         {"_compile_cfgs", lmCfgs}};
    // 0.12 renamed kvcache_metas to cache_metas (deprecate_kwarg in RBLNDecoderOnlyModelConfig)
    // and saves _requires_batch_sort, resolved at compile time for the decode kernel.
    lm[current ? "cache_metas" : "kvcache_metas"] = kvMetas(o, l);
    if (current)
        lm["_requires_batch_sort"] = false;
    return {{"cls_name", "RBLNGemma4ForConditionalGenerationConfig"},
            {"dtype", "bfloat16"},
            {"optimum_rbln_version", version},
            {"_compile_cfgs", {compileCfg("compiled_model", projectorSets)}},
            {"batch_size", 1},
            {"vision_tower", vision},
            {"language_model", lm}};
}

device::DType projectorDtype(const SimModelOptions& o) {
    return o.optimumRbln == "0.11" ? device::DType::Float32 : device::DType::BFloat16;
}

nlohmann::json textConfigJson(const SimModelOptions& o, const SpecialTokens& tok) {
    const auto& t = o.text;
    auto layerTypes = nlohmann::json::array();
    for (bool s : t.sliding)
        layerTypes.push_back(s ? "sliding_attention" : "full_attention");
    nlohmann::json text = {
        {"model_type", "gemma4_text"},
        {"hidden_size", t.hidden},
        {"num_hidden_layers", t.layers},
        {"num_attention_heads", t.heads},
        {"num_key_value_heads", t.kvHeads},
        {"num_global_key_value_heads", t.kvHeads},
        {"head_dim", t.headDim},
        {"global_head_dim", t.headDim},
        {"intermediate_size", t.intermediate},
        {"vocab_size", t.vocab},
        {"vocab_size_per_layer_input", t.vocab},
        {"hidden_size_per_layer_input", 0},
        {"sliding_window", t.slidingWindow},
        {"layer_types", layerTypes},
        {"rope_parameters",
         {{"sliding_attention", {{"rope_type", "default"}, {"rope_theta", t.ropeThetaSliding}}},
          {"full_attention", {{"rope_type", "default"}, {"rope_theta", t.ropeThetaGlobal}}}}},
        {"final_logit_softcapping", t.finalLogitSoftcap},
        {"rms_norm_eps", t.rmsEps},
        {"max_position_embeddings", 262144},
        {"hidden_activation", "gelu_pytorch_tanh"},
        {"pad_token_id", tok.pad},
        {"bos_token_id", tok.bos},
        {"eos_token_id", {tok.eos, tok.endOfTurn}},
        {"tie_word_embeddings", true},
        {"dtype", "bfloat16"}};
    if (o.optimumRbln != "0.11") {
        // transformers >= 5.15 saves the full-attention geometry per layer instead of the
        // top-level keys (Gemma4TextConfig.__post_init__; keys zero-padded layer indices).
        text.erase("global_head_dim");
        text.erase("num_global_key_value_heads");
        const size_t digits = std::to_string(t.layers - 1).size();
        nlohmann::json perLayer = nlohmann::json::object();
        for (size_t i = 0; i < t.sliding.size(); ++i)
            if (!t.sliding[i]) {
                std::string key = std::to_string(i);
                key.insert(0, digits - key.size(), '0');
                perLayer[key] = {{"head_dim", t.headDim}, {"num_key_value_heads", t.kvHeads}};
            }
        text["per_layer_config"] = perLayer;
        text["transformers_version"] = "5.15.0";
    }
    return text;
}

nlohmann::json visionConfigJson(const SimModelOptions& o) {
    const auto& v = o.vision;
    return {{"model_type", "gemma4_vision"},
            {"hidden_size", v.hidden},
            {"num_hidden_layers", v.layers},
            {"num_attention_heads", v.heads},
            {"num_key_value_heads", v.heads},
            {"head_dim", v.headDim},
            {"intermediate_size", v.intermediate},
            {"patch_size", v.patchSize},
            {"pooling_kernel_size", v.poolingKernel},
            {"position_embedding_size", v.positionEmbeddingSize},
            {"rope_parameters", {{"rope_type", "default"}, {"rope_theta", v.ropeTheta}}},
            {"standardize", false},
            {"rms_norm_eps", v.rmsEps},
            {"default_output_length", 280},
            {"hidden_activation", "gelu_pytorch_tanh"},
            {"dtype", "bfloat16"}};
}

nlohmann::json modelConfigJson(const SimModelOptions& o, const SpecialTokens& t) {
    return {{"architectures", {"Gemma4ForConditionalGeneration"}},
            {"model_type", "gemma4"},
            {"transformers_version", o.optimumRbln == "0.11" ? "5.8.1" : "5.15.0"},
            {"dtype", "bfloat16"},
            {"image_token_id", t.image},
            {"boi_token_id", t.boi},
            {"eoi_token_id", t.eoi},
            {"video_token_id", t.video},
            {"audio_token_id", t.audio},
            {"boa_token_id", t.boa},
            {"eoa_token_index", t.eoa},
            {"tie_word_embeddings", true},
            {"text_config", textConfigJson(o, t)},
            {"vision_config", visionConfigJson(o)},
            {"audio_config", nullptr},
            {"facet_simulator",
             {{"seed", o.seed}, {"note", "tiny random model for the Facet NPU simulator"}}}};
}

nlohmann::json generationConfigJson(const SpecialTokens& t) {
    return {{"do_sample", true},
            {"temperature", 1.0},
            {"top_k", 64},
            {"top_p", 0.95},
            {"bos_token_id", t.bos},
            {"pad_token_id", t.pad},
            {"eos_token_id", {t.eos, t.endOfTurn, t.toolResponse}}};
}

} // namespace facet::sim
