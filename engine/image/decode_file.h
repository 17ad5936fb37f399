#pragma once
// Internal: decodeImage's steps, for preprocess_file.cpp, which decodes some files its own way
// (overlapped with the resize) and the rest exactly as decodeImage does.
#include "common/error.h"
#include "image/formats.h"

#include <filesystem>
#include <new>
#include <string_view>
#include <vector>

namespace facet::image::detail {

// A file read (its head judged first), identified, probed and checked against the pixel limit
// and the decode-memory plan. Throws facet::Error with a reason only.
struct JudgedFile {
    std::vector<std::uint8_t> bytes;
    HeaderInfo info;
};
JudgedFile readJudgedFile(const std::filesystem::path& file);

// The rest of decodeImage: decode, free the file's bytes, apply the orientation.
RgbImage decodeJudged(JudgedFile judged);

// Runs fn(), turning its errors into "PATH: reason" as decodeImage's are.
template <typename Fn> auto withPath(const std::filesystem::path& file, Fn&& fn) {
    try {
        return fn();
    } catch (const Error& e) {
        if (std::string_view(e.what()).starts_with(file.string() + ": "))
            throw; // named already (common/regular_file.h)
        throw fileError(file, e.what());
    } catch (const std::bad_alloc&) {
        throw fileError(file, "not enough memory to decode the image");
    }
}

} // namespace facet::image::detail
