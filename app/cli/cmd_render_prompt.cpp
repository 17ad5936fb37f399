// facet-cli render-prompt: a Hugging Face messages JSON -> the Gemma 4 prompt (or its ids).
#include "args.h"
#include "command.h"
#include "common/error.h"
#include "common/json_text.h"
#include "common/regular_file.h"
#include "image/crop.h"
#include "image/image.h"
#include "image/preprocess.h"
#include "text/conversation_json.h"
#include "text/prompt.h"
#include "text/resources.h"

#include <algorithm>
#include <iostream>
#include <limits>

#include <nlohmann/json.hpp>

namespace {

using nlohmann::json;

std::string readFile(const std::filesystem::path& file, std::uint64_t limit, const char* kind) {
    return facet::readTextFile(file, limit, kind);
}

// Soft tokens of one image item {"type": "image", "path": "x.jpg", "detail": 280}, or of a
// region of it with "crop": [X, Y, W, H]: the image pipeline's size rule on the EXIF-oriented
// size (or the crop's). Relative paths are relative to the JSON.
int imageSoftTokens(const json& item, const std::filesystem::path& conversationFile) {
    const std::string key = item.contains("path") ? "path" : "image";
    if (!item.contains(key) || !item[key].is_string())
        throw facet::fileError(conversationFile, "an image item needs a \"path\"");
    // The item's own level is judged first, before the file is read (a crop's default needs the
    // file). Compared as the JSON number it is: item.value("detail", 280) would read 2^32+280 as
    // 280.
    if (item.contains("detail")) {
        const json& detail = item["detail"];
        const bool known = detail.is_number_integer() && detail.get<std::int64_t>() >= 0 &&
                           detail.get<std::int64_t>() <= 1120 &&
                           facet::image::isDetailLevel(detail.get<int>());
        if (!known)
            throw facet::fileError(conversationFile, "image detail " + facet::jsonExcerpt(detail) +
                                                         " is not one of 70, 140, 280, 560, 1120");
    }
    std::filesystem::path path = item[key].get<std::string>();
    if (path.is_relative())
        path = conversationFile.parent_path() / path;
    const auto size = facet::image::probeDimensions(path);
    // A region crop (issue #58): "crop": [X, Y, W, H] in the oriented image's pixels; the image
    // is then the crop, by default at the lowest level that does not scale it down.
    int width = size.width, height = size.height, level = 280;
    if (item.contains("crop")) {
        const json& c = item["crop"];
        const bool ints =
            c.is_array() && c.size() == 4 && std::all_of(c.begin(), c.end(), [](const json& v) {
                return v.is_number_integer() && v.get<std::int64_t>() >= 0 &&
                       v.get<std::int64_t>() <= std::numeric_limits<int>::max();
            });
        if (!ints)
            throw facet::fileError(conversationFile, "image crop " + facet::jsonExcerpt(c) +
                                                         " is not [X, Y, W, H] in pixels");
        const facet::image::CropRect rect{c[0].get<int>(), c[1].get<int>(), c[2].get<int>(),
                                          c[3].get<int>()};
        facet::image::checkCropRect(path, size, rect);
        width = rect.width;
        height = rect.height;
        level = facet::image::defaultCropLevel(width, height);
    }
    if (item.contains("detail"))
        level = item["detail"].get<int>();
    return facet::image::softTokensFor(width, height, level);
}

int runRenderPrompt(const std::vector<std::string>& argv) {
    const facet::cli::Args args(argv, {"tokenizer", "template", "variant"}, {"ids", "expand"});
    if (args.positionals().empty())
        throw facet::cli::UsageError("expected a CONVERSATION.json");
    // Several files only with --ids, one line each: a prompt spans lines, a line of ids does not
    if (args.positionals().size() > 1 && !args.flag("ids"))
        throw facet::cli::UsageError("several CONVERSATION.json files need --ids");
    const std::string variantName = args.value("variant").value_or("large");
    if (variantName != "large" && variantName != "small")
        throw facet::cli::UsageError("--variant is 'large' (26B/31B) or 'small' (E2B/E4B)");
    const auto variant = variantName == "large" ? facet::text::TemplateVariant::Large
                                                : facet::text::TemplateVariant::Small;
    auto revision = facet::text::TemplateRevision::Original;
    if (auto templateFile = args.value("template"))
        revision = facet::text::detectTemplateRevision(
            readFile(*templateFile, facet::kMaxChatTemplateBytes, "a chat template"),
            *templateFile);

    // The conversation in FILE, read and rendered.
    struct Rendered {
        facet::text::Conversation conversation;
        facet::text::RenderedPrompt prompt; // with where the messages' text lies
    };
    const auto render = [&](const std::filesystem::path& file) {
        const json root =
            facet::parseJson(readFile(file, facet::kMaxConversationBytes, "a conversation"), file);
        auto conversation = facet::text::conversationFromJson(
            root, file, [&file](const json& item, size_t) { return imageSoftTokens(item, file); });
        auto prompt = facet::text::renderPromptParts(conversation, variant, true, revision);
        return Rendered{std::move(conversation), std::move(prompt)};
    };
    if (args.flag("ids")) {
        const auto tokenizerFile = args.value("tokenizer")
                                       ? std::filesystem::path(*args.value("tokenizer"))
                                       : facet::text::defaultTokenizerFile();
        const auto tokenizer = facet::text::Tokenizer::load(tokenizerFile);
        for (const auto& file : args.positionals()) {
            const auto rendered = render(file);
            // As the engine encodes a prompt: a special token's text in a message stays text.
            const auto prompt = facet::text::expandImages(rendered.prompt, rendered.conversation);
            const auto ids = tokenizer.encode(prompt.text, prompt.literal);
            for (size_t i = 0; i < ids.size(); ++i)
                std::cout << (i ? " " : "") << ids[i];
            std::cout << "\n";
        }
        return 0;
    }
    const auto rendered = render(args.positionals().front());
    std::cout << (args.flag("expand")
                      ? facet::text::expandImages(rendered.prompt, rendered.conversation).text
                      : rendered.prompt.text);
    return 0;
}

const facet::cli::Registration renderPromptRegistration{
    "render-prompt",
    "render-prompt [--tokenizer FILE] [--template FILE] [--variant large|small] [--ids|--expand] "
    "CONVERSATION.json | ... --ids CONVERSATION.json... (one line each)",
    &runRenderPrompt};

} // namespace
