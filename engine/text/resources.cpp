#include "text/resources.h"

#include "common/error.h"
#include "common/install_layout.h"

#include <cstdlib>
#include <vector>

namespace facet::text {

std::filesystem::path defaultTokenizerFile() {
    std::vector<std::filesystem::path> candidates;
    if (const char* env = std::getenv("FACET_TOKENIZER"); env && *env)
        candidates.emplace_back(env);
    candidates.push_back(install::places().tokenizerDir / "tokenizer.json");
    std::error_code ec;
    std::string tried;
    for (const auto& c : candidates) {
        if (std::filesystem::is_regular_file(c, ec))
            return c.lexically_normal();
        tried += "\n  " + c.string();
    }
    throw Error("no tokenizer.json found (pass --tokenizer FILE, or set FACET_TOKENIZER or "
                "FACET_DATA_DIR); looked in:" +
                tried);
}

} // namespace facet::text
