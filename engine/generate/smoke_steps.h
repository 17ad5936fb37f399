#pragma once
// Pieces of the smoke test (smoke_test.cpp runs them as steps): the graph I/O check against the
// folder's configs, and the built-in test image.
#include "generate/graph_set.h"
#include "generate/model_spec.h"
#include "image/image.h"

#include <filesystem>
#include <string>
#include <vector>

namespace facet::generate {

struct GraphIoFindings {
    std::vector<std::string> details;  // per graph: what was inferred and what was found
    std::vector<std::string> problems; // each disagreement, naming the graph and the tensor
};

// For every graph of `graphs`: the input count rbln_config.json's input_info lists vs the one the
// runtime reports; each input's shape in input_info vs the shape the folder's other settings
// imply (levels, buckets, prefill_chunk_size, max_seq_len, kvcache_block_size, hidden sizes);
// the output count and byte sizes the configs imply vs those the runtime reports.
[[nodiscard]] GraphIoFindings checkGraphIo(const ModelSpec& spec, GraphSet& graphs);

// A fixed 640 x 480 picture (gradients, a grid, a disc): the same bytes on every run.
[[nodiscard]] image::RgbImage smokeTestImage();
// Writes `image` as a 24-bit BMP (the request path takes image files).
void writeBmp(const image::RgbImage& image, const std::filesystem::path& file);

} // namespace facet::generate
