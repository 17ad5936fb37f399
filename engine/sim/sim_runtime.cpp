#include "sim/sim_runtime.h"

#include "common/error.h"
#include "sim/graph_io.h"
#include "sim/lm_graph.h"

#include <cstring>

namespace facet::sim {
namespace {

bool sameLayout(const std::vector<device::TensorInfo>& a,
                const std::vector<device::TensorInfo>& b) {
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].name != b[i].name || a[i].dtype != b[i].dtype || a[i].shape != b[i].shape)
            return false;
    return true;
}

// Files written before the 0.12 layout carry no image_features_dtype: float32.
device::DType projectorDtypeOf(const SimFile& file) {
    const auto it = file.config.find("image_features_dtype");
    return it == file.config.end() ? device::DType::Float32
                                   : device::parseDType(it->get<std::string>());
}

// The layout a graph of this kind must have; the file's own description must agree.
GraphSpec expectedSpec(const SimFile& file, size_t index) {
    const auto& cfg = file.config;
    switch (file.kind) {
    case GraphKind::VisionTower: {
        const auto& v = cfg.at("vision");
        return visionTowerSpec(cfg.at("max_soft_tokens").at(index).get<int64_t>(),
                               v.at("pooling_kernel").get<int64_t>(), v.at("hidden").get<int64_t>(),
                               v.at("head_dim").get<int64_t>());
    }
    case GraphKind::Projector:
        return projectorSpec(cfg.at("max_soft_tokens").at(index).get<int64_t>(),
                             cfg.at("vision").at("hidden").get<int64_t>(),
                             cfg.at("text").at("hidden").get<int64_t>(), projectorDtypeOf(file));
    case GraphKind::Prefill:
    case GraphKind::ImagePrefill: {
        const auto cache = cfg.at("cache").get<CacheConfig>();
        return prefillSpec(cfg.at("chunk").get<int64_t>(),
                           cfg.at("text").at("hidden").get<int64_t>(), cache.maxSeqLen,
                           cache.blockSize, cfg.at("text").at("vocab").get<int64_t>());
    }
    case GraphKind::Decoder: {
        const auto cache = cfg.at("cache").get<CacheConfig>();
        return decoderSpec(cfg.at("batch").get<int64_t>(),
                           cfg.at("text").at("hidden").get<int64_t>(), cache.maxSeqLen,
                           cache.blockSize, cfg.at("text").at("vocab").get<int64_t>());
    }
    case GraphKind::Weights: // readSimFile refuses these as graphs; kept for the switch
        break;
    }
    throw Error("unknown graph kind");
}

// a + b and a * b for the memory plan; a result past 2^62 stands for "too much".
uint64_t add(uint64_t a, uint64_t b) {
    uint64_t r = 0;
    return __builtin_add_overflow(a, b, &r) ? uint64_t{1} << 62 : r;
}
uint64_t mul(uint64_t a, uint64_t b) {
    uint64_t r = 0;
    return __builtin_mul_overflow(a, b, &r) ? uint64_t{1} << 62 : r;
}

} // namespace

uint64_t plannedSimBytes(const SimFile& file) {
    uint64_t bytes = 0;
    for (const auto& t : file.tensors)
        bytes = add(bytes, mul(static_cast<uint64_t>(t.elementCount()), 6));
    for (const auto& g : file.graphs)
        for (const auto* set : {&g.inputs, &g.outputs})
            for (const auto& t : *set)
                bytes = add(bytes, mul(t.bytes, 4));
    if (file.kind == GraphKind::Prefill || file.kind == GraphKind::ImagePrefill ||
        file.kind == GraphKind::Decoder) {
        const auto text = file.config.at("text").get<TextConfig>();
        const auto cache = file.config.at("cache").get<CacheConfig>();
        validate(text);
        validate(cache);
        uint64_t sliding = 0;
        for (bool s : text.sliding)
            sliding += s ? 1 : 0;
        const uint64_t global = static_cast<uint64_t>(text.layers) - sliding;
        const uint64_t row = mul(mul(2, static_cast<uint64_t>(text.kvDim())), sizeof(float));
        bytes = add(bytes, mul(mul(mul(static_cast<uint64_t>(cache.batchSize), sliding),
                                   static_cast<uint64_t>(text.slidingWindow)),
                               row));
        bytes = add(bytes, mul(mul(mul(static_cast<uint64_t>(cache.numBlocks), global),
                                   static_cast<uint64_t>(cache.blockSize)),
                               row));
    }
    return bytes;
}

namespace {

// Everything load() checks before it builds the model: the layout of each graph against its
// kind and configuration, and the memory the graph would take.
void checkFile(const SimFile& file) {
    for (size_t i = 0; i < file.graphs.size(); ++i) {
        const auto expected = expectedSpec(file, i);
        if (!sameLayout(expected.inputs, file.graphs[i].inputs) ||
            !sameLayout(expected.outputs, file.graphs[i].outputs))
            throw Error("graph " + std::to_string(i) + " layout disagrees with its kind '" +
                        graphKindName(file.kind) + "'");
    }
    const uint64_t planned = plannedSimBytes(file);
    if (planned > kMaxSimGraphBytes)
        throw Error("the graph would need " +
                    (planned >= uint64_t{1} << 62 ? std::string("more than 2^62")
                                                  : std::to_string(planned)) +
                    " bytes of memory; the simulator's tiny models need at most " +
                    std::to_string(kMaxSimGraphBytes) +
                    " (its configuration or shapes are damaged or crafted)");
}

template <class T> const T* as(const void* p) {
    return static_cast<const T*>(p);
}

} // namespace

