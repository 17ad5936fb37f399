#pragma once
// Where this build put the built-in demo model (a simulator folder made by make-sim-model) and
// the simulator runtime library that runs it.
#include <filesystem>
#include <optional>

namespace facet::generate {

[[nodiscard]] std::filesystem::path builtinDemoModelDir();
[[nodiscard]] std::filesystem::path builtinSimulatorRuntime();
// True for folders written by the simulator's model writer (config.json has "facet_simulator").
[[nodiscard]] bool isSimulatorFolder(const std::filesystem::path& modelDir);
// The runtime library a folder runs on: `requested` when given; else none (the device layer
// then tries $FACET_RBLN_RUNTIME and librbln_runtime.so), except that a simulator folder runs
// on the built-in simulator when $FACET_RBLN_RUNTIME is unset (it cannot run on the real one).
[[nodiscard]] std::optional<std::filesystem::path>
runtimeFor(const std::filesystem::path& modelDir, std::optional<std::filesystem::path> requested);

} // namespace facet::generate
