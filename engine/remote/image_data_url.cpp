#include "remote/image_data_url.h"

#include "common/error.h"
#include "common/regular_file.h"

namespace facet::remote {

std::string imageMimeType(std::string_view b) {
    if (b.substr(0, 3) == "\xFF\xD8\xFF")
        return "image/jpeg";
    if (b.substr(0, 8) == "\x89PNG\r\n\x1A\n")
        return "image/png";
    if (b.substr(0, 6) == "GIF87a" || b.substr(0, 6) == "GIF89a")
        return "image/gif";
    if (b.size() >= 12 && b.substr(0, 4) == "RIFF" && b.substr(8, 4) == "WEBP")
        return "image/webp";
    if (b.substr(0, 2) == "BM")
        return "image/bmp";
    return {};
}

std::string base64Encode(std::string_view bytes) {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 |
                           static_cast<unsigned char>(bytes[i + 1]) << 8 |
                           static_cast<unsigned char>(bytes[i + 2]);
        out += kAlphabet[v >> 18 & 63];
        out += kAlphabet[v >> 12 & 63];
        out += kAlphabet[v >> 6 & 63];
        out += kAlphabet[v & 63];
    }
    if (const std::size_t rest = bytes.size() - i; rest > 0) {
        unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
        if (rest == 2)
            v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        out += kAlphabet[v >> 18 & 63];
        out += kAlphabet[v >> 12 & 63];
        out += rest == 2 ? kAlphabet[v >> 6 & 63] : '=';
        out += '=';
    }
    return out;
}

std::string imageDataUrl(const std::filesystem::path& file) {
    // RegularFile: a FIFO named as the image would block an ifstream's open for ever; a
    // device would be read until memory runs out. Only a regular file of an image's size.
    const std::string bytes = readTextFile(file, kMaxImageFileBytes, "an image");
    const std::string mime = imageMimeType(bytes);
    if (mime.empty())
        throw fileError(file, bytes.empty() ? "the file is empty"
                                            : "not a JPEG, PNG, GIF, WebP or BMP image");
    return "data:" + mime + ";base64," + base64Encode(bytes);
}

} // namespace facet::remote