std::shared_ptr<const LoadedModel> LoadedModel::load(const std::filesystem::path& path) {
    auto model = std::make_shared<LoadedModel>();
    model->path_ = path;
    model->file_ = readSimFile(path);
    const auto& file = model->file_;
    try {
        checkFile(file);
        switch (file.kind) {
        case GraphKind::VisionTower:
            model->vision_ = VisionModel::fromFile(file);
            break;
        case GraphKind::Projector:
            model->projector_ = Projector::fromFile(file);
            break;
        default:
            model->cache_ = file.config.at("cache").get<CacheConfig>();
            validate(model->cache_);
            model->text_ = TextModel::fromFile(file);
            break;
        }
    } catch (const nlohmann::json::exception& e) {
        throw fileError(path, std::string("bad simulator configuration: ") + e.what());
    } catch (const Error& e) {
        throw fileError(path, e.what());
    }
    return model;
}

void LoadedModel::check(const std::filesystem::path& path) {
    const SimFile file = readSimFile(path, false, false);
    try {
        checkFile(file);
        if (file.kind == GraphKind::VisionTower || file.kind == GraphKind::Projector)
            validate(file.config.at("vision").get<VisionConfig>());
    } catch (const nlohmann::json::exception& e) {
        throw fileError(path, std::string("bad simulator configuration: ") + e.what());
    } catch (const Error& e) {
        throw fileError(path, e.what());
    }
}

GraphInstance::GraphInstance(std::shared_ptr<const LoadedModel> model, int device, int index)
    : model_(std::move(model)), index_(index) {
    const auto& graphs = model_->file().graphs;
    if (index < 0 || static_cast<size_t>(index) >= graphs.size())
        throw Error("input_info_index " + std::to_string(index) +
                    " is out of range: " + model_->path().string() + " holds " +
                    std::to_string(graphs.size()) + " graph(s)");
    if (device < 0)
        throw Error("device " + std::to_string(device) + " is not a valid NPU device");
    spec_ = &graphs[static_cast<size_t>(index)];
    if (model_->text())
        cache_ = acquireKvCache(model_->path().parent_path(), device, model_->text()->config(),
                                model_->cache());
}

std::string GraphInstance::levelName() const {
    const auto& config = model_->file().config;
    if (!config.contains("max_soft_tokens"))
        return name();
    return name() + "[" +
           std::to_string(
               config.at("max_soft_tokens").at(static_cast<size_t>(index_)).get<int64_t>()) +
           "]";
}

void GraphInstance::run(const std::vector<const void*>& in,
                        std::vector<std::vector<std::byte>>& out) {
    const auto& spec = *spec_;
    out.resize(spec.outputs.size());
    for (size_t i = 0; i < spec.outputs.size(); ++i)
        out[i].assign(spec.outputs[i].bytes, std::byte{0});
    const auto& file = model_->file();
    switch (file.kind) {
    case GraphKind::VisionTower: {
        const auto mst =
            file.config.at("max_soft_tokens").at(static_cast<size_t>(index_)).get<int64_t>();
        const VisionInputs vi{as<uint16_t>(in[0]), as<int64_t>(in[1]),  as<uint16_t>(in[2]),
                              as<uint8_t>(in[3]),  as<uint16_t>(in[4]), as<uint16_t>(in[5])};
        model_->vision()->run(mst, vi, reinterpret_cast<uint16_t*>(out[0].data()),
                              reinterpret_cast<uint8_t*>(out[1].data()));
        return;
    }
    case GraphKind::Projector:
        if (spec.inputs[0].dtype == device::DType::BFloat16)
            model_->projector()->runBf16(spec.inputs[0].shape[1], as<uint16_t>(in[0]),
                                         reinterpret_cast<uint16_t*>(out[0].data()));
        else
            model_->projector()->run(spec.inputs[0].shape[1], as<float>(in[0]),
                                     reinterpret_cast<float*>(out[0].data()));
        return;
    case GraphKind::Prefill:
    case GraphKind::ImagePrefill: {
        int16_t queryPosition = 0;
        std::memcpy(&queryPosition, in[4], sizeof queryPosition);
        const PrefillInputs pi{as<uint16_t>(in[0]), as<int32_t>(in[1]), as<int16_t>(in[2]),
                               *as<int16_t>(in[3]), queryPosition,      as<uint16_t>(in[5]),
                               as<int32_t>(in[6])};
        runPrefill(*model_->text(), *cache_, spec.inputs[0].shape[1],
                   file.kind == GraphKind::ImagePrefill, pi,
                   reinterpret_cast<uint16_t*>(out[0].data()));
        return;
    }
    case GraphKind::Decoder: {
        const DecodeInputs di{as<uint16_t>(in[0]), as<int32_t>(in[1]),  as<int16_t>(in[2]),
                              as<int16_t>(in[3]),  as<uint16_t>(in[4]), as<int32_t>(in[5])};
        runDecode(*model_->text(), *cache_, spec.inputs[0].shape[0], di,
                  reinterpret_cast<uint16_t*>(out[0].data()));
        return;
    }
    case GraphKind::Weights:
        throw Error("a weights-only file is not a graph");
    }
}

} // namespace facet::sim
