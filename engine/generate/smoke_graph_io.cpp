// The graph I/O step of the smoke test. The C API reports a graph's input count and each
// output's byte size but no input sizes (rbln-c-api.md §5), so input sizes are "inferred" twice:
// from input_info (what the engine sends) and from the rest of the configs; both must agree.
#include "generate/smoke_steps.h"

#include <map>
#include <optional>
#include <sstream>

namespace facet::generate {
namespace {

using device::DType;
using device::TensorInfo;
using Shape = std::vector<std::int64_t>;

std::string shapeText(const Shape& shape) {
    std::string text = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        text += (i ? "," : "") + std::to_string(shape[i]);
    return text + "]";
}

// What the configs imply for one graph: input shapes by name (names not listed are not
// inferred) and the outputs in order.
struct Implied {
    std::string name;
    NamedGraph* graph = nullptr;
    std::map<std::string, Shape> inputs;
    std::vector<TensorInfo> outputs;
    std::string because; // the settings the sizes come from
};

Implied languageGraph(const ModelSpec& s, const std::string& name, NamedGraph& graph,
                      std::int64_t chunk, bool decoder) {
    const std::int64_t blocks = s.maxSeqLen / s.blockSize;
    Implied g{name, &graph, {}, {}, ""};
    g.inputs["inputs_embeds"] = {1, chunk, s.hidden};
    g.inputs["cache_position"] = {1, chunk};
    g.inputs["position_ids"] = {1, chunk};
    g.inputs["block_tables"] = decoder ? Shape{1, blocks} : Shape{blocks};
    g.inputs["attention_mask"] = {1, s.maxSeqLen};
    g.outputs = {TensorInfo::make("logits", DType::BFloat16, {1, 1, s.vocab})};
    g.because = (decoder ? std::string("decoder batch 1") : "chunk " + std::to_string(chunk)) +
                ", hidden_size " + std::to_string(s.hidden) + ", max_seq_len " +
                std::to_string(s.maxSeqLen) + ", kvcache_block_size " +
                std::to_string(s.blockSize) + ", vocab_size " + std::to_string(s.vocab);
    return g;
}

std::vector<Implied> impliedGraphs(const ModelSpec& s, GraphSet& graphs) {
    std::vector<Implied> all;
    for (int level : s.levels) {
        const std::int64_t patches = std::int64_t{level} * s.pooling * s.pooling;
        const std::string because = "max_soft_tokens " + std::to_string(level) +
                                    ", pooling_kernel_size " + std::to_string(s.pooling) +
                                    ", vision hidden_size " + std::to_string(s.visionHidden);
        Implied v{
            "vision_tower[" + std::to_string(level) + "]", &graphs.vision(level), {}, {}, because};
        v.inputs["inputs_embeds"] = {1, patches, s.visionHidden};
        v.inputs["pixel_position_ids"] = {1, patches, 2};
        v.inputs["attn_mask"] = {1, patches};
        v.inputs["padding_positions"] = {1, patches};
        v.inputs["cos"] = {1, patches, s.visionHeadDim};
        v.inputs["sin"] = {1, patches, s.visionHeadDim};
        v.outputs = {TensorInfo::make("hidden_states", DType::BFloat16, {1, level, s.visionHidden}),
                     TensorInfo::make("pooler_mask", DType::Bool, {1, level})};
        all.push_back(std::move(v));
        Implied p{"projector[" + std::to_string(level) + "]",
                  &graphs.projector(level),
                  {},
                  {},
                  because + ", text hidden_size " + std::to_string(s.hidden)};
        p.inputs["image_features"] = {1, level, s.visionHidden};
        p.outputs = {TensorInfo::make("image_embeds", s.projectorDtype, {1, level, s.hidden})};
        all.push_back(std::move(p));
    }
    all.push_back(languageGraph(s, "prefill", graphs.prefill(), s.prefillChunk, false));
    for (int bucket : s.imageBuckets)
        all.push_back(languageGraph(s, "image_prefill_" + std::to_string(bucket),
                                    graphs.imagePrefill(bucket), bucket, false));
    all.push_back(languageGraph(s, "decoder_batch_1", graphs.decoder(), 1, true));
    return all;
}

} // namespace

GraphIoFindings checkGraphIo(const ModelSpec& spec, GraphSet& graphs) {
    GraphIoFindings out;
    for (const Implied& g : impliedGraphs(spec, graphs)) {
        const device::Graph& graph = g.graph->graph();
        std::ostringstream detail;
        const auto& inputs = graph.inputs(); // from rbln_config.json's input_info
        const std::uint32_t reportedInputs = graph.reportedInputCount();
        detail << g.name << ": inputs: input_info lists " << inputs.size()
               << ", the runtime reports " << reportedInputs;
        if (reportedInputs != inputs.size())
            out.problems.push_back(
                g.name + ": the runtime reports " + std::to_string(reportedInputs) +
                " inputs, rbln_config.json input_info lists " + std::to_string(inputs.size()));
        for (const TensorInfo& in : inputs) {
            detail << "; " << in.name << " " << shapeText(in.shape) << " "
                   << device::dtypeName(in.dtype) << " " << in.bytes << " B";
            const auto implied = g.inputs.find(in.name);
            if (implied == g.inputs.end()) {
                detail << " (not inferred)";
                continue;
            }
            if (implied->second == in.shape) {
                detail << " (configs agree)";
                continue;
            }
            const TensorInfo want = TensorInfo::make(in.name, in.dtype, implied->second);
            detail << " (configs imply " << shapeText(want.shape) << ")";
            out.problems.push_back(g.name + ": input " + in.name +
                                   ": rbln_config.json input_info " + shapeText(in.shape) + " " +
                                   std::string(device::dtypeName(in.dtype)) + " = " +
                                   std::to_string(in.bytes) + " bytes, but the configs imply " +
                                   shapeText(want.shape) + " = " + std::to_string(want.bytes) +
                                   " bytes (" + g.because + ")");
        }
        const std::vector<std::uint64_t> found = graph.reportedOutputBytes();
        detail << "; outputs: inferred " << g.outputs.size() << ", found " << found.size();
        if (found.size() != g.outputs.size())
            out.problems.push_back(g.name + ": the runtime reports " +
                                   std::to_string(found.size()) + " outputs, the configs imply " +
                                   std::to_string(g.outputs.size()));
        for (std::size_t i = 0; i < g.outputs.size() && i < found.size(); ++i) {
            const TensorInfo& want = g.outputs[i];
            detail << "; " << want.describe() << ": inferred " << want.bytes << " B, found "
                   << found[i] << " B";
            if (found[i] != want.bytes)
                out.problems.push_back(g.name + ": output " + std::to_string(i) + " " +
                                       want.describe() + ": the runtime reports " +
                                       std::to_string(found[i]) + " bytes, the configs imply " +
                                       std::to_string(want.bytes) + " (" + g.because + ")");
        }
        out.details.push_back(detail.str());
    }
    return out;
}

} // namespace facet::generate
