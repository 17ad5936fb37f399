// tokenizer.json load + encode + decode. The input is "<tokenizer.json>\0<text>": the part
// before the first NUL is the file, the rest the text to encode (the seeds hold small real
// tokenizers). Encoding then decoding must not crash; ids must lie inside the vocabulary.
#include "common/error.h"
#include "text/tokenizer.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view all(reinterpret_cast<const char*>(data), size);
    const std::size_t nul = all.find('\0');
    const std::string_view file = all.substr(0, nul);
    const std::string_view text = nul == std::string_view::npos ? "" : all.substr(nul + 1);
    try {
        const auto tokenizer = facet::text::Tokenizer::fromJson(file, "fuzz/tokenizer.json");
        const auto ids = tokenizer.encode(text);
        for (std::int32_t id : ids)
            if (id < 0 || static_cast<std::size_t>(id) >= tokenizer.vocabSize())
                __builtin_trap();
        (void)tokenizer.decode(ids, false);
    } catch (const facet::Error&) {
    }
    return 0;
}
