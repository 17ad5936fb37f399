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

// The simulator runs tiny Gemma 4-shaped models (the demo's largest tensor, the 262,144-row
// embedding, has 16.8 M elements): a header describing more is damaged or crafted, refused
// before anything is allocated for it.
inline constexpr int64_t kMaxSimTensorElements = int64_t{1} << 27;
inline constexpr int64_t kMaxSimFileElements = int64_t{1} << 28;

// Weights: a file of weights only (a trained model's, read by the folder writer), never a graph.
enum class GraphKind { VisionTower, Projector, Prefill, ImagePrefill, Decoder, Weights };
[[nodiscard]] const char* graphKindName(GraphKind kind);
[[nodiscard]] GraphKind parseGraphKind(const std::string& name);

// Weights not stored but regenerated: uniform in [-scale, scale) from `seed`, as bf16, except
// the stored rows (a trained model's used vocabulary rows of the 262,144-row table): row
// rowIds[i] of the [rows, cols] tensor is rowValues[i*cols .. (i+1)*cols).
struct GeneratedWeights {
    uint64_t seed = 0;
    float scale = 0.0f;
    std::vector<int64_t> rowIds;     // ascending, unique
    std::vector<uint16_t> rowValues; // bf16 [rowIds.size(), cols]
};

struct StoredTensor {
    std::string name;
    std::vector<int64_t> shape;
    std::vector<uint16_t> bf16;                // empty when `generated`
    std::optional<GeneratedWeights> generated; // set for regenerated tensors

    [[nodiscard]] int64_t elementCount() const;
    // The values as bf16 bit patterns / as float (regenerating when needed).
    [[nodiscard]] std::vector<uint16_t> toBf16() const;
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
// Throws facet::fileError(path, ...) for a missing, truncated or non-simulator file, and for a
// file without graphs (a weights-only file) unless `weightsOnly`. Every shape's size is checked
// (kMaxSimTensorElements, kMaxSimFileElements) and every stored tensor's bytes against the
// file's length before anything is allocated for them. `readWeights` false checks the same
// and reads no weights (the tensors' bf16 stay empty): for a check of the file alone.
[[nodiscard]] SimFile readSimFile(const std::filesystem::path& path, bool weightsOnly = false,
                                  bool readWeights = true);

} // namespace facet::sim
