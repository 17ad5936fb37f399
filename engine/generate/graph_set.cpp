#include "generate/graph_set.h"

#include "common/error.h"

namespace facet::generate {
namespace {

using device::DType;
using device::TensorInfo;

std::unique_ptr<NamedGraph> open(const std::shared_ptr<device::CompiledModel>& model,
                                 const std::string& name, int deviceId, int index,
                                 std::vector<TensorInfo> inputs, std::vector<TensorInfo> outputs) {
    return std::make_unique<NamedGraph>(std::make_unique<device::Graph>(
        model, name, deviceId, index,
        device::GraphSignature{std::move(inputs), std::move(outputs)}));
}

} // namespace

NamedGraph::NamedGraph(std::unique_ptr<device::Graph> graph) : graph_(std::move(graph)) {}

void NamedGraph::set(const std::string& input, const void* data, std::size_t bytes) {
    const auto& inputs = graph_->inputs();
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (inputs[i].name == input) {
            graph_->setInput(i, data, bytes);
            return;
        }
    }
    throw Error("graph '" + graph_->name() + "' has no input named " + input);
}

GraphSet::GraphSet(std::shared_ptr<device::RuntimeLibrary> runtime, const ModelSpec& spec,
                   int deviceId, const std::function<void(const std::string&, double)>& progress,
                   const std::atomic<bool>& stop) {
    const int total =
        2 * static_cast<int>(spec.levels.size()) + 2 + static_cast<int>(spec.imageBuckets.size());
    int done = 0;
    auto step = [&](const std::string& what) {
        if (stop.load())
            throw Error(ErrorKind::Cancelled, "loading " + spec.dir.string() + " was cancelled");
        progress(what, static_cast<double>(done++) / total);
    };
    const std::int64_t vocab = spec.vocab;
    const auto logits =
        std::vector<TensorInfo>{TensorInfo::make("logits", DType::BFloat16, {1, 1, vocab})};

    step("vision tower");
    auto visionModel = std::make_shared<device::CompiledModel>(runtime, spec.dir / "vision_tower" /
                                                                            "compiled_model.rbln");
    auto projectorModel =
        std::make_shared<device::CompiledModel>(runtime, spec.dir / "compiled_model.rbln");
    for (std::size_t i = 0; i < spec.levels.size(); ++i) {
        const int level = spec.levels[i];
        step("vision graphs for detail level " + std::to_string(level));
        vision_[level] =
            open(visionModel, "vision_tower[" + std::to_string(level) + "]", deviceId,
                 spec.visionGraphs[i].inputInfoIndex, spec.visionGraphs[i].inputs,
                 {TensorInfo::make("hidden_states", DType::BFloat16, {1, level, spec.visionHidden}),
                  TensorInfo::make("pooler_mask", DType::Bool, {1, level})});
        projector_[level] =
            open(projectorModel, "projector[" + std::to_string(level) + "]", deviceId,
                 spec.projectorGraphs[i].inputInfoIndex, spec.projectorGraphs[i].inputs,
                 {TensorInfo::make("image_embeds", spec.projectorDtype, {1, level, spec.hidden})});
    }
    const auto lmDir = spec.dir / "language_model";
    step("text prefill");
    prefill_ = open(std::make_shared<device::CompiledModel>(runtime, lmDir / "prefill.rbln"),
                    "prefill", deviceId, 0, spec.lmInputs.at("prefill"), logits);
    for (int bucket : spec.imageBuckets) {
        const std::string name = "image_prefill_" + std::to_string(bucket);
        step(name);
        imagePrefill_[bucket] =
            open(std::make_shared<device::CompiledModel>(runtime, lmDir / (name + ".rbln")), name,
                 deviceId, 0, spec.lmInputs.at(name), logits);
    }
    step("decoder");
    decoder_ =
        open(std::make_shared<device::CompiledModel>(runtime, lmDir / "decoder_batch_1.rbln"),
             "decoder_batch_1", deviceId, 0, spec.lmInputs.at("decoder_batch_1"), logits);
    progress("ready", 1.0);
}

} // namespace facet::generate
