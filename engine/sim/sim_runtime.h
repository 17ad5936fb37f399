#pragma once
// What the simulator's C API wraps: a loaded .rbln file and one runnable graph of it.
#include "sim/kv_cache.h"
#include "sim/sim_file.h"
#include "sim/text_model.h"
#include "sim/vision_model.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

namespace facet::sim {

// The most memory one simulator graph may plan for (weights, buffers, KV cache), judged from
// its header before anything is allocated: the demo model's largest graph plans ~110 MB.
inline constexpr uint64_t kMaxSimGraphBytes = uint64_t{1} << 30;

// What loading and running a graph will hold at most, from its header alone: the weights as
// bf16 and float (6 bytes an element, generated ones included), each graph's inputs and outputs
// four times over (the buffers and a run's work arrays), and for the language-model graphs the
// KV cache (the sliding-window rings allocated at once, every global block once written).
// Checked arithmetic; 2^62 stands for "more". Throws facet::Error for an invalid config.
[[nodiscard]] uint64_t plannedSimBytes(const SimFile& file);

class LoadedModel {
public:
    // Reads and checks the file; throws facet::Error naming it.
    static std::shared_ptr<const LoadedModel> load(const std::filesystem::path& path);
    // The same checks without building the model or reading its weights (what inspect-model
    // asks): throws facet::Error naming the file and the problem.
    static void check(const std::filesystem::path& path);

    const std::filesystem::path& path() const { return path_; }
    const SimFile& file() const { return file_; }
    std::shared_ptr<const TextModel> text() const { return text_; }
    std::shared_ptr<const VisionModel> vision() const { return vision_; }
    std::shared_ptr<const Projector> projector() const { return projector_; }
    const CacheConfig& cache() const { return cache_; }

private:
    std::filesystem::path path_;
    SimFile file_;
    std::shared_ptr<const TextModel> text_;
    std::shared_ptr<const VisionModel> vision_;
    std::shared_ptr<const Projector> projector_;
    CacheConfig cache_;
};

class GraphInstance {
public:
    // Throws facet::Error for a bad input_info index or device.
    GraphInstance(std::shared_ptr<const LoadedModel> model, int device, int inputInfoIndex);

    const GraphSpec& spec() const { return *spec_; }
    const std::string& name() const { return model_->file().name; }
    // name() plus the level for the per-level graphs of the vision tower and projector
    // ("vision_tower[560]"), so a fault can hit one level only; otherwise name().
    std::string levelName() const;
    // Runs with one pointer per input (each exactly spec().inputs[i].bytes) and fills
    // `outputs` (resized to spec().outputs). Throws facet::Error describing bad inputs.
    void run(const std::vector<const void*>& inputs, std::vector<std::vector<std::byte>>& outputs);

private:
    std::shared_ptr<const LoadedModel> model_;
    const GraphSpec* spec_ = nullptr;
    int index_ = 0;
    std::shared_ptr<KvCache> cache_; // language-model graphs only
};

} // namespace facet::sim
