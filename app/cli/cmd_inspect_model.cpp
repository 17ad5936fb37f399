// facet-cli inspect-model DIR [--json]: what a compiled Gemma 4 folder offers (detail levels,
// image-prefill buckets and which level uses which, sequence limits, graphs present and
// missing) and every problem that keeps it from being used, the simulator graphs' headers
// included (sim_check.h). Exit 0 if usable, 2 if not.
#include "args.h"
#include "command.h"
#include "model/graph_dtypes.h"
#include "model/model_folder.h"
#include "sim/sim_check.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace {

using facet::model::ModelFolder;

std::string listText(const std::vector<std::int64_t>& values) {
    std::string text;
    for (size_t i = 0; i < values.size(); ++i)
        text += (i ? ", " : "") + std::to_string(values[i]);
    return text.empty() ? "-" : text;
}

// Each graph file's input dtypes as input_info records them (static KV-cache inputs summed up
// as one entry), with how many graphs (input_info sets) share them, and the outputs' dtypes
// the host reads (projector: its image_features dtype; vision: bf16 + bool; LM: bf16 logits).
struct GraphDtypes {
    std::string graph;
    std::size_t graphs = 0;
    std::vector<std::pair<std::string, std::string>> inputs;
    std::string outputs;
};

std::vector<GraphDtypes> graphDtypes(const facet::model::RblnConfig& rbln) {
    std::vector<GraphDtypes> out;
    const auto add = [&](const std::string& owner, const auto& cfgs, const std::string& outputs) {
        for (const facet::model::CompileConfig& c : cfgs) {
            GraphDtypes g{owner + c.compiledModelName, c.inputInfo.size(), {}, outputs};
            std::string kv;
            if (!c.inputInfo.empty())
                for (const auto& in : c.inputInfo.front()) {
                    if (in.name.rfind("past_key_values", 0) == 0) {
                        kv = in.dtype;
                        continue;
                    }
                    g.inputs.emplace_back(in.name, in.dtype);
                }
            if (!kv.empty())
                g.inputs.emplace_back("past_key_values_*", kv);
            if (g.outputs.empty())
                for (const auto& [name, dtype] : g.inputs)
                    if (name == "image_features")
                        g.outputs = "image_embeds " + dtype;
            out.push_back(std::move(g));
        }
    };
    add("", rbln.compileCfgs, "");
    add("vision_tower/", rbln.visionTower.compileCfgs, "hidden_states bfloat16, pooler_mask bool");
    add("language_model/", rbln.languageModel.compileCfgs, "logits bfloat16");
    return out;
}

// The folder's problems and those of its simulator graphs, each judged from its header (a
// graph that asks for gigabytes or lacks its weights keeps the folder from being used).
std::vector<std::string> allProblems(const ModelFolder& f) {
    std::vector<std::string> problems = f.problems();
    for (const auto& file : f.files())
        if (file.role == "graph" && file.present)
            if (auto problem = facet::sim::simGraphProblem(f.directory() / file.relativePath))
                problems.push_back(*problem);
    return problems;
}

