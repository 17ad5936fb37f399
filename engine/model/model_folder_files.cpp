// ModelFolder: which files the folder must hold, and whether the host-side weights in the two
// torch_artifacts.pth files open and have the shapes config.json implies.
#include "common/error.h"
#include "model/json_fields.h"
#include "model/model_folder.h"
#include "model/pth_file.h"

#include <algorithm>
#include <optional>

namespace facet::model {
namespace {

bool hasChatTemplateInTokenizerConfig(const std::filesystem::path& file) {
    try {
        const auto j = readJsonObjectFile(file);
        return j.contains("chat_template") && !j["chat_template"].is_null();
    } catch (const Error&) {
        return false;
    }
}

// a * b * c from config.json values, or nullopt when it overflows (a crafted config).
std::optional<std::int64_t> product(std::int64_t a, std::int64_t b, std::int64_t c = 1) {
    std::int64_t out = 0;
    if (__builtin_mul_overflow(a, b, &out) || __builtin_mul_overflow(out, c, &out))
        return std::nullopt;
    return out;
}

} // namespace

void ModelFolder::listFiles() {
    const auto add = [&](std::string path, std::string role, bool required) {
        if (std::none_of(files_.begin(), files_.end(),
                         [&](const FolderFile& f) { return f.relativePath == path; }))
            files_.push_back({std::move(path), std::move(role), required, false});
    };
    add("rbln_config.json", "config", true);
    add("config.json", "config", true);
    add("generation_config.json", "config", false);

    // Graphs: exactly the names in each _compile_cfgs (what optimum-rbln loads), plus those the
    // bucket and batch settings imply, so a config that lost an entry is caught too.
    const auto graphs = [&](const std::string& folder, const std::vector<CompileConfig>& cfgs,
                            const std::vector<std::string>& implied) {
        const std::string prefix = folder.empty() ? "" : folder + "/";
        const std::string section = folder.empty() ? "" : folder + ".";
        for (const std::string& name : implied) {
            add(prefix + name + ".rbln", "graph", true);
            const bool listed = std::any_of(cfgs.begin(), cfgs.end(), [&](const CompileConfig& c) {
                return c.compiledModelName == name;
            });
            if (!cfgs.empty() && !listed)
                problems_.push_back((directory_ / "rbln_config.json").string() + ": " + section +
                                    "_compile_cfgs: no entry for graph '" + name + "'");
        }
        for (const CompileConfig& c : cfgs)
            if (!c.compiledModelName.empty())
                add(prefix + c.compiledModelName + ".rbln", "graph", true);
    };
    if (haveRbln_) {
        graphs("", rbln_.compileCfgs,
               {rbln_.compileCfgs.empty() ? "compiled_model"
                                          : rbln_.compileCfgs[0].compiledModelName});
        graphs("vision_tower", rbln_.visionTower.compileCfgs,
               {rbln_.visionTower.compileCfgs.empty()
                    ? "compiled_model"
                    : rbln_.visionTower.compileCfgs[0].compiledModelName});
        std::vector<std::string> lmGraphs{"prefill"};
        for (auto it = buckets_.rbegin(); it != buckets_.rend(); ++it)
            lmGraphs.push_back("image_prefill_" + std::to_string(*it));
        for (std::int64_t b : decoderBatchSizes())
            lmGraphs.push_back("decoder_batch_" + std::to_string(b));
        graphs("language_model", rbln_.languageModel.compileCfgs, lmGraphs);
    }
    add("vision_tower/torch_artifacts.pth", "weights", true);
    add("language_model/torch_artifacts.pth", "weights", true);
    add("tokenizer.json", "tokenizer", true);
    add("tokenizer_config.json", "tokenizer", false);
    add("chat_template.jinja", "tokenizer", false);
    for (const char* sub : {"vision_tower", "language_model"}) {
        add(std::string(sub) + "/config.json", "config", false);
        add(std::string(sub) + "/rbln_config.json", "config", false);
    }

    for (FolderFile& f : files_) {
        std::error_code ec;
        f.present = std::filesystem::is_regular_file(directory_ / f.relativePath, ec);
        if (f.present)
            continue;
        const std::string where = (directory_ / f.relativePath).string();
        if (f.required)
            problems_.push_back(where + ": missing (" + f.role + ")");
        else if (f.relativePath == "chat_template.jinja" &&
                 !hasChatTemplateInTokenizerConfig(tokenizerConfig()))
            warnings_.push_back(where + ": missing, and tokenizer_config.json has no "
                                        "chat_template; the built-in Gemma 4 format is used");
    }
    // rbln_config.json and config.json problems were already reported when reading them.
    problems_.erase(std::remove_if(problems_.begin(), problems_.end(),
                                   [&](const std::string& p) {
                                       return p == (directory_ / "rbln_config.json").string() +
                                                       ": missing (config)" ||
                                              p == (directory_ / "config.json").string() +
                                                       ": missing (config)";
                                   }),
                    problems_.end());
}

void ModelFolder::checkArtifacts() {
    const auto expect = [&](const PthFile& pth, const std::string& name,
                            const std::vector<std::optional<std::int64_t>>& dims) {
        const TensorView* t = pth.find(name);
        if (t == nullptr) {
            problems_.push_back(pth.path().string() + ": no tensor " + name);
            return;
        }
        std::vector<std::int64_t> shape;
        for (const auto& d : dims) {
            if (!d) {
                problems_.push_back((directory_ / "config.json").string() + ": the shape of " +
                                    name + " overflows 64 bits");
                return;
            }
            shape.push_back(*d);
        }
        if (haveModel_ && t->shape() != shape)
            problems_.push_back(pth.path().string() + ": tensor " + name + " has shape " +
                                shapeText(t->shape()) + ", config.json implies " +
                                shapeText(shape));
    };
    const auto open = [&](const std::filesystem::path& path, auto check) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec))
            return; // already listed as missing
        try {
            check(PthFile::open(path));
        } catch (const Error& e) {
            problems_.push_back(e.what());
        }
    };
    const VisionConfig& v = model_.vision;
    open(visionArtifacts(), [&](const PthFile& pth) {
        expect(pth, "patch_embedder.input_proj.weight",
               {v.hiddenSize, product(3, v.patchSize, v.patchSize)});
        expect(pth, "patch_embedder.position_embedding_table",
               {2, v.positionEmbeddingSize, v.hiddenSize});
    });
    const TextConfig& t = model_.text;
    open(languageArtifacts(), [&](const PthFile& pth) {
        expect(pth, "embed_tokens.weight", {t.vocabSize, t.hiddenSize});
        if (t.hiddenSizePerLayerInput > 0)
            expect(pth, "embed_tokens_per_layer.weight",
                   {t.vocabSizePerLayerInput.value_or(t.vocabSize),
                    product(t.numHiddenLayers, t.hiddenSizePerLayerInput)});
    });
}

} // namespace facet::model
