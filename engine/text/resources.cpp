#include "text/resources.h"

#include "common/error.h"

#include <cstdlib>
#include <vector>

namespace facet::text {

std::filesystem::path defaultTokenizerFile() {
    std::vector<std::filesystem::path> candidates;
    if (const char* env = std::getenv("FACET_TOKENIZER"); env && *env)
        candidates.emplace_back(env);
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const auto dir = exe.parent_path();
        candidates.push_back(dir / "resources/gemma4-tokenizer/tokenizer.json");
        candidates.push_back(dir / "../share/facet/gemma4-tokenizer/tokenizer.json");
    }
    candidates.push_back(std::filesystem::path(FACET_SOURCE_DIR) /
                         "resources/gemma4-tokenizer/tokenizer.json");
    std::string tried;
    for (const auto& c : candidates) {
        if (std::filesystem::is_regular_file(c, ec))
            return c.lexically_normal();
        tried += "\n  " + c.string();
    }
    throw Error("no tokenizer.json found (pass --tokenizer FILE); looked in:" + tried);
}

} // namespace facet::text
