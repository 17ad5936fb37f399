#pragma once
// The conversation the engine and the app pass around: an optional system prompt, user turns
// of interleaved text and images, and the model's earlier replies.
#include <optional>
#include <string>
#include <vector>

namespace facet::text {

enum class Role { User, Model };

struct ContentPart {
    enum class Kind { Text, Image } kind = Kind::Text;
    std::string text;
    int softTokens = 0; // Image: soft-token count at the image's own detail level
};

// Model messages hold one Text part: the raw reply, which may contain a thought channel
// (<|channel>...<channel|>) that rendering strips.
struct Message {
    Role role = Role::User;
    std::vector<ContentPart> parts;
    // Role::Model only: the messages file said "model" rather than "assistant". The 31B template
    // revision continues a model turn only after an "assistant" message, so the spelling
    // changes the prompt.
    bool spelledModel = false;
};

struct Conversation {
    std::optional<std::string> systemPrompt;
    std::vector<Message> messages;
    bool enableThinking = false;
};

} // namespace facet::text
