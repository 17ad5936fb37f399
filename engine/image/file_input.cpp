// Reads an image file without trusting what the path names: a FIFO would block a plain open()
// forever, /dev/zero would be read until memory runs out, and a multi-gigabyte file used to be
// read whole before its 8-byte signature was looked at.
#include "image/file_input.h"

#include "common/error.h"
#include "image/formats.h"

#include <algorithm>
#include <limits>
#include <string>

namespace facet::image::detail {
namespace {

std::string mebibytes(std::uint64_t bytes) {
    return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

} // namespace

OpenedImageFile openImageFile(const std::filesystem::path& file) {
    // Opened as every user-named file is (common/regular_file.h: regular files only, without
    // blocking). Its size limit is checked here, after the signature: a large file that is not
    // an image is named as such, unread.
    OpenedImageFile opened;
    opened.file =
        std::make_unique<RegularFile>(file, std::numeric_limits<std::uint64_t>::max(), "an image");
    const RegularFile& in = *opened.file;
    std::uint8_t signature[16];
    const auto signatureSize =
        static_cast<std::size_t>(std::min<std::uint64_t>(in.size(), sizeof signature));
    in.readAt(0, signature, signatureSize);
    sniffFormat(Bytes(signature, signatureSize));
    if (in.size() > kMaxImageFileBytes)
        throw Error("the file is " + mebibytes(in.size()) + ", more than the " +
                    mebibytes(kMaxImageFileBytes) + " Facet reads as an image");
    opened.head.resize(static_cast<std::size_t>(std::min(in.size(), kImageHeadBytes)));
    in.readAt(0, opened.head.data(), opened.head.size());
    return opened;
}

std::vector<std::uint8_t> readWholeImageFile(OpenedImageFile opened) {
    std::vector<std::uint8_t> bytes = std::move(opened.head);
    const RegularFile& in = *opened.file;
    const std::size_t have = bytes.size();
    bytes.resize(static_cast<std::size_t>(in.size()));
    in.readAt(have, bytes.data() + have, bytes.size() - have);
    return bytes;
}

} // namespace facet::image::detail
