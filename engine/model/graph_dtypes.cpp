#include "model/graph_dtypes.h"

#include <nlohmann/json.hpp>

#include <map>

namespace facet::model {
namespace {

// What RBLNGemma4VisionModel.forward, get_image_features and the decoder-only runtime hand
// each input (RBLN-SW/optimum-rbln modeling_gemma4.py, decoderonly get_input_info), for a
// bfloat16 model: the model dtype for activations and masks, fixed integer types for indices.
const std::map<std::string, std::string>& fedDtypes() {
    static const std::map<std::string, std::string> fed = {{"inputs_embeds", "bfloat16"},
                                                           {"per_layer_inputs", "bfloat16"},
                                                           {"attn_mask", "bfloat16"},
                                                           {"attention_mask", "bfloat16"},
                                                           {"cos", "bfloat16"},
                                                           {"sin", "bfloat16"},
                                                           {"pixel_position_ids", "int64"},
                                                           {"padding_positions", "bool"},
                                                           {"cache_position", "int32"},
                                                           {"position_ids", "int32"},
                                                           {"block_tables", "int16"},
                                                           {"local_block_tables", "int16"},
                                                           {"query_position", "int16"},
                                                           {"lora_int_ids", "int32"},
                                                           {"image_features", "float32|bfloat16"}};
    return fed;
}

bool accepts(const std::string& fed, const std::string& dtype) {
    if (fed == dtype)
        return true;
    const auto bar = fed.find('|');
    return bar != std::string::npos &&
           (fed.substr(0, bar) == dtype || fed.substr(bar + 1) == dtype);
}

void checkGraphs(const std::string& file, const std::string& owner,
                 const std::vector<CompileConfig>& cfgs, std::vector<std::string>& problems) {
    for (const CompileConfig& c : cfgs) {
        const std::string graph =
            owner.empty() ? c.compiledModelName : owner + "/" + c.compiledModelName;
        if (c.numDevices && *c.numDevices > 1)
            problems.push_back(file + ": graph " + graph + " is compiled for " +
                               std::to_string(*c.numDevices) +
                               " devices (num_devices); this app runs one NPU");
        for (const auto& set : c.inputInfo)
            for (const GraphInput& in : set) {
                const bool cache = in.name.rfind("past_key_values", 0) == 0;
                const std::string want = cache ? "bfloat16" : fedDtype(in.name);
                if (want.empty() || accepts(want, in.dtype))
                    continue;
                problems.push_back(
                    file + ": graph " + graph + ", input " + in.name + " is " + in.dtype +
                    (cache ? ": a KV cache in another dtype than bfloat16 (an fp8 cache) is not "
                             "supported"
                           : ": Facet feeds " + want +
                                 ", as optimum-rbln's host code does for a bfloat16 model"));
                break; // one line per graph is enough to say why it is refused
            }
    }
}

void checkModelDtype(const std::string& file, const std::string& key,
                     const std::optional<std::string>& dtype, std::vector<std::string>& problems) {
    if (dtype && *dtype != "bfloat16")
        problems.push_back(file + ": " + key + " is " + *dtype +
                           ": Facet runs bfloat16 compiles only (the host builds every "
                           "activation in bfloat16)");
}

} // namespace

std::string fedDtype(const std::string& inputName) {
    const auto it = fedDtypes().find(inputName);
    return it == fedDtypes().end() ? std::string() : it->second;
}

FolderLayout detectLayout(const RblnConfig& rbln) {
    FolderLayout l;
    for (const CompileConfig& c : rbln.compileCfgs)
        for (const auto& set : c.inputInfo)
            for (const GraphInput& in : set)
                if (in.name == "image_features" && l.projectorInputDtype.empty())
                    l.projectorInputDtype = in.dtype;
    l.cacheMetasKey = rbln.languageModel.cacheMetasKey;
    l.optimumRblnVersion = rbln.optimumRblnVersion.value_or("");
    // The projector dtype is what the host must act on; the key spelling confirms the line.
    if (l.projectorInputDtype == "float32")
        l.name = "optimum-rbln 0.11";
    else if (!l.projectorInputDtype.empty())
        l.name = "optimum-rbln 0.12";
    else
        l.name = "unknown";
    return l;
}

std::vector<std::string> graphDtypeProblems(const std::string& file, const RblnConfig& rbln) {
    std::vector<std::string> problems;
    checkModelDtype(file, "dtype", rbln.dtype, problems);
    checkModelDtype(file, "vision_tower.dtype", rbln.visionTower.dtype, problems);
    checkModelDtype(file, "language_model.dtype", rbln.languageModel.dtype, problems);
    checkGraphs(file, "", rbln.compileCfgs, problems);
    checkGraphs(file, "vision_tower", rbln.visionTower.compileCfgs, problems);
    checkGraphs(file, "language_model", rbln.languageModel.compileCfgs, problems);
    const auto& lm = rbln.languageModel;
    for (const CacheMeta& m : lm.cacheMetas)
        if (m.dtype != "bfloat16") {
            problems.push_back(file + ": language_model." + lm.cacheMetasKey + " " + m.name +
                               " is " + m.dtype +
                               ": a KV cache in another dtype than bfloat16 (an fp8 cache) is "
                               "not supported");
            break;
        }
    for (const auto& [key, value] : {std::pair{"num_devices", lm.numDevices},
                                     std::pair{"tensor_parallel_size", lm.tensorParallelSize}})
        if (value && *value > 1)
            problems.push_back(file + ": language_model." + key + " is " + std::to_string(*value) +
                               "; this app runs one NPU");
    // RBLNQuantizationConfig: weight-only formats leave the host's inputs as they are;
    // quantized activations or KV caches change what the graphs take.
    const auto lmRaw =
        rbln.raw ? rbln.raw->find("language_model") : nlohmann::json::const_iterator{};
    if (rbln.raw && lmRaw != rbln.raw->end() && lmRaw->is_object()) {
        const auto q = lmRaw->find("quantization");
        if (q != lmRaw->end() && q->is_object())
            for (const char* part : {"activations", "kv_caches"}) {
                const auto v = q->find(part);
                if (v != q->end() && !v->is_null())
                    problems.push_back(file + ": language_model.quantization." + part + " is " +
                                       v->dump() +
                                       ": quantized activations or KV caches are not supported");
            }
    }
    return problems;
}

} // namespace facet::model
