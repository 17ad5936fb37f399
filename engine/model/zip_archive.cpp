#include "model/zip_archive.h"

#include "common/error.h"
#include "model/byte_io.h"
#include "model/zip_format.h"

#include <algorithm>

namespace facet::model {
namespace {

using zip::kCentralHeaderSignature;
using zip::kCentralHeaderSize;
using zip::kLocalHeaderSignature;
using zip::kLocalHeaderSize;
constexpr auto kEndSignature = zip::kEndOfCentralDirectorySignature;
constexpr auto kEndSize = zip::kEndOfCentralDirectorySize;

constexpr std::uint32_t kZip64EndSignature = 0x06064b50;
constexpr std::uint32_t kZip64LocatorSignature = 0x07064b50;
constexpr std::uint16_t kZip64ExtraId = 0x0001;
constexpr size_t kZip64LocatorSize = 20;
constexpr size_t kZip64EndSize = 56;
constexpr std::uint32_t kMax32 = 0xFFFFFFFF;
constexpr std::uint16_t kMax16 = 0xFFFF;

} // namespace

void ZipArchive::fail(const std::string& reason) const {
    throw fileError(file_, "not a readable PyTorch zip archive: " + reason);
}

ZipArchive::ZipArchive(std::filesystem::path file, std::span<const std::byte> bytes)
    : file_(std::move(file)), bytes_(bytes) {
    if (bytes_.size() < kEndSize)
        fail("too short for a zip end record");
    // The end record sits at the very end, followed only by a comment of up to 64 KiB.
    // torch's reader (miniz) takes the last end signature in the file, so this does too: a
    // comment that hides a second end record must not make the two readers disagree.
    std::uint64_t end = bytes_.size() - kEndSize;
    const std::uint64_t lowest = end > kMax16 ? end - kMax16 : 0;
    for (;; --end) {
        if (readLE<std::uint32_t>(&bytes_[end]) == kEndSignature)
            break;
        if (end == lowest)
            fail("no end-of-central-directory record (is this a zip file?)");
    }
    if (end + kEndSize + readLE<std::uint16_t>(&bytes_[end + 20]) != bytes_.size())
        fail("the end-of-central-directory record's comment length does not match the file");
    const std::byte* e = &bytes_[end];
    std::uint64_t count = readLE<std::uint16_t>(e + 10);
    if (readLE<std::uint16_t>(e + 8) != count)
        fail("multi-disk archives are not supported");
    std::uint64_t directorySize = readLE<std::uint32_t>(e + 12);
    std::uint64_t directoryOffset = readLE<std::uint32_t>(e + 16);
    if (readLE<std::uint16_t>(e + 4) != 0 || readLE<std::uint16_t>(e + 6) != 0)
        fail("multi-disk archives are not supported");

    if (end >= kZip64LocatorSize &&
        readLE<std::uint32_t>(&bytes_[end - kZip64LocatorSize]) == kZip64LocatorSignature) {
        const std::uint64_t locator = end - kZip64LocatorSize;
        const std::uint64_t zip64End = readLE<std::uint64_t>(&bytes_[locator + 8]);
        // The zip64 end record must lie whole before its locator (the file may be shorter
        // than a zip64 end record, so nothing is subtracted from the size).
        if (locator < kZip64EndSize || zip64End > locator - kZip64EndSize ||
            readLE<std::uint32_t>(&bytes_[zip64End]) != kZip64EndSignature)
            fail("zip64 end record missing where its locator points");
        const std::byte* z = &bytes_[zip64End];
        count = readLE<std::uint64_t>(z + 32);
        directorySize = readLE<std::uint64_t>(z + 40);
        directoryOffset = readLE<std::uint64_t>(z + 48);
    } else if (count == kMax16 || directorySize == kMax32 || directoryOffset == kMax32) {
        fail("end record needs zip64 values but there is no zip64 locator");
    }
    if (directoryOffset > bytes_.size() || directorySize > bytes_.size() - directoryOffset)
        fail("central directory lies outside the file");
    readCentralDirectory(directoryOffset, directorySize, count);
    refuseDuplicateNames();
}

// torch's reader looks entries up by name with miniz, which compares names without regard to
// ASCII case and, among equal names, may return any of them. Two entries that compare equal
// could therefore be read as different data by torch and by Facet: refuse them all.
void ZipArchive::refuseDuplicateNames() const {
    std::vector<std::string> folded;
    folded.reserve(entries_.size());
    for (const ZipEntry& entry : entries_) {
        std::string name = entry.name;
        for (char& c : name)
            if (c >= 'A' && c <= 'Z')
                c = static_cast<char>(c - 'A' + 'a');
        folded.push_back(std::move(name));
    }
    std::vector<size_t> order(folded.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return folded[a] < folded[b]; });
    for (size_t i = 1; i < order.size(); ++i)
        if (folded[order[i]] == folded[order[i - 1]])
            fail("entries '" + entries_[order[i - 1]].name + "' and '" + entries_[order[i]].name +
                 "' have the same name; torch.load could read either");
}

