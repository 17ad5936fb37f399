#pragma once
// The soft tokens a server gave a request's images at its own default level (no
// mm_processor_kwargs sent, remote::kServerDefaultLevel), read from its usage. Facet cannot
// count them itself: the level is the server's. A comparison reads them against a column at a
// level Facet can count (RemoteStats::impliedImageTokens); a single question has no such
// column, so the server's own POST /tokenize renders the same messages with the same chat
// template, and what its usage counted beyond the text is the images.
#include "remote/remote_engine_data.h"

#include <nlohmann/json_fwd.hpp>

#include <atomic>
#include <optional>

namespace facet::remote {

// `chatBody` the POST /v1/chat/completions body that was answered, `images` how many images it
// sent, `promptTokens` its usage's prompt_tokens. Empty where the server has no /tokenize, says
// something else than vLLM does, or the numbers do not add up: the reply stands without them.
[[nodiscard]] std::optional<int> serverDefaultImageTokens(const RemoteEngineData& data,
                                                          const nlohmann::json& chatBody,
                                                          int images, int promptTokens,
                                                          const std::atomic<bool>& stop);

} // namespace facet::remote
