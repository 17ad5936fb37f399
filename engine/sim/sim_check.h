#pragma once
// Whether a graph file of a model folder would load in the simulator, judged without loading
// it: for `facet-cli inspect-model`, which used to call a folder usable whose prefill.rbln
// asked for gigabytes or described data the file does not hold.
#include <filesystem>
#include <optional>
#include <string>

namespace facet::sim {

// For a simulator graph (a file whose first line says "facet simulator"): "PATH: reason" when
// it cannot load — a malformed or truncated header, shapes past the simulator's limits,
// weights the file does not hold, a layout that disagrees with its kind, more memory than
// kMaxSimGraphBytes — and nothing when it would. Nothing too for any other file: a real RBLN
// graph is the runtime's to judge. Reads the header only.
[[nodiscard]] std::optional<std::string> simGraphProblem(const std::filesystem::path& file);

} // namespace facet::sim
