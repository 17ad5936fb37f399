#pragma once
// Where the built-in demo model (a simulator folder made by make-sim-model), the simulator
// runtime library that runs it and the sample images are: found at run time from the
// executable's place or the environment (common/install_layout.h), never compiled in.
#include <filesystem>
#include <optional>
#include <string>

namespace facet::generate {

[[nodiscard]] std::filesystem::path builtinDemoModelDir();
[[nodiscard]] std::filesystem::path builtinSimulatorRuntime();
[[nodiscard]] std::filesystem::path builtinSamplesDir();
// True for folders written by the simulator's model writer (config.json has "facet_simulator").
[[nodiscard]] bool isSimulatorFolder(const std::filesystem::path& modelDir);
// The runtime library a folder runs on: `requested` when given; else none (the device layer
// then tries $FACET_RBLN_RUNTIME and librbln_runtime.so), except that a simulator folder runs
// on the built-in simulator when $FACET_RBLN_RUNTIME is unset (it cannot run on the real one).
[[nodiscard]] std::optional<std::filesystem::path>
runtimeFor(const std::filesystem::path& modelDir, std::optional<std::filesystem::path> requested);

// The lines `--version` prints after the version (facet and facet-cli): where the data, the demo
// model and the simulator were found (and how: installed, build tree, environment), and which
// RBLN runtime loads ($FACET_RBLN_RUNTIME or librbln_runtime.so), or why none does.
[[nodiscard]] std::string describeInstall();

} // namespace facet::generate
