// facet-cli tokenize: text -> Gemma 4 token ids, or ids -> text with --decode.
#include "args.h"
#include "command.h"
#include "text/resources.h"
#include "text/tokenizer.h"

#include <charconv>
#include <iostream>

#include <nlohmann/json.hpp>

namespace {

int32_t parseId(const std::string& s) {
    int32_t id = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), id);
    if (ec != std::errc() || ptr != s.data() + s.size())
        throw facet::cli::UsageError("'" + s + "' is not a token id");
    return id;
}

int runTokenize(const std::vector<std::string>& argv) {
    const facet::cli::Args args(argv, {"tokenizer"}, {"json", "decode"});
    const auto file = args.value("tokenizer") ? std::filesystem::path(*args.value("tokenizer"))
                                              : facet::text::defaultTokenizerFile();
    if (args.flag("decode")) {
        if (args.positionals().empty())
            throw facet::cli::UsageError("--decode needs at least one id");
        std::vector<int32_t> ids;
        for (const auto& p : args.positionals())
            ids.push_back(parseId(p));
        const auto tokenizer = facet::text::Tokenizer::load(file);
        std::cout << tokenizer.decode(ids) << "\n";
        return 0;
    }
    if (args.positionals().empty())
        throw facet::cli::UsageError("expected a TEXT (quote it)");
    // Several TEXTs give one line each, in order: the tokenizer loads once (~0.2 s) for all of
    // them, which is what the demo model's tokens.py needs for its few hundred answers.
    const auto tokenizer = facet::text::Tokenizer::load(file);
    for (const auto& text : args.positionals()) {
        const auto ids = tokenizer.encode(text);
        if (args.flag("json")) {
            std::cout << nlohmann::json(ids).dump() << "\n";
            continue;
        }
        for (size_t i = 0; i < ids.size(); ++i)
            std::cout << (i ? " " : "") << ids[i];
        std::cout << "\n";
    }
    return 0;
}

const facet::cli::Registration tokenizeRegistration{
    "tokenize",
    "tokenize [--tokenizer FILE] [--json] TEXT... (one line each) | "
    "tokenize [--tokenizer FILE] --decode ID...",
    &runTokenize};

} // namespace