void ZipArchive::readCentralDirectory(std::uint64_t offset, std::uint64_t size,
                                      std::uint64_t count) {
    const std::uint64_t directoryEnd = offset + size;
    std::uint64_t pos = offset;
    for (std::uint64_t i = 0; i < count; ++i) {
        if (directoryEnd - pos < kCentralHeaderSize ||
            readLE<std::uint32_t>(&bytes_[pos]) != kCentralHeaderSignature)
            fail("central directory entry " + std::to_string(i) + " is corrupt");
        const std::byte* h = &bytes_[pos];
        const auto flags = readLE<std::uint16_t>(h + 8);
        const auto method = readLE<std::uint16_t>(h + 10);
        ZipEntry entry;
        entry.crc32 = readLE<std::uint32_t>(h + 16);
        std::uint64_t compressedSize = readLE<std::uint32_t>(h + 20);
        std::uint64_t size32 = readLE<std::uint32_t>(h + 24);
        const auto nameLength = readLE<std::uint16_t>(h + 28);
        const auto extraLength = readLE<std::uint16_t>(h + 30);
        const auto commentLength = readLE<std::uint16_t>(h + 32);
        std::uint64_t localOffset = readLE<std::uint32_t>(h + 42);
        const std::uint64_t recordSize =
            kCentralHeaderSize + nameLength + extraLength + commentLength;
        if (directoryEnd - pos < recordSize)
            fail("central directory entry " + std::to_string(i) + " is truncated");
        entry.name.assign(reinterpret_cast<const char*>(h + kCentralHeaderSize), nameLength);

        // zip64 extra: 64-bit values for exactly those fields whose 32-bit slot is 0xFFFFFFFF.
        const std::byte* extra = h + kCentralHeaderSize + nameLength;
        for (size_t x = 0; x + 4 <= extraLength;) {
            const auto id = readLE<std::uint16_t>(extra + x);
            const auto length = readLE<std::uint16_t>(extra + x + 2);
            if (x + 4 + length > extraLength)
                fail("entry " + entry.name + " has a truncated extra field");
            if (id == kZip64ExtraId) {
                size_t field = x + 4;
                for (std::uint64_t* value : {&size32, &compressedSize, &localOffset}) {
                    if (*value != kMax32)
                        continue;
                    if (field + 8 > x + 4 + length)
                        fail("entry " + entry.name + " has a short zip64 extra field");
                    *value = readLE<std::uint64_t>(extra + field);
                    field += 8;
                }
            }
            x += 4 + length;
        }
        if (flags & 1u)
            fail("entry " + entry.name + " is encrypted");
        if (method != 0)
            fail("entry " + entry.name + " is compressed (method " + std::to_string(method) +
                 "); torch.save stores entries uncompressed");
        if (compressedSize != size32)
            fail("entry " + entry.name + " has different stored and real sizes");
        entry.size = size32;

        if (localOffset > bytes_.size() || bytes_.size() - localOffset < kLocalHeaderSize ||
            readLE<std::uint32_t>(&bytes_[localOffset]) != kLocalHeaderSignature)
            fail("entry " + entry.name + " has no local header at its offset");
        const std::byte* local = &bytes_[localOffset];
        entry.dataOffset = localOffset + kLocalHeaderSize + readLE<std::uint16_t>(local + 26) +
                           readLE<std::uint16_t>(local + 28);
        if (entry.dataOffset > bytes_.size() || bytes_.size() - entry.dataOffset < entry.size)
            fail("entry " + entry.name + " extends past the end of the file");
        entries_.push_back(std::move(entry));
        pos += recordSize;
    }
}

const ZipEntry* ZipArchive::find(const std::string& name) const {
    auto it = std::find_if(entries_.begin(), entries_.end(),
                           [&](const ZipEntry& e) { return e.name == name; });
    return it == entries_.end() ? nullptr : &*it;
}

std::span<const std::byte> ZipArchive::data(const ZipEntry& entry) const {
    return bytes_.subspan(entry.dataOffset, entry.size);
}

} // namespace facet::model
