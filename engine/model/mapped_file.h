#pragma once
// A read-only memory map of a whole file. Tensors read from a .pth point into it instead of
// being copied (the 31B text embedding table alone is ~2.8 GB).
#include <cstddef>
#include <filesystem>
#include <span>

namespace facet::model {

class MappedFile {
public:
    // Throws facet::Error naming the path if it cannot be opened or mapped.
    explicit MappedFile(const std::filesystem::path& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    [[nodiscard]] std::span<const std::byte> bytes() const { return {data_, size_}; }
    [[nodiscard]] const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
    const std::byte* data_ = nullptr;
    size_t size_ = 0;
};

} // namespace facet::model
