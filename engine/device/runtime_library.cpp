#include "device/runtime_library.h"

#include "common/error.h"
#include "common/regular_file.h"

#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <utility>

namespace facet::device {
namespace {

std::filesystem::path chooseLibrary(const std::optional<std::filesystem::path>& explicitPath) {
    if (explicitPath && !explicitPath->empty())
        return *explicitPath;
    if (const char* env = std::getenv(RuntimeLibrary::kEnvVar); env && env[0])
        return env;
    return RuntimeLibrary::kDefaultName;
}

std::filesystem::path loadedFile(void* handle, const std::filesystem::path& requested) {
    const link_map* map = nullptr;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name && map->l_name[0]) {
        std::error_code ec;
        auto canonical = std::filesystem::canonical(map->l_name, ec);
        return ec ? std::filesystem::path(map->l_name) : canonical;
    }
    return requested;
}

// librbln_runtime.so.0.12.0 -> "0.12.0"; the symlink target usually carries the version.
std::string versionFromFileName(const std::filesystem::path& file) {
    const auto name = file.filename().string();
    const auto at = name.rfind(".so.");
    if (at != std::string::npos && at + 4 < name.size() &&
        std::isdigit(static_cast<unsigned char>(name[at + 4])))
        return name.substr(at + 4);
    return "unknown (the RBLN C API has no version query)";
}

} // namespace

Error deviceError(const std::string& message, const std::filesystem::path& file) {
    ErrorInfo info;
    info.kind = ErrorKind::Device;
    info.message = message;
    info.path = file;
    return Error(std::move(info));
}

std::shared_ptr<RuntimeLibrary>
RuntimeLibrary::load(std::optional<std::filesystem::path> explicitPath) {
    const auto requested = chooseLibrary(explicitPath);
    // A path (FACET_RBLN_RUNTIME, FACET_SIM_RUNTIME, the simulator's install location) must be
    // a regular file: dlopen of a FIFO blocks for ever, of a device reads it. RegularFile opens
    // it without blocking; dlopen then loads that very file through /proc/self/fd, so it cannot
    // be swapped in between (where /proc is missing, the checked path itself). A bare name is
    // the loader's to search, as for any library; a missing file is reported as not found.
    std::optional<RegularFile> file;
    std::string openPath = requested.string();
    std::error_code missing;
    if (requested.string().find('/') != std::string::npos &&
        std::filesystem::exists(requested, missing)) { // a missing one: dlopen's words below
        try {
            file.emplace(requested, std::uint64_t{1} << 40, "a runtime library");
        } catch (const Error& e) {
            throw deviceError(std::string("cannot load the RBLN runtime: ") + e.what(), requested);
        }
        const std::string viaFd = "/proc/self/fd/" + std::to_string(file->descriptor());
        if (::access(viaFd.c_str(), R_OK) == 0)
            openPath = viaFd;
    }
    dlerror();
    void* handle = dlopen(openPath.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        throw deviceError(
            "no RBLN runtime found; install rbln-sdk or use the built-in simulator (" +
                requested.string() + ": " + (why ? why : "dlopen failed") + ")",
            requested);
    }
    std::shared_ptr<RuntimeLibrary> lib(new RuntimeLibrary);
    lib->handle_ = handle;
    std::error_code ec;
    lib->file_ =
        file ? std::filesystem::weakly_canonical(requested, ec) : loadedFile(handle, requested);
    if (lib->file_.empty())
        lib->file_ = requested;

    auto bind = [&](const char* name, bool required) -> void* {
        void* symbol = dlsym(handle, name);
        if (!symbol && required)
            throw deviceError(lib->file_.string() + ": not an RBLN runtime: function " + name +
                                  " is missing",
                              lib->file_);
        return symbol;
    };
#define FACET_BIND_REQUIRED(fn) lib->api_.fn = reinterpret_cast<abi::PFN_##fn>(bind(#fn, true));
#define FACET_BIND_OPTIONAL(fn) lib->api_.fn = reinterpret_cast<abi::PFN_##fn>(bind(#fn, false));
    FACET_RBLN_REQUIRED_FUNCTIONS(FACET_BIND_REQUIRED)
    FACET_RBLN_OPTIONAL_FUNCTIONS(FACET_BIND_OPTIONAL)
#undef FACET_BIND_REQUIRED
#undef FACET_BIND_OPTIONAL
    lib->api_.facet_sim_inject_fault =
        reinterpret_cast<PFN_facet_sim_inject_fault>(bind("facet_sim_inject_fault", false));
    lib->api_.facet_sim_set_cancel_flag =
        reinterpret_cast<PFN_facet_sim_set_cancel_flag>(bind("facet_sim_set_cancel_flag", false));
    if (auto simVersion =
            reinterpret_cast<PFN_facet_sim_version>(bind("facet_sim_version", false))) {
        lib->simulator_ = true;
        lib->version_ = simVersion();
    } else {
        lib->version_ = versionFromFileName(lib->file_);
    }
    return lib;
}

RuntimeLibrary::~RuntimeLibrary() {
    if (handle_)
        dlclose(handle_);
}

std::string RuntimeLibrary::describe() const {
    return std::string(simulator_ ? "Facet NPU simulator " : "RBLN runtime ") + version_ + " (" +
           file_.string() + ")";
}

std::string RuntimeLibrary::lastError() const {
    if (!api_.rbln_get_last_error_msg)
        return "(this runtime gives no error text)";
    const char* msg = api_.rbln_get_last_error_msg();
    if (!msg || !msg[0])
        return "(the runtime reported no error text)";
    return msg;
}

CancelScope::CancelScope(const RuntimeLibrary& runtime, const std::atomic<bool>& stop)
    : set_(runtime.api().facet_sim_set_cancel_flag) {
    if (set_)
        set_(&stop);
}

CancelScope::~CancelScope() {
    if (set_)
        set_(nullptr);
}

} // namespace facet::device
