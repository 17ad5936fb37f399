#include "sim/sim_model_writer.h"

#include "common/error.h"
#include "common/install_layout.h"
#include "model/pth_writer.h"
#include "sim/graph_io.h"
#include "sim/sim_file.h"
#include "sim/sim_folder_json.h"
#include "sim/sim_weights.h"
#include "sim/weight_generator.h"

#include <algorithm>
#include <cstring>
#include <fstream>

namespace facet::sim {
namespace {

namespace fs = std::filesystem;

void writeJson(const fs::path& path, const nlohmann::json& value) {
    std::ofstream out(path, std::ios::trunc);
    if (!out)
        throw fileError(path, "cannot create the file");
    out << value.dump(2) << "\n";
    if (!out.flush())
        throw fileError(path, "write failed");
}

void copyFile(const fs::path& from, const fs::path& to) {
    std::error_code ec;
    fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
    if (ec)
        throw fileError(from, "cannot copy to " + to.string() + ": " + ec.message());
}

model::TensorData toTensorData(const StoredTensor& t) {
    model::TensorData d{t.name, model::DType::BFloat16, t.shape, {}};
    const auto values = t.toBf16();
    d.bytes.resize(values.size() * 2);
    std::memcpy(d.bytes.data(), values.data(), d.bytes.size());
    return d;
}

// Every tensor of the folder, by file: seeded, or read from a trained weights file.
struct FolderWeights {
    std::vector<StoredTensor> text, vision, projector, embedder;
};

FolderWeights seededWeights(const SimModelOptions& o) {
    return {textWeights(o.seed, o.text), visionWeights(o.seed, o.vision),
            projectorWeights(o.seed, o.vision, o.text), patchEmbedderWeights(o.seed, o.vision)};
}

// Splits a weights file's tensors by prefix ("text.", "vision.", "projector.", "embedder.") and
// takes its configuration into `o`. Shapes are checked when the graphs load them; the file is
// checked here for what the writer itself needs.
FolderWeights trainedWeights(SimModelOptions& o) {
    const auto file = readSimFile(o.weights, true);
    FolderWeights w;
    try {
        o.text = file.config.at("text").get<TextConfig>();
        o.vision = file.config.at("vision").get<VisionConfig>();
    } catch (const nlohmann::json::exception& e) {
        throw fileError(o.weights, std::string("config: ") + e.what());
    }
    for (auto t : file.tensors) {
        const auto dot = t.name.find('.');
        const auto group = t.name.substr(0, dot);
        t.name = t.name.substr(dot + 1);
        auto* into = group == "text"        ? &w.text
                     : group == "vision"    ? &w.vision
                     : group == "projector" ? &w.projector
                     : group == "embedder"  ? &w.embedder
                                            : nullptr;
        if (dot == std::string::npos || !into)
            throw fileError(o.weights,
                            "tensor '" + t.name +
                                "' is not under text., vision., projector. or embedder.");
        into->push_back(std::move(t));
    }
    const auto lmHead = std::find_if(w.text.begin(), w.text.end(),
                                     [](const StoredTensor& t) { return t.name == "lm_head"; });
    if (lmHead == w.text.end() ||
        lmHead->shape != std::vector<int64_t>{o.text.vocab, o.text.hidden})
        throw fileError(o.weights, "text.lm_head is missing or not [vocab, hidden]");
    return w;
}

const StoredTensor& lmHead(const std::vector<StoredTensor>& text) {
    for (const auto& t : text)
        if (t.name == "lm_head")
            return t;
    throw Error("internal: no lm_head among the language-model weights");
}

nlohmann::json lmFileConfig(const SimModelOptions& o, const SimModelLayout& l) {
    return {{"text", o.text}, {"cache", l.cache}};
}

void writeLanguageModel(const fs::path& dir, const SimModelOptions& o, const SimModelLayout& l,
                        const std::vector<StoredTensor>& weights) {
    const auto& t = o.text;
    const auto& c = l.cache;
    auto graph = [&](const std::string& name, GraphKind kind, GraphSpec spec,
                     nlohmann::json extra) {
        SimFile file{name, kind, {std::move(spec)}, lmFileConfig(o, l), weights};
        file.config.update(extra);
        writeSimFile(dir / (name + ".rbln"), file);
    };
    graph("prefill", GraphKind::Prefill,
          prefillSpec(o.prefillChunk, t.hidden, c.maxSeqLen, c.blockSize, t.vocab),
          {{"chunk", o.prefillChunk}});
    for (auto b : l.imageBuckets)
        graph("image_prefill_" + std::to_string(b), GraphKind::ImagePrefill,
              prefillSpec(b, t.hidden, c.maxSeqLen, c.blockSize, t.vocab), {{"chunk", b}});
    graph("decoder_batch_1", GraphKind::Decoder,
          decoderSpec(1, t.hidden, c.maxSeqLen, c.blockSize, t.vocab), {{"batch", 1}});
    model::writeTorchArtifacts(dir / "torch_artifacts.pth", "torch_artifacts",
                               {{"embed_tokens", {[&] {
                                     auto d = toTensorData(lmHead(weights));
                                     d.name = "weight";
                                     return d;
                                 }()}}});
}

void writeVision(const fs::path& root, const SimModelOptions& o, const SimModelLayout& l,
                 const FolderWeights& w) {
    const auto& v = o.vision;
    SimFile tower{"vision_tower",
                  GraphKind::VisionTower,
                  {},
                  {{"vision", v}, {"max_soft_tokens", l.levels}},
                  w.vision};
    SimFile projector{"projector",
                      GraphKind::Projector,
                      {},
                      {{"vision", v},
                       {"text", o.text},
                       {"max_soft_tokens", l.levels},
                       {"image_features_dtype", device::dtypeName(projectorDtype(o))}},
                      w.projector};
    for (auto mst : l.levels) {
        tower.graphs.push_back(visionTowerSpec(mst, v.poolingKernel, v.hidden, v.headDim));
        projector.graphs.push_back(projectorSpec(mst, v.hidden, o.text.hidden, projectorDtype(o)));
    }
    writeSimFile(root / "vision_tower" / "compiled_model.rbln", tower);
    writeSimFile(root / "compiled_model.rbln", projector);
    std::vector<model::TensorData> embedder;
    for (const auto& t : w.embedder)
        embedder.push_back(toTensorData(t));
    model::writeTorchArtifacts(root / "vision_tower" / "torch_artifacts.pth", "torch_artifacts",
                               {{"patch_embedder", embedder}});
}

} // namespace

std::filesystem::path defaultTokenizerDir() {
    return install::places().tokenizerDir;
}

void writeSimModel(const fs::path& dir, const SimModelOptions& options) {
    SimModelOptions o = options;
    if (o.optimumRbln != "0.11" && o.optimumRbln != "0.12")
        throw Error("optimum-rbln layout '" + o.optimumRbln +
                    "' is not one the simulator writes "
                    "(0.11 or 0.12)");
    const FolderWeights weights = o.weights.empty() ? seededWeights(o) : trainedWeights(o);
    validate(o.text);
    validate(o.vision);
    const auto layout = resolveLayout(o);
    const auto tokenizerDir = o.tokenizerDir.empty() ? defaultTokenizerDir() : o.tokenizerDir;
    const auto tokens = readSpecialTokens(tokenizerDir / "tokenizer.json");
    std::error_code ec;
    for (const auto& sub : {dir, dir / "vision_tower", dir / "language_model"}) {
        fs::create_directories(sub, ec);
        if (ec)
            throw fileError(sub, "cannot create the folder: " + ec.message());
    }
    const auto rbln = rblnConfig(o, layout);
    auto generation = generationConfigJson(tokens);
    // Trained weights (the built-in demo model) ask for greedy decoding, as their accuracy was
    // measured: a tiny model's word answer often has a runner-up close behind, and sampled at
    // temperature 1 the Try it word example came out right in 1 of 6 takes, greedy every time.
    // The app's sampling settings can still turn sampling on.
    if (!o.weights.empty())
        generation["do_sample"] = false;
    writeJson(dir / "rbln_config.json", rbln);
    writeJson(dir / "config.json", modelConfigJson(o, tokens));
    writeJson(dir / "generation_config.json", generation);
    writeJson(dir / "vision_tower" / "rbln_config.json", rbln.at("vision_tower"));
    writeJson(dir / "vision_tower" / "config.json", visionConfigJson(o));
    writeJson(dir / "language_model" / "rbln_config.json", rbln.at("language_model"));
    writeJson(dir / "language_model" / "config.json", textConfigJson(o, tokens));
    writeJson(dir / "language_model" / "generation_config.json", generation);
    copyFile(tokenizerDir / "tokenizer.json", dir / "tokenizer.json");
    copyFile(tokenizerDir / "chat_template.jinja", dir / "chat_template.jinja");
    writeJson(dir / "tokenizer_config.json", {{"tokenizer_class", "GemmaTokenizer"},
                                              {"bos_token", "<bos>"},
                                              {"eos_token", "<eos>"},
                                              {"pad_token", "<pad>"},
                                              {"unk_token", "<unk>"},
                                              {"image_token", "<|image|>"},
                                              {"boi_token", "<|image>"},
                                              {"eoi_token", "<image|>"},
                                              {"padding_side", "left"},
                                              {"model_max_length", layout.cache.maxSeqLen}});
    writeJson(dir / "processor_config.json", {{"processor_class", "Gemma4Processor"},
                                              {"image_seq_length", 280},
                                              {"image_processor",
                                               {{"image_processor_type", "Gemma4ImageProcessor"},
                                                {"do_convert_rgb", true},
                                                {"do_normalize", false},
                                                {"do_rescale", true},
                                                {"do_resize", true},
                                                {"image_mean", {0.0, 0.0, 0.0}},
                                                {"image_std", {1.0, 1.0, 1.0}},
                                                {"max_soft_tokens", 280},
                                                {"patch_size", o.vision.patchSize},
                                                {"pooling_kernel_size", o.vision.poolingKernel},
                                                {"resample", 3},
                                                {"rescale_factor", 1.0 / 255.0}}}});
    writeVision(dir, o, layout, weights);
    writeLanguageModel(dir / "language_model", o, layout, weights.text);
}

} // namespace facet::sim
