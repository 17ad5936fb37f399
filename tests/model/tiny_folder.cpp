#include "tiny_folder.h"

#include "model/pth_writer.h"

#include <fstream>

using nlohmann::json;
using namespace facet::model;

namespace {

void writeJson(const std::filesystem::path& path, const json& j) {
    std::ofstream(path) << j.dump(2);
}

json compileCfg(const std::string& name, json inputInfo) {
    return {{"compiled_model_name", name},
            {"npu", "RBLN-CA25"},
            {"num_devices", 1},
            {"input_info", std::move(inputInfo)}};
}

TensorData zeros(std::string name, std::vector<std::int64_t> shape) {
    std::int64_t n = 1;
    for (auto d : shape)
        n *= d;
    return {std::move(name), DType::BFloat16, shape,
            std::vector<std::byte>(static_cast<size_t>(n) * 2)};
}

} // namespace

TinyFolder::TinyFolder() {
    const json levels = {280, 140, 70};
    json visionInfo = json::array(), projectorInfo = json::array();
    for (int level : {280, 140, 70}) {
        const int patches = level * 9;
        visionInfo.push_back(
            json::array({json::array({"inputs_embeds", {1, patches, 4}, "bfloat16"}),
                         json::array({"pixel_position_ids", {1, patches, 2}, "int64"})}));
        projectorInfo.push_back(
            json::array({json::array({"image_features", {1, level, 4}, "float32"})}));
    }
    json lmCfgs = json::array({compileCfg("prefill", json::array())});
    for (int b : {384, 256, 128})
        lmCfgs.push_back(compileCfg("image_prefill_" + std::to_string(b), json::array()));
    lmCfgs.push_back(compileCfg("decoder_batch_1", json::array()));
    rbln = {{"cls_name", "RBLNGemma4ForConditionalGenerationConfig"},
            {"dtype", "bfloat16"},
            {"optimum_rbln_version", "0.11.0"},
            {"batch_size", 1},
            {"some_future_key", {{"kept", true}}},
            {"_compile_cfgs", json::array({compileCfg("compiled_model", projectorInfo)})},
            {"vision_tower",
             {{"cls_name", "RBLNGemma4VisionModelConfig"},
              {"batch_size", 1},
              {"max_soft_tokens", levels},
              {"pooling_kernel_size", 3},
              {"patch_size", 2},
              {"_compile_cfgs", json::array({compileCfg("compiled_model", visionInfo)})}}},
            {"language_model",
             {{"cls_name", "RBLNGemma4ForCausalLMConfig"},
              {"batch_size", 1},
              {"max_seq_len", 4096},
              {"prefill_chunk_size", 128},
              {"attn_impl", "flash_attn"},
              {"kvcache_partition_len", 1024},
              {"kvcache_block_size", 1024},
              {"kvcache_num_blocks", 5},
              {"use_attention_mask", true},
              {"use_position_ids", true},
              {"sliding_window", 512},
              {"sliding_window_layers", {0}},
              {"decoder_batch_sizes", {1}},
              {"image_prefill_chunk_size", {384, 256, 128}},
              {"_compile_cfgs", lmCfgs}}}};
    config = {{"model_type", "gemma4"},
              {"architectures", {"Gemma4ForConditionalGeneration"}},
              {"image_token_id", 30},
              {"boi_token_id", 29},
              {"eoi_token_id", 31},
              {"text_config",
               {{"hidden_size", 8},
                {"num_hidden_layers", 2},
                {"num_attention_heads", 2},
                {"num_key_value_heads", 1},
                {"head_dim", 4},
                {"global_head_dim", 8},
                {"vocab_size", 32},
                {"layer_types", {"sliding_attention", "full_attention"}},
                {"sliding_window", 512},
                {"final_logit_softcapping", 30.0},
                {"rope_parameters",
                 {{"sliding_attention", {{"rope_type", "default"}, {"rope_theta", 10000.0}}},
                  {"full_attention",
                   {{"rope_type", "proportional"},
                    {"rope_theta", 1000000.0},
                    {"partial_rotary_factor", 0.25}}}}}}},
              {"vision_config",
               {{"hidden_size", 4},
                {"num_hidden_layers", 1},
                {"num_attention_heads", 1},
                {"head_dim", 4},
                {"patch_size", 2},
                {"pooling_kernel_size", 3},
                {"position_embedding_size", 10},
                {"standardize", true}}}};
    generation = {{"do_sample", true},
                  {"top_k", 64},
                  {"top_p", 0.95},
                  {"temperature", 1.0},
                  {"eos_token_id", {1, 106, 50}},
                  {"pad_token_id", 0},
                  {"bos_token_id", 2}};
}

void TinyFolder::write(const std::filesystem::path& dir) const {
    std::filesystem::create_directories(dir / "vision_tower");
    std::filesystem::create_directories(dir / "language_model");
    writeJson(dir / "rbln_config.json", rbln);
    writeJson(dir / "config.json", config);
    writeJson(dir / "generation_config.json", generation);
    writeJson(dir / "tokenizer.json", json::object());
    writeJson(dir / "tokenizer_config.json", {{"chat_template", "{{ messages }}"}});
    const auto touchGraphs = [&](const std::filesystem::path& sub, const json& cfgs) {
        for (const auto& c : cfgs)
            std::ofstream(sub / (c["compiled_model_name"].get<std::string>() + ".rbln"));
    };
    touchGraphs(dir, rbln["_compile_cfgs"]);
    touchGraphs(dir / "vision_tower", rbln["vision_tower"]["_compile_cfgs"]);
    touchGraphs(dir / "language_model", rbln["language_model"]["_compile_cfgs"]);
    writeTorchArtifacts(
        dir / "vision_tower" / "torch_artifacts.pth", "torch_artifacts",
        {{"patch_embedder",
          {zeros("input_proj.weight", {4, 12}), zeros("position_embedding_table", {2, 10, 4})}}});
    writeTorchArtifacts(dir / "language_model" / "torch_artifacts.pth", "torch_artifacts",
                        {{"embed_tokens", {zeros("weight", {32, 8})}}});
}
