#include "remote/image_data_url.h"

#include "common/error.h"

#include <fstream>

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
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw fileError(file, "cannot open the image file");
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(0);
    std::string bytes(size > 0 ? static_cast<std::size_t>(size) : 0, '\0');
    if (size < 0 || !in.read(bytes.data(), static_cast<std::streamsize>(bytes.size())))
        throw fileError(file, "cannot read the image file");
    const std::string mime = imageMimeType(bytes);
    if (mime.empty())
        throw fileError(file, bytes.empty() ? "the file is empty"
                                            : "not a JPEG, PNG, GIF, WebP or BMP image");
    return "data:" + mime + ";base64," + base64Encode(bytes);
}

} // namespace facet::remote
