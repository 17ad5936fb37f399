#pragma once
// Where Facet's data files and the simulator library are, found at run time. Nothing of the
// machine that built Facet is compiled in (an installed tree may be moved anywhere), so each
// place comes from, in order:
//   1. an environment variable: FACET_DATA_DIR (a folder holding gemma4-tokenizer/, demo-model/
//      and samples/), FACET_SIM_RUNTIME (the simulator library file);
//   2. the installed layout, relative to the running executable <prefix>/bin/X:
//      <prefix>/share/facet/... and <prefix>/lib/<multiarch>/facet/libfacet_rblnsim.so;
//   3. a CMake build tree holding the executable: the nearest folder above it with a
//      facet-build-tree.json (written by the build) names the source folder, the demo model and
//      the simulator library. An installed tree has no such file.
// When nothing exists the installed-layout path is returned, so an error names where it looked.
#include <filesystem>
#include <string>

namespace facet::install {

inline constexpr const char* kDataDirEnv = "FACET_DATA_DIR";
inline constexpr const char* kSimRuntimeEnv = "FACET_SIM_RUNTIME";
// Name of the file a build tree carries at its top (see above).
inline constexpr const char* kBuildTreeFile = "facet-build-tree.json";

struct Places {
    std::filesystem::path tokenizerDir; // tokenizer.json and the chat templates
    std::filesystem::path demoModelDir; // the built-in demo model (read in place, never written)
    std::filesystem::path samplesDir;   // sample images
    std::filesystem::path simRuntime;   // libfacet_rblnsim.so
    // Where the data places came from: "FACET_DATA_DIR", "installed", "build tree" or "none";
    // the same for the simulator library ("FACET_SIM_RUNTIME" possible there).
    std::string dataOrigin;
    std::string simOrigin;
};

// The running executable (/proc/self/exe), empty when it cannot be read.
[[nodiscard]] std::filesystem::path executablePath();
// The places for an executable at `exe` with the current environment.
[[nodiscard]] Places placesFor(const std::filesystem::path& exe);
// placesFor(executablePath()).
[[nodiscard]] Places places();

} // namespace facet::install
