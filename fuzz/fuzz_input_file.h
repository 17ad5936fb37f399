#pragma once
// The engine reads images and .pth files by path (it maps or probes them), so their fuzz
// targets write each input to one private temporary file first.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace facet::fuzz {

inline std::filesystem::path writeInput(const std::uint8_t* data, std::size_t size,
                                        const char* name) {
    static const std::filesystem::path path = [&] {
        const char* shm = "/dev/shm";
        const std::filesystem::path dir =
            std::filesystem::is_directory(shm) ? shm : std::filesystem::temp_directory_path();
        return dir / ("facet-fuzz-" + std::to_string(::getpid()) + "-" + name);
    }();
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return path;
}

} // namespace facet::fuzz
