// The chat-template renderer: a Hugging Face messages JSON (as facet-cli render-prompt reads
// it) -> Conversation -> prompt in both template revisions and variants -> image expansion.
#include "common/error.h"
#include "common/json_text.h"
#include "text/conversation_json.h"
#include "text/prompt.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace facet::text;
    try {
        const nlohmann::json root = facet::parseJson(
            std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
        const Conversation conversation =
            conversationFromJson(root, "fuzz.json", [](const nlohmann::json& item, std::size_t) {
                const auto it = item.find("tokens");
                return it != item.end() && it->is_number_integer() ? it->get<int>() % 300 : 7;
            });
        for (auto revision : {TemplateRevision::Original, TemplateRevision::Revised31B})
            for (auto variant : {TemplateVariant::Large, TemplateVariant::Small}) {
                const std::string prompt = renderPrompt(conversation, variant, true, revision);
                (void)expandImages(prompt, conversation);
            }
    } catch (const facet::Error&) {
    }
    return 0;
}
