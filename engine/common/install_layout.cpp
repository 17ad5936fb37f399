#include "common/install_layout.h"

#include "common/error.h"
#include "common/json_text.h"
#include "common/regular_file.h"

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>

namespace facet::install {
namespace fs = std::filesystem;

namespace {

// Relative install folders (GNUInstallDirs, cmake/FacetInstallDirs.cmake): relative, so they
// say nothing about the build machine.
constexpr const char* kBinDir = FACET_INSTALL_BINDIR;
constexpr const char* kDataDir = FACET_INSTALL_DATADIR;
constexpr const char* kPkgLibDir = FACET_INSTALL_PKGLIBDIR;
constexpr const char* kSimLibrary = "libfacet_rblnsim.so";

std::optional<fs::path> envPath(const char* name) {
    if (const char* v = std::getenv(name); v && *v)
        return fs::path(v);
    return std::nullopt;
}

// <prefix> for <prefix>/<bindir>/exe: one parent per component of the bin folder.
fs::path prefixOf(const fs::path& exe) {
    fs::path prefix = exe.parent_path();
    for (const auto& part : fs::path(kBinDir))
        if (!part.empty() && part != ".")
            prefix = prefix.parent_path();
    return prefix;
}

struct BuildTree {
    fs::path sourceDir;
    fs::path demoModelDir;
    fs::path simRuntime;
};

// The nearest folder above the executable whose facet-build-tree.json describes that very
// folder (a copied or moved build tree's file no longer matches and is ignored).
std::optional<BuildTree> findBuildTree(const fs::path& exe) {
    std::error_code ec;
    for (fs::path dir = exe.parent_path(); !dir.empty(); dir = dir.parent_path()) {
        const fs::path file = dir / kBuildTreeFile;
        if (fs::is_regular_file(file, ec)) {
            try {
                const auto j = parseJson(readTextFile(file, 1 << 16, "a build-tree file"), file);
                if (fs::equivalent(fs::path(j.at("binary_dir").get<std::string>()), dir, ec))
                    return BuildTree{j.at("source_dir").get<std::string>(),
                                     j.at("demo_model_dir").get<std::string>(),
                                     j.at("sim_runtime").get<std::string>()};
            } catch (const std::exception&) {
                // Not ours or damaged: keep looking above.
            }
        }
        if (dir == dir.root_path())
            break;
    }
    return std::nullopt;
}

void setDataFolder(Places& p, const fs::path& data, const char* origin) {
    p.tokenizerDir = data / "gemma4-tokenizer";
    p.demoModelDir = data / "demo-model";
    p.samplesDir = data / "samples";
    p.dataOrigin = origin;
}

} // namespace

fs::path executablePath() {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe;
}

Places placesFor(const fs::path& exe) {
    Places p;
    std::error_code ec;
    const fs::path prefix = exe.empty() ? fs::path() : prefixOf(exe);
    const fs::path installedData = prefix / kDataDir;
    const fs::path installedSim = prefix / kPkgLibDir / kSimLibrary;
    const bool installed = !exe.empty() && fs::is_directory(installedData, ec);
    std::optional<BuildTree> tree;
    if (!installed && !exe.empty())
        tree = findBuildTree(exe);

    if (auto data = envPath(kDataDirEnv))
        setDataFolder(p, *data, kDataDirEnv);
    else if (installed || !tree)
        setDataFolder(p, installedData, installed ? "installed" : "none");
    else {
        p.tokenizerDir = tree->sourceDir / "resources" / "gemma4-tokenizer";
        p.demoModelDir = tree->demoModelDir;
        p.samplesDir = tree->sourceDir / "resources" / "samples";
        p.dataOrigin = "build tree";
    }

    if (auto sim = envPath(kSimRuntimeEnv)) {
        p.simRuntime = *sim;
        p.simOrigin = kSimRuntimeEnv;
    } else if (installed || !tree) {
        p.simRuntime = installedSim;
        p.simOrigin = installed ? "installed" : "none";
    } else {
        p.simRuntime = tree->simRuntime;
        p.simOrigin = "build tree";
    }
    return p;
}

Places places() {
    return placesFor(executablePath());
}

} // namespace facet::install