nlohmann::json toJson(const ModelFolder& f, const std::vector<std::string>& problems) {
    const auto& text = f.modelConfig().text;
    const auto& vision = f.modelConfig().vision;
    nlohmann::json bucketForLevel = nlohmann::json::object();
    for (std::int64_t level : f.detailLevels())
        if (auto b = f.bucketForLevel(level))
            bucketForLevel[std::to_string(level)] = *b;
    nlohmann::json present = nlohmann::json::array(), missing = nlohmann::json::array(),
                   files = nlohmann::json::array();
    for (const auto& file : f.files()) {
        if (file.role == "graph")
            (file.present ? present : missing).push_back(file.relativePath);
        files.push_back({{"path", file.relativePath},
                         {"role", file.role},
                         {"required", file.required},
                         {"present", file.present}});
    }
    const auto optional = [](const auto& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
    const auto layout = facet::model::detectLayout(f.rblnConfig());
    nlohmann::json graphs = nlohmann::json::array();
    for (const auto& g : graphDtypes(f.rblnConfig())) {
        nlohmann::json inputs = nlohmann::json::array();
        for (const auto& [name, dtype] : g.inputs)
            inputs.push_back({{"name", name}, {"dtype", dtype}});
        graphs.push_back({{"graph", g.graph},
                          {"input_info_sets", g.graphs},
                          {"inputs", inputs},
                          {"outputs", g.outputs}});
    }
    return {{"directory", f.directory().string()},
            {"layout",
             {{"name", layout.name},
              {"projector_input_dtype", layout.projectorInputDtype},
              {"cache_metas_key", layout.cacheMetasKey},
              {"per_layer_config", f.modelConfig().text.perLayerConfig}}},
            {"graph_dtypes", graphs},
            {"usable", problems.empty()},
            {"model_type", optional(f.modelConfig().modelType)},
            {"optimum_rbln_version", optional(f.optimumRblnVersion())},
            {"npu", optional(f.npu())},
            {"max_soft_tokens", f.detailLevels()},
            {"image_prefill_chunk_size", f.imagePrefillBuckets()},
            {"bucket_for_level", bucketForLevel},
            {"max_seq_len", f.maxSeqLen()},
            {"prefill_chunk_size", f.prefillChunkSize()},
            {"attn_impl", f.attention().attnImpl},
            {"kvcache_partition_len", optional(f.attention().partitionLen)},
            {"kvcache_block_size", f.attention().blockSize},
            {"kvcache_num_blocks", optional(f.kvcacheNumBlocks())},
            {"sliding_window", optional(f.slidingWindow())},
            {"decoder_batch_sizes", f.decoderBatchSizes()},
            {"text",
             {{"hidden_size", text.hiddenSize},
              {"num_hidden_layers", text.numHiddenLayers},
              {"num_attention_heads", text.numAttentionHeads},
              {"num_key_value_heads", text.numKeyValueHeads},
              {"head_dim", text.headDim},
              {"vocab_size", text.vocabSize}}},
            {"vision",
             {{"hidden_size", vision.hiddenSize},
              {"num_hidden_layers", vision.numHiddenLayers},
              {"patch_size", vision.patchSize},
              {"pooling_kernel_size", vision.poolingKernelSize}}},
            {"graphs", {{"present", present}, {"missing", missing}}},
            {"files", files},
            {"warnings", f.warnings()},
            {"problems", problems}};
}

void printText(const ModelFolder& f, const std::vector<std::string>& problems) {
    if (f.files().empty()) { // not even a folder: nothing else to show
        for (const auto& p : problems)
            std::cout << "problem: " << p << "\n";
        return;
    }
    const auto& m = f.modelConfig();
    std::cout << "Model folder: " << f.directory().string() << "\n"
              << "Model: " << m.modelType.value_or("?") << ", text " << m.text.hiddenSize
              << " hidden x " << m.text.numHiddenLayers << " layers, vocab " << m.text.vocabSize
              << "; vision " << m.vision.hiddenSize << " hidden x " << m.vision.numHiddenLayers
              << " layers\n"
              << "optimum-rbln " << f.optimumRblnVersion().value_or("?") << ", npu "
              << f.npu().value_or("?") << "\n";
    const auto layout = facet::model::detectLayout(f.rblnConfig());
    std::cout << "Layout: " << layout.name << " (projector image_features "
              << (layout.projectorInputDtype.empty() ? "?" : layout.projectorInputDtype)
              << ", KV-cache metadata under "
              << (layout.cacheMetasKey.empty() ? "-" : layout.cacheMetasKey)
              << ", config.json full-attention heads from "
              << (m.text.perLayerConfig ? "per_layer_config" : "top-level keys") << ")\n"
              << "Graph dtypes (input_info):\n";
    for (const auto& g : graphDtypes(f.rblnConfig())) {
        std::cout << "  " << g.graph << " (" << g.graphs << (g.graphs == 1 ? " graph" : " graphs")
                  << "):";
        for (const auto& [name, dtype] : g.inputs)
            std::cout << " " << name << " " << dtype << ";";
        std::cout << " -> " << g.outputs << "\n";
    }
    std::cout << "Detail levels (max_soft_tokens) -> image-prefill bucket:\n";
    for (std::int64_t level : f.detailLevels()) {
        const auto bucket = f.bucketForLevel(level);
        std::cout << "  " << level << " -> " << (bucket ? std::to_string(*bucket) : "none") << "\n";
    }
    const auto& a = f.attention();
    std::cout << "Image-prefill buckets: " << listText(f.imagePrefillBuckets()) << "\n"
              << "max_seq_len " << f.maxSeqLen() << ", prefill_chunk_size " << f.prefillChunkSize()
              << ", " << a.attnImpl;
    if (a.partitionLen)
        std::cout << " (partition " << *a.partitionLen << ")";
    std::cout << ", kvcache block " << a.blockSize << ", decoder batch sizes "
              << listText(f.decoderBatchSizes()) << "\nFiles:\n";
    for (const auto& file : f.files())
        std::cout << "  " << (file.present ? "[ok]      " : "[missing] ") << file.relativePath
                  << (file.required ? "" : " (optional)") << "\n";
    for (const auto& w : f.warnings())
        std::cout << "warning: " << w << "\n";
    if (problems.empty()) {
        std::cout << "Usable: yes\n";
        return;
    }
    std::cout << "Usable: no, " << problems.size() << " problem(s):\n";
    for (const auto& p : problems)
        std::cout << "  - " << p << "\n";
}

int runInspectModel(const std::vector<std::string>& argv) {
    const facet::cli::Args args(argv, {}, {"json"});
    if (args.positionals().size() != 1)
        throw facet::cli::UsageError("expected exactly one DIR");
    const ModelFolder folder = ModelFolder::open(args.positionals()[0]);
    const std::vector<std::string> problems = allProblems(folder);
    if (args.flag("json"))
        std::cout << toJson(folder, problems)
                         .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                  << "\n";
    else
        printText(folder, problems);
    if (!problems.empty() && args.flag("json"))
        for (const auto& p : problems)
            std::cerr << "facet-cli inspect-model: " << p << "\n";
    return problems.empty() ? 0 : 2;
}

const facet::cli::Registration inspectModelRegistration{
    "inspect-model", "inspect-model DIR [--json]", &runInspectModel};

} // namespace
