#pragma once
// Seeded random weights of the tiny model, grouped the way the .rbln files and the
// torch_artifacts.pth files hold them. Every tensor's values depend only on (seed, name).
#include "sim/sim_config.h"
#include "sim/sim_file.h"

#include <cstdint>
#include <string>
#include <vector>

namespace facet::sim {

// Per-tensor seed derived from the model seed and the tensor's name.
[[nodiscard]] uint64_t tensorSeed(uint64_t modelSeed, const std::string& name);

// All language-model weights (layers, final norm, generated lm_head tied to the embedding).
[[nodiscard]] std::vector<StoredTensor> textWeights(uint64_t seed, const TextConfig& c);
// The embedding table = lm_head: [vocab, hidden] bf16, regenerated from the seed.
[[nodiscard]] StoredTensor embeddingTable(uint64_t seed, const TextConfig& c);
[[nodiscard]] std::vector<StoredTensor> visionWeights(uint64_t seed, const VisionConfig& c);
[[nodiscard]] std::vector<StoredTensor> projectorWeights(uint64_t seed, const VisionConfig& v,
                                                         const TextConfig& t);
// Host-side patch embedder: input_proj.weight [VH, 3·patch²] and position_embedding_table
// [2, position_embedding_size, VH].
[[nodiscard]] std::vector<StoredTensor> patchEmbedderWeights(uint64_t seed, const VisionConfig& c);

} // namespace facet::sim
