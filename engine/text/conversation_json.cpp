#include "text/conversation_json.h"

#include "common/error.h"

#include <nlohmann/json.hpp>

namespace facet::text {

namespace {

using nlohmann::json;

class ConversationReader {
public:
    ConversationReader(const std::filesystem::path& file, const ImageTokenCounter& counter)
        : file_(file), counter_(counter) {}

    [[noreturn]] void fail(const std::string& reason) const { throw fileError(file_, reason); }

    std::vector<ContentPart> parts(const json& content, const std::string& where) {
        if (content.is_string())
            return {ContentPart{ContentPart::Kind::Text, content.get<std::string>(), 0}};
        if (!content.is_array())
            fail(where + ": \"content\" must be a string or a list of items");
        std::vector<ContentPart> out;
        for (size_t i = 0; i < content.size(); ++i) {
            const json& item = content[i];
            const std::string at = where + " item " + std::to_string(i + 1);
            if (!item.is_object() || !item.contains("type") || !item["type"].is_string())
                fail(at + ": needs a \"type\"");
            const std::string type = item["type"].get<std::string>();
            if (type == "text") {
                if (!item.contains("text") || !item["text"].is_string())
                    fail(at + ": a text item needs a string \"text\"");
                out.push_back({ContentPart::Kind::Text, item["text"].get<std::string>(), 0});
            } else if (type == "image") {
                const int tokens = counter_(item, images_++);
                out.push_back({ContentPart::Kind::Image, {}, tokens});
            } else {
                fail(at + ": unsupported item type '" + type + "' (supported: text, image)");
            }
        }
        return out;
    }

    Conversation read(const json& root) {
        if (!root.is_object() || !root.contains("messages") || !root["messages"].is_array())
            fail("expected an object with a \"messages\" list");
        Conversation conversation;
        if (root.contains("enable_thinking")) {
            if (!root["enable_thinking"].is_boolean())
                fail("\"enable_thinking\" must be true or false");
            conversation.enableThinking = root["enable_thinking"].get<bool>();
        }
        const json& messages = root["messages"];
        if (messages.empty()) // the chat templates read messages[0] and fail on an empty list
            fail("\"messages\" is empty; a conversation needs at least one message");
        for (size_t i = 0; i < messages.size(); ++i) {
            const json& m = messages[i];
            const std::string where = "message " + std::to_string(i + 1);
            if (!m.is_object() || !m.contains("role") || !m["role"].is_string() ||
                !m.contains("content"))
                fail(where + ": needs \"role\" and \"content\"");
            const std::string role = m["role"].get<std::string>();
            if (role == "system" || role == "developer") {
                if (i != 0)
                    fail(where + ": a system message is only allowed first");
                if (!m["content"].is_string())
                    fail(where + ": system \"content\" must be a string");
                conversation.systemPrompt = m["content"].get<std::string>();
            } else if (role == "user") {
                conversation.messages.push_back({Role::User, parts(m["content"], where)});
            } else if (role == "assistant" || role == "model") {
                conversation.messages.push_back(
                    {Role::Model, parts(m["content"], where), role == "model"});
            } else {
                fail(where + ": unsupported role '" + role +
                     "' (supported: system, developer, user, assistant, model)");
            }
        }
        return conversation;
    }

private:
    std::filesystem::path file_;
    const ImageTokenCounter& counter_;
    size_t images_ = 0;
};

} // namespace

Conversation conversationFromJson(const nlohmann::json& root, const std::filesystem::path& file,
                                  const ImageTokenCounter& countImageTokens) {
    return ConversationReader(file, countImageTokens).read(root);
}

} // namespace facet::text
