#include "generate/builtin_paths.h"

#include "device/runtime_library.h"

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

namespace facet::generate {

std::filesystem::path builtinDemoModelDir() {
    return FACET_DEMO_MODEL_DIR;
}
std::filesystem::path builtinSimulatorRuntime() {
    return FACET_SIM_RUNTIME;
}

bool isSimulatorFolder(const std::filesystem::path& modelDir) {
    std::ifstream in(modelDir / "config.json");
    if (!in)
        return false;
    const nlohmann::json config = nlohmann::json::parse(in, nullptr, false);
    return !config.is_discarded() && config.is_object() && config.contains("facet_simulator");
}

std::optional<std::filesystem::path> runtimeFor(const std::filesystem::path& modelDir,
                                                std::optional<std::filesystem::path> requested) {
    if (!requested && !std::getenv(device::RuntimeLibrary::kEnvVar) && isSimulatorFolder(modelDir))
        return builtinSimulatorRuntime();
    return requested;
}

} // namespace facet::generate
