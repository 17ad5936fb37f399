// facet-cli render-prompt: a Hugging Face messages JSON -> the Gemma 4 prompt (or its ids).
#include "args.h"
#include "command.h"
#include "common/error.h"
#include "image/image.h"
#include "image/preprocess.h"
#include "text/conversation_json.h"
#include "text/prompt.h"
#include "text/resources.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace {

using nlohmann::json;

std::string readFile(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw facet::fileError(file, "cannot open");
    std::ostringstream s;
    s << in.rdbuf();
    return std::move(s).str();
}

// Soft tokens of one image item {"type": "image", "path": "x.jpg", "detail": 280}: the image
// pipeline's size rule on the EXIF-oriented size. Relative paths are relative to the JSON.
int imageSoftTokens(const json& item, const std::filesystem::path& conversationFile) {
    const std::string key = item.contains("path") ? "path" : "image";
    if (!item.contains(key) || !item[key].is_string())
        throw facet::fileError(conversationFile, "an image item needs a \"path\"");
    const int level = item.value("detail", 280);
    if (!facet::image::isDetailLevel(level))
        throw facet::fileError(conversationFile, "image detail " + std::to_string(level) +
                                                     " is not one of 70, 140, 280, 560, 1120");
    std::filesystem::path path = item[key].get<std::string>();
    if (path.is_relative())
        path = conversationFile.parent_path() / path;
    const auto size = facet::image::probeDimensions(path);
    return facet::image::softTokensFor(size.width, size.height, level);
}

int run(const std::vector<std::string>& argv) {
    const facet::cli::Args args(argv, {"tokenizer", "template", "variant"}, {"ids", "expand"});
    if (args.positionals().size() != 1)
        throw facet::cli::UsageError("expected one CONVERSATION.json");
    const std::filesystem::path file = args.positionals().front();
    const std::string variantName = args.value("variant").value_or("large");
    if (variantName != "large" && variantName != "small")
        throw facet::cli::UsageError("--variant is 'large' (26B/31B) or 'small' (E2B/E4B)");
    const auto variant = variantName == "large" ? facet::text::TemplateVariant::Large
                                                : facet::text::TemplateVariant::Small;
    auto revision = facet::text::TemplateRevision::Original;
    if (auto templateFile = args.value("template"))
        revision = facet::text::detectTemplateRevision(readFile(*templateFile), *templateFile);

    json root;
    try {
        root = json::parse(readFile(file));
    } catch (const json::parse_error& e) {
        throw facet::fileError(file, std::string("invalid JSON: ") + e.what());
    }
    const auto conversation = facet::text::conversationFromJson(
        root, file, [&file](const json& item, size_t) { return imageSoftTokens(item, file); });
    const std::string prompt = facet::text::renderPrompt(conversation, variant, true, revision);
    if (args.flag("ids")) {
        const auto tokenizerFile = args.value("tokenizer")
                                       ? std::filesystem::path(*args.value("tokenizer"))
                                       : facet::text::defaultTokenizerFile();
        const auto tokenizer = facet::text::Tokenizer::load(tokenizerFile);
        const auto ids = tokenizer.encode(facet::text::expandImages(prompt, conversation));
        for (size_t i = 0; i < ids.size(); ++i)
            std::cout << (i ? " " : "") << ids[i];
        std::cout << "\n";
        return 0;
    }
    std::cout << (args.flag("expand") ? facet::text::expandImages(prompt, conversation) : prompt);
    return 0;
}

const facet::cli::Registration reg{
    "render-prompt",
    "render-prompt [--tokenizer FILE] [--template FILE] [--variant large|small] [--ids|--expand] "
    "CONVERSATION.json",
    &run};

} // namespace
