#include "sweep/image_scan.h"

#include "common/error.h"
#include "image/image.h"
#include "text/utf8.h"

#include <algorithm>
#include <set>
#include <system_error>

namespace facet::sweep {

bool hasImageExtension(const std::filesystem::path& file) {
    std::string ext = file.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    static const std::set<std::string> known = {".jpg",  ".jpeg", ".jpe", ".jfif", ".png",
                                                ".webp", ".bmp",  ".dib", ".gif"};
    return known.count(ext) != 0;
}

FoundImages findImages(const std::vector<std::filesystem::path>& inputs) {
    namespace fs = std::filesystem;
    FoundImages out;
    std::set<fs::path> seen;
    const auto consider = [&](const fs::path& file) {
        const fs::path p = file.lexically_normal();
        if (!seen.insert(p).second)
            return;
        const std::string name = p.string();
        // Keys, JSON lines and the report carry the name as UTF-8 text.
        if (!text::utf8::isValid(name)) {
            out.skipped.push_back({name, name + ": the file name is not valid UTF-8"});
            return;
        }
        try {
            (void)image::probeDimensions(p);
            out.images.push_back(p);
        } catch (const std::exception& e) {
            out.skipped.push_back({name, e.what()});
        }
    };
    for (const fs::path& input : inputs) {
        std::error_code ec;
        const fs::file_status st = fs::status(input, ec);
        if (ec || !fs::exists(st)) {
            out.skipped.push_back({input.string(), input.string() + ": no such file or folder"});
            continue;
        }
        if (!fs::is_directory(st)) {
            consider(input);
            continue;
        }
        std::vector<fs::path> files;
        fs::recursive_directory_iterator it(input, fs::directory_options::skip_permission_denied,
                                            ec);
        for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            std::error_code typeError;
            if (it->is_regular_file(typeError) && hasImageExtension(it->path()))
                files.push_back(it->path());
        }
        if (ec)
            out.skipped.push_back(
                {input.string(), input.string() + ": cannot list the folder: " + ec.message()});
        std::sort(files.begin(), files.end());
        for (const fs::path& f : files)
            consider(f);
    }
    return out;
}

} // namespace facet::sweep
