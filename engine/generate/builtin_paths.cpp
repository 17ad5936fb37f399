#include "generate/builtin_paths.h"

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

} // namespace facet::generate
