#pragma once
// Where this build put the built-in demo model (a simulator folder made by make-sim-model) and
// the simulator runtime library that runs it.
#include <filesystem>

namespace facet::generate {

[[nodiscard]] std::filesystem::path builtinDemoModelDir();
[[nodiscard]] std::filesystem::path builtinSimulatorRuntime();
// True for folders written by the simulator's model writer (config.json has "facet_simulator").
[[nodiscard]] bool isSimulatorFolder(const std::filesystem::path& modelDir);

} // namespace facet::generate
