#pragma once
// Writes a complete tiny compiled-model folder in the real optimum-rbln layout
// (rbln-runtime.md §1) whose graphs the simulator runs: configs, tokenizer files, the
// projector, vision tower and language-model .rbln files, and both torch_artifacts.pth in
// PyTorch's format. Deterministic for a given seed.
#include "sim/sim_config.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace facet::sim {

// The NPU the folder claims to be compiled for: a Rebel100-class (RBLN-CR*) device, whose
// limits (flash partition 1,024..16,384) the simulator models.
inline constexpr const char* kSimulatedNpu = "RBLN-CR03";

struct SimModelOptions {
    uint64_t seed = 1;
    std::vector<int64_t> levels{70, 140, 280, 560, 1120}; // vision max_soft_tokens
    std::vector<int64_t> imageBuckets{384, 640, 1152};    // empty: one per level, rounded to 128
    int64_t maxSeqLen = 8192;
    int64_t partition = 1024; // kvcache_partition_len = kvcache_block_size
    int64_t prefillChunk = 128;
    TextConfig text;
    VisionConfig vision;
    // tokenizer.json and chat_template.jinja to copy; empty = the bundled one
    // (defaultTokenizerDir()).
    std::filesystem::path tokenizerDir;
    // A trained weights file (kind "weights", FORMAT.md; the demo model's is
    // resources/demo-model/weights.rbln): its text/vision config and tensors replace the
    // seeded ones (`seed`, `text`, `vision` are then unused). Empty: seeded random weights.
    std::filesystem::path weights;
    // Which optimum-rbln layout to write: "0.12" (the current release: bfloat16 projector,
    // cache_metas, _requires_batch_sort, a transformers 5.15 config.json with per_layer_config)
    // or "0.11" (float32 projector, kvcache_metas, top-level global_head_dim).
    std::string optimumRbln = "0.12";
};

// The validated, normalised bucket lists and cache geometry (levels and buckets descending).
struct SimModelLayout {
    std::vector<int64_t> levels;
    std::vector<int64_t> imageBuckets;
    CacheConfig cache;
};

// Applies the compile-time rules real folders obey (rbln-runtime.md §4, architecture.md);
// throws facet::Error naming the rule a combination breaks.
[[nodiscard]] SimModelLayout resolveLayout(const SimModelOptions& options);

// The bundled Gemma 4 tokenizer folder: installed share/facet/gemma4-tokenizer, $FACET_DATA_DIR's,
// or the source tree's resources/gemma4-tokenizer when run from a build tree (install_layout.h).
[[nodiscard]] std::filesystem::path defaultTokenizerDir();

// Writes the folder (created if needed; existing files of the same names are replaced).
void writeSimModel(const std::filesystem::path& dir, const SimModelOptions& options);

} // namespace facet::sim
