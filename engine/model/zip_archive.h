#pragma once
// Index of a zip archive of *stored* entries held in memory (a MappedFile): the container
// torch.save writes. Reads the central directory, including zip64 end records and zip64 extra
// fields, and resolves each entry's data to a span of the mapped bytes — nothing is copied or
// decompressed. Compressed or encrypted entries are refused by name, and so is anything torch's
// own reader could read differently (two entries of one name, an end record hidden in a comment).
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace facet::model {

struct ZipEntry {
    std::string name;
    std::uint64_t dataOffset = 0; // from the start of the file
    std::uint64_t size = 0;
    std::uint32_t crc32 = 0;
};

class ZipArchive {
public:
    // `file` names the archive in error messages; `bytes` must outlive this object.
    ZipArchive(std::filesystem::path file, std::span<const std::byte> bytes);

    [[nodiscard]] const std::vector<ZipEntry>& entries() const { return entries_; }
    [[nodiscard]] const ZipEntry* find(const std::string& name) const;
    [[nodiscard]] std::span<const std::byte> data(const ZipEntry& entry) const;

private:
    void readCentralDirectory(std::uint64_t offset, std::uint64_t size, std::uint64_t count);
    void refuseDuplicateNames() const;
    [[noreturn]] void fail(const std::string& reason) const;

    std::filesystem::path file_;
    std::span<const std::byte> bytes_;
    std::vector<ZipEntry> entries_;
};

} // namespace facet::model
