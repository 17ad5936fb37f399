#include "generate/builtin_paths.h"

#include "common/error.h"
#include "common/install_layout.h"
#include "common/json_text.h"
#include "common/regular_file.h"
#include "device/runtime_library.h"

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace facet::generate {

std::filesystem::path builtinDemoModelDir() {
    return install::places().demoModelDir;
}
std::filesystem::path builtinSimulatorRuntime() {
    return install::places().simRuntime;
}
std::filesystem::path builtinSamplesDir() {
    return install::places().samplesDir;
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

std::string describeInstall() {
    const auto p = install::places();
    std::error_code ec;
    const auto state = [&ec](const std::filesystem::path& path) {
        return std::filesystem::exists(path, ec) ? "" : " — missing";
    };
    std::ostringstream out;
    out << "data: " << p.tokenizerDir.parent_path().string() << " (" << p.dataOrigin << ")\n"
        << "tokenizer: " << p.tokenizerDir.string() << state(p.tokenizerDir) << "\n"
        << "demo model: " << p.demoModelDir.string() << state(p.demoModelDir) << "\n"
        << "simulator: " << p.simRuntime.string() << " (" << p.simOrigin << ")"
        << state(p.simRuntime) << "\n";
    std::string runtime; // loaded first: a failing load must not leave half a line behind
    try {
        runtime = device::RuntimeLibrary::load()->describe();
    } catch (const std::exception& e) {
        runtime = std::string("none (") + e.what() + ")";
    }
    out << "NPU runtime: " << runtime << "\n";
    return out.str();
}

} // namespace facet::generate
