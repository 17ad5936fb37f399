#include "text_test_support.h"
#include "test_paths.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace facet::text::test {

std::filesystem::path resourceDir() {
    return facet::test::sourceDir() / "resources" / "gemma4-tokenizer";
}

const Tokenizer& gemmaTokenizer() {
    static const Tokenizer tokenizer = Tokenizer::load(resourceDir() / "tokenizer.json");
    return tokenizer;
}

std::string readText(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot open " + file.string());
    std::ostringstream s;
    s << in.rdbuf();
    return std::move(s).str();
}

} // namespace facet::text::test
