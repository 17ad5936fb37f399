#pragma once
// Every graph of a compiled folder opened on one device: the vision tower and projector per
// detail level (input_info_index = the level's position in the descending max_soft_tokens
// list), text prefill, one image prefill per bucket, and decoder_batch_1. Inputs are set by
// name from the input_info order, so a folder whose graph takes an extra input fails clearly.
#include "device/graph.h"
#include "generate/model_spec.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace facet::generate {

// A graph plus its input names, so callers set inputs by name.
class NamedGraph {
public:
    explicit NamedGraph(std::unique_ptr<device::Graph> graph);
    void set(const std::string& input, const void* data, std::size_t bytes);
    template <typename T> void set(const std::string& input, const std::vector<T>& v) {
        set(input, v.data(), v.size() * sizeof(T));
    }
    // Runs; throws facet::Error naming the graph and carrying the runtime's message.
    void run() { graph_->run(); }
    void read(std::size_t output, void* dst, std::size_t bytes) const {
        graph_->readOutput(output, dst, bytes);
    }
    [[nodiscard]] const device::Graph& graph() const { return *graph_; }

private:
    std::unique_ptr<device::Graph> graph_;
};

class GraphSet {
public:
    // Opens every graph; `progress(step, fraction)`; throws facet::Error naming the file.
    GraphSet(std::shared_ptr<device::RuntimeLibrary> runtime, const ModelSpec& spec, int deviceId,
             const std::function<void(const std::string&, double)>& progress,
             const std::atomic<bool>& stop);

    NamedGraph& vision(int level) { return *vision_.at(level); }
    NamedGraph& projector(int level) { return *projector_.at(level); }
    NamedGraph& prefill() { return *prefill_; }
    NamedGraph& imagePrefill(int bucket) { return *imagePrefill_.at(bucket); }
    NamedGraph& decoder() { return *decoder_; }

private:
    std::map<int, std::unique_ptr<NamedGraph>> vision_;
    std::map<int, std::unique_ptr<NamedGraph>> projector_;
    std::unique_ptr<NamedGraph> prefill_;
    std::map<int, std::unique_ptr<NamedGraph>> imagePrefill_;
    std::unique_ptr<NamedGraph> decoder_;
};

} // namespace facet::generate
