#pragma once
// Reads a conversation in the Hugging Face messages shape:
//   {"messages": [{"role": "system", "content": "..."},
//                 {"role": "user", "content": [{"type": "image", "path": "x.jpg",
//                                               "detail": 280},
//                                              {"type": "text", "text": "..."}]},
//                 {"role": "assistant", "content": "..."}],
//    "enable_thinking": false}
// "assistant" and "model" are model turns; "system"/"developer" only as the first message.
#include "text/conversation.h"

#include <cstddef>
#include <filesystem>
#include <functional>

#include <nlohmann/json_fwd.hpp>

namespace facet::text {

// Returns the soft-token count of an image item ({"type": "image", ...}); `index` counts
// images from 0 in conversation order. May throw facet::Error naming the image file.
using ImageTokenCounter = std::function<int(const nlohmann::json& item, size_t index)>;

// Throws facet::Error "FILE: reason" (e.g. "FILE: message 2: unknown role 'tool'").
[[nodiscard]] Conversation conversationFromJson(const nlohmann::json& root,
                                                const std::filesystem::path& file,
                                                const ImageTokenCounter& countImageTokens);

} // namespace facet::text
