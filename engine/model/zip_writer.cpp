#include "model/zip_writer.h"

#include "common/crc32.h"
#include "common/error.h"
#include "model/byte_io.h"
#include "model/zip_format.h"

#include <limits>

namespace facet::model {
namespace {

using zip::kCentralHeaderSignature;
using zip::kEndOfCentralDirectorySignature;
using zip::kLocalHeaderSignature;
using zip::kLocalHeaderSize;
constexpr std::uint16_t kVersionNeeded = 20;      // 2.0: plain stored entries
constexpr std::uint16_t kPaddingExtraId = 0x4246; // "FB", the id PyTorch uses for its padding
constexpr size_t kExtraHeaderSize = 4;

} // namespace

StoredZipWriter::StoredZipWriter(std::filesystem::path path)
    : path_(std::move(path)), out_(path_, std::ios::binary | std::ios::trunc) {
    if (!out_)
        throw fileError(path_, "cannot open for writing");
}

void StoredZipWriter::checkFits(std::uint64_t value, const std::string& what) const {
    if (value > std::numeric_limits<std::uint32_t>::max())
        throw fileError(path_, what + " exceeds 4 GiB; zip64 output is not supported");
}

void StoredZipWriter::write(std::span<const std::byte> bytes) {
    out_.write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    if (!out_)
        throw fileError(path_, "write failed");
    offset_ += bytes.size();
}

void StoredZipWriter::addEntry(const std::string& name, std::span<const std::byte> data) {
    checkFits(offset_, "archive size");
    checkFits(data.size(), "entry " + name);
    const std::uint64_t dataStartWithoutPadding =
        offset_ + kLocalHeaderSize + name.size() + kExtraHeaderSize;
    const std::uint64_t padding = (kAlignment - dataStartWithoutPadding % kAlignment) % kAlignment;

    Entry entry{name, facet::crc32(data), static_cast<std::uint32_t>(data.size()),
                static_cast<std::uint32_t>(offset_)};
    std::vector<std::byte> header;
    appendLE<std::uint32_t>(header, kLocalHeaderSignature);
    appendLE<std::uint16_t>(header, kVersionNeeded);
    appendLE<std::uint16_t>(header, 0); // flags
    appendLE<std::uint16_t>(header, 0); // method: stored
    appendLE<std::uint16_t>(header, 0); // time
    appendLE<std::uint16_t>(header, 0); // date
    appendLE<std::uint32_t>(header, entry.crc);
    appendLE<std::uint32_t>(header, entry.size);
    appendLE<std::uint32_t>(header, entry.size);
    appendLE<std::uint16_t>(header, static_cast<std::uint16_t>(name.size()));
    appendLE<std::uint16_t>(header, static_cast<std::uint16_t>(kExtraHeaderSize + padding));
    for (char c : name)
        header.push_back(static_cast<std::byte>(c));
    appendLE<std::uint16_t>(header, kPaddingExtraId);
    appendLE<std::uint16_t>(header, static_cast<std::uint16_t>(padding));
    header.resize(header.size() + padding, std::byte{'Z'});
    write(header);
    write(data);
    entries_.push_back(std::move(entry));
}

void StoredZipWriter::finish() {
    checkFits(offset_, "archive size");
    const std::uint64_t directoryOffset = offset_;
    std::vector<std::byte> directory;
    for (const Entry& e : entries_) {
        appendLE<std::uint32_t>(directory, kCentralHeaderSignature);
        appendLE<std::uint16_t>(directory, kVersionNeeded); // version made by
        appendLE<std::uint16_t>(directory, kVersionNeeded);
        appendLE<std::uint16_t>(directory, 0); // flags
        appendLE<std::uint16_t>(directory, 0); // method
        appendLE<std::uint16_t>(directory, 0); // time
        appendLE<std::uint16_t>(directory, 0); // date
        appendLE<std::uint32_t>(directory, e.crc);
        appendLE<std::uint32_t>(directory, e.size);
        appendLE<std::uint32_t>(directory, e.size);
        appendLE<std::uint16_t>(directory, static_cast<std::uint16_t>(e.name.size()));
        appendLE<std::uint16_t>(directory, 0); // extra
        appendLE<std::uint16_t>(directory, 0); // comment
        appendLE<std::uint16_t>(directory, 0); // disk
        appendLE<std::uint16_t>(directory, 0); // internal attributes
        appendLE<std::uint32_t>(directory, 0); // external attributes
        appendLE<std::uint32_t>(directory, e.headerOffset);
        for (char c : e.name)
            directory.push_back(static_cast<std::byte>(c));
    }
    if (entries_.size() > 0xFFFF)
        throw fileError(path_, "too many entries for a zip without zip64");
    checkFits(directoryOffset + directory.size(), "archive size");
    const auto directorySize = static_cast<std::uint32_t>(directory.size());
    appendLE<std::uint32_t>(directory, kEndOfCentralDirectorySignature);
    appendLE<std::uint16_t>(directory, 0);
    appendLE<std::uint16_t>(directory, 0);
    appendLE<std::uint16_t>(directory, static_cast<std::uint16_t>(entries_.size()));
    appendLE<std::uint16_t>(directory, static_cast<std::uint16_t>(entries_.size()));
    appendLE<std::uint32_t>(directory, directorySize);
    appendLE<std::uint32_t>(directory, static_cast<std::uint32_t>(directoryOffset));
    appendLE<std::uint16_t>(directory, 0);
    write(directory);
    out_.close();
    if (!out_)
        throw fileError(path_, "close failed");
}

} // namespace facet::model
