#include "generate/builtin_paths.h"

#include "common/error.h"
#include "common/json_text.h"
#include "common/regular_file.h"
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
    // A probe: any problem means "not the simulator" and the real load reports it.
    try {
        const auto file = modelDir / "config.json";
        const nlohmann::json config =
            parseJson(readTextFile(file, kMaxJsonConfigBytes, "a JSON config"), file);
        return config.is_object() && config.contains("facet_simulator");
    } catch (const Error&) {
        return false;
    }
}

std::optional<std::filesystem::path> runtimeFor(const std::filesystem::path& modelDir,
                                                std::optional<std::filesystem::path> requested) {
    if (!requested && !std::getenv(device::RuntimeLibrary::kEnvVar) && isSimulatorFolder(modelDir))
        return builtinSimulatorRuntime();
    return requested;
}

} // namespace facet::generate
