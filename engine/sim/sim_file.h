#pragma once
// The simulator's .rbln format (FORMAT.md): a text header that says "facet simulator", a JSON
// description (graph kind, one input/output layout per input_info index, model configuration,
// tensor table), then the bf16 weights. Anything else — a real RBLN .rbln included — is
// refused with a message naming the file.
#include "device/tensor_info.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace facet::sim {

inline constexpr const char* kMagicLine = "facet simulator rbln 1";
inline constexpr int kFormatVersion = 1;

enum class GraphKind { VisionTower, Projector, Prefill, ImagePrefill, Decoder };
[[nodiscard]] const char* graphKindName(GraphKind kind);
[[nodiscard]] GraphKind parseGraphKind(const std::string& name);

// Weights not stored but regenerated: uniform in [-scale, scale) from `seed`, as bf16.
struct GeneratedWeights {
    uint64_t seed = 0;
    float scale = 0.0f;
};

struct StoredTensor {
    std::string name;
    std::vector<int64_t> shape;
    std::vector<uint16_t> bf16;                // empty when `generated`
    std::optional<GeneratedWeights> generated; // set for regenerated tensors

    [[nodiscard]] int64_t elementCount() const;
    // The values as float (regenerating when needed).
    [[nodiscard]] std::vector<float> toFloat() const;
};

// One graph of the file: the layout of one input_info set.
struct GraphSpec {
    std::vector<device::TensorInfo> inputs;
    std::vector<device::TensorInfo> outputs;
};

struct SimFile {
    std::string name; // graph name for errors and fault injection: "prefill", "vision_tower", ...
    GraphKind kind = GraphKind::Prefill;
    std::vector<GraphSpec> graphs; // index = input_info_index
    nlohmann::json config;         // "text", "vision", "cache", "chunk", "max_soft_tokens", ...
    std::vector<StoredTensor> tensors;

    // Throws facet::Error naming the tensor when absent or not of `shape`.
    [[nodiscard]] const StoredTensor& tensor(const std::string& tensorName,
                                             const std::vector<int64_t>& shape) const;
};

void writeSimFile(const std::filesystem::path& path, const SimFile& file);
// Throws facet::fileError(path, ...) for a missing, truncated or non-simulator file.
[[nodiscard]] SimFile readSimFile(const std::filesystem::path& path);

} // namespace facet::sim
