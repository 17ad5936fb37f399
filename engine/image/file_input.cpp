// Reads an image file without trusting what the path names: a FIFO would block a plain open()
// forever, /dev/zero would be read until memory runs out, and a multi-gigabyte file used to be
// read whole before its 8-byte signature was looked at.
#include "image/file_input.h"

#include "common/error.h"
#include "image/formats.h"

#include "common/regular_file.h"

#include <algorithm>
#include <limits>
#include <string>

namespace facet::image::detail {
namespace {

std::string mebibytes(std::uint64_t bytes) {
    return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

} // namespace

std::vector<std::uint8_t> readImageFile(const std::filesystem::path& file) {
    // Opened as every user-named file is (common/regular_file.h: regular files only, without
    // blocking). Its size limit is checked here, after the signature: a large file that is not
    // an image is named as such, unread.
    const RegularFile in(file, std::numeric_limits<std::uint64_t>::max(), "an image");
    std::uint8_t head[16];
    const auto headSize = static_cast<std::size_t>(std::min<std::uint64_t>(in.size(), sizeof head));
    in.readAt(0, head, headSize);
    sniffFormat(Bytes(head, headSize));
    if (in.size() > kMaxImageFileBytes)
        throw Error("the file is " + mebibytes(in.size()) + ", more than the " +
                    mebibytes(kMaxImageFileBytes) + " Facet reads as an image");
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(in.size()));
    in.readAt(0, bytes.data(), bytes.size());
    return bytes;
}

} // namespace facet::image::detail
