#pragma once
// Shared helpers of the simulator tests: a small model folder written through the library,
// graphs opened through the device layer (dlopen of libfacet_rblnsim.so, input layouts taken
// from rbln_config.json as the engine does), and bf16 buffers.
#include "device/graph.h"
#include "sim/sim_model_writer.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace facet::simtest {

// levels {140, 70}, buckets {256, 128}, max_seq_len 2048, partition 1024, chunk 128.
[[nodiscard]] // The optimum-rbln layout the simulator tests write: $FACET_TEST_OPTIMUM_RBLN ("0.11"
              // or
              // "0.12"), default 0.12; tests/sim/CMakeLists.txt runs the parity tests once per
              // layout.
std::string
optimumRblnLayout();
sim::SimModelOptions smallOptions();
// Writes the folder once per process under `dir` and returns the options used.
[[nodiscard]] sim::SimModelOptions writeSmallFolder(const std::filesystem::path& dir);

[[nodiscard]] nlohmann::json readJson(const std::filesystem::path& file);
// The runtime inputs of graph `name` of a submodule's rbln_config.json (input_info set `index`
// for multi-graph files), static KV-cache entries dropped.
[[nodiscard]] std::vector<device::TensorInfo>
inputsFromConfig(const nlohmann::json& cfg, const std::string& name, int index = 0);

// Opens `relativeFile` of `folder` as graph `name` through the device layer.
[[nodiscard]] std::unique_ptr<device::Graph>
openGraph(const std::shared_ptr<device::RuntimeLibrary>& runtime,
          const std::filesystem::path& folder, const std::string& relativeFile,
          const std::string& name, int index, const std::vector<device::TensorInfo>& inputs);

[[nodiscard]] std::vector<uint16_t> randomBf16(std::mt19937& rng, size_t count, float scale);

template <class T> void setInput(device::Graph& graph, size_t index, const std::vector<T>& values) {
    graph.setInput(index, values.data(), values.size() * sizeof(T));
}

} // namespace facet::simtest
