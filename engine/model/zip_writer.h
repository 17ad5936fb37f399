#pragma once
// Writes a zip archive of *stored* (uncompressed) entries the way PyTorch's
// PyTorchStreamWriter does: every entry's data starts at a 64-byte aligned file offset, the gap
// filled by a local-header extra field. Only what the .pth writer needs; zip64 is not written
// (the archive and every entry must stay below 4 GiB).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

namespace facet::model {

class StoredZipWriter {
public:
    // Opens (truncates) `path`; throws facet::Error naming the path on failure.
    explicit StoredZipWriter(std::filesystem::path path);
    StoredZipWriter(const StoredZipWriter&) = delete;
    StoredZipWriter& operator=(const StoredZipWriter&) = delete;

    void addEntry(const std::string& name, std::span<const std::byte> data);
    // Writes the central directory and closes the file; throws on any write error.
    void finish();

    static constexpr std::uint64_t kAlignment = 64;

private:
    struct Entry {
        std::string name;
        std::uint32_t crc;
        std::uint32_t size;
        std::uint32_t headerOffset;
    };
    void write(std::span<const std::byte> bytes);
    void checkFits(std::uint64_t value, const std::string& what) const;

    std::filesystem::path path_;
    std::ofstream out_;
    std::uint64_t offset_ = 0;
    std::vector<Entry> entries_;
};

} // namespace facet::model
