#pragma once
// A generate::Request as the JSON body of vLLM's POST /v1/chat/completions (streaming):
// system prompt, history (model turns without their thought channel, as Gemma's template
// would render them), the new user turn with its images as data URLs of the file bytes,
// sampling, thinking switch, skip_special_tokens: false (so a server without a reasoning parser
// sends the thought channel markers, which vLLM strips by default) and the one detail level of
// the request (mm_processor_kwargs.max_soft_tokens; none at kServerDefaultLevel).
#include "generate/engine.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace facet::remote {

// ImageInput::level of an image to be sent at the server's own default: the request carries no
// mm_processor_kwargs, so a vLLM >= 0.31 server started without --trust-request-mm-kwargs
// takes it, and the server's processor picks the soft tokens (Gemma 4's processor default, or
// the server's --mm-processor-kwargs). Only the remote engine understands it.
inline constexpr int kServerDefaultLevel = 0;

// The detail level a server must use for this request: the level of the new turn's images
// (else of the latest earlier turn with images; nothing for a text-only conversation). A
// server applies one level to every image of a request, so when the new turn's images have
// different levels this throws facet::Error naming each image and its level — the caller asks
// the user to choose one first.
[[nodiscard]] std::optional<int> requestLevel(const generate::Request& request);

// Throws facet::Error "PATH: reason" for an image that cannot be read or is not an image.
[[nodiscard]] nlohmann::json buildChatRequest(const generate::Request& request,
                                              const std::string& servedModel,
                                              std::optional<int> level);

// A stored model turn as the server should see it again: the answer without the thought
// channel or a stop marker.
[[nodiscard]] std::string visibleReply(const std::string& modelText);

} // namespace facet::remote
