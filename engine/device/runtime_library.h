#pragma once
// The RBLN runtime loaded at run time with dlopen: the real librbln_runtime.so from rbln-sdk,
// or the built-in simulator (libfacet_rblnsim.so), which exports the same C functions.
// Which file was loaded is reported so the user can see which runtime answers.
#include "device/rbln_api.h"

#include "common/error.h"

#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace facet::device {

// A failure of the runtime or the device (kind Device); `file` is the library or the .rbln file
// it concerns, where there is one.
[[nodiscard]] Error deviceError(const std::string& message, const std::filesystem::path& file = {});

// Function pointers bound from the loaded library; optional ones may be null.
struct RblnApi {
#define FACET_DECLARE_POINTER(fn) abi::PFN_##fn fn = nullptr;
    FACET_RBLN_REQUIRED_FUNCTIONS(FACET_DECLARE_POINTER)
    FACET_RBLN_OPTIONAL_FUNCTIONS(FACET_DECLARE_POINTER)
#undef FACET_DECLARE_POINTER
    PFN_facet_sim_inject_fault facet_sim_inject_fault = nullptr;       // simulator only
    PFN_facet_sim_set_cancel_flag facet_sim_set_cancel_flag = nullptr; // simulator only
};

class RuntimeLibrary {
public:
    // Name searched on the system library path when neither argument nor variable is set.
    static constexpr const char* kDefaultName = "librbln_runtime.so";
    // Environment variable naming the library file to load instead.
    static constexpr const char* kEnvVar = "FACET_RBLN_RUNTIME";

    // Loads `explicitPath`, else $FACET_RBLN_RUNTIME, else librbln_runtime.so. Throws
    // facet::Error ("no RBLN runtime found; ...") when nothing loads, or naming the missing
    // function when the library lacks part of the API.
    static std::shared_ptr<RuntimeLibrary>
    load(std::optional<std::filesystem::path> explicitPath = {});

    ~RuntimeLibrary();
    RuntimeLibrary(const RuntimeLibrary&) = delete;
    RuntimeLibrary& operator=(const RuntimeLibrary&) = delete;

    // The file the dynamic loader actually opened (absolute when the loader reports it).
    const std::filesystem::path& file() const { return file_; }
    // The simulator's version, or the real runtime's version taken from the loaded file's
    // name (librbln_runtime.so.X.Y.Z); the C API has no version query (rbln-c-api.md §11).
    std::string version() const { return version_; }
    bool isSimulator() const { return simulator_; }
    // "simulator 1.0 (/path/libfacet_rblnsim.so)" or "RBLN runtime 0.12.0 (/usr/local/lib/...)"
    std::string describe() const;

    const RblnApi& api() const { return api_; }
    // Whether a running graph can be stopped (the simulator's facet_sim_set_cancel_flag). A
    // real runtime cannot: there the engine stops between calls.
    bool canCancelRuns() const { return api_.facet_sim_set_cancel_flag != nullptr; }
    // The runtime's last error text, or a note that it gives none.
    std::string lastError() const;

private:
    RuntimeLibrary() = default;

    void* handle_ = nullptr;
    std::filesystem::path file_;
    std::string version_;
    bool simulator_ = false;
    RblnApi api_;
};

// While alive, graph runs on this thread stop early (Graph::run throws RunCancelled) once
// `stop` is set, when the runtime supports it; otherwise it does nothing. Restores "no flag" on
// destruction, so a flag never outlives the request that owns it.
class CancelScope {
public:
    CancelScope(const RuntimeLibrary& runtime, const std::atomic<bool>& stop);
    ~CancelScope();
    CancelScope(const CancelScope&) = delete;
    CancelScope& operator=(const CancelScope&) = delete;

private:
    PFN_facet_sim_set_cancel_flag set_ = nullptr;
};

} // namespace facet::device
