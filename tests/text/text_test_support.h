#pragma once
// Shared helpers of the text tests: the real Gemma 4 tokenizer, loaded once per process.
#include "text/tokenizer.h"

#include <filesystem>
#include <string>

namespace facet::text::test {

[[nodiscard]] std::filesystem::path resourceDir(); // resources/gemma4-tokenizer
[[nodiscard]] const Tokenizer& gemmaTokenizer();
[[nodiscard]] std::string readText(const std::filesystem::path& file);

} // namespace facet::text::test
