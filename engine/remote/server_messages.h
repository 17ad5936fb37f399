#pragma once
// The words for what went wrong between Facet and a server. Every message starts with
// "server URL" (its password redacted) and says what happened: unreachable, silent past the
// timeout, an HTTP status with the server's own message, a connection cut. The API key never
// appears in them, not even when the server echoes it (redacted()). What the server said is
// quoted in a bounded excerpt, never whole.
#include "common/error.h"
#include "remote/http_transport.h"
#include "remote/server_url.h"

#include <nlohmann/json_fwd.hpp>

#include <chrono>
#include <optional>
#include <string>

namespace facet::remote {

// What an error body says. vLLM's current shape is ErrorResponse {"error": ErrorInfo
// {"message", "type", "param", "code"}} (vllm-project/vllm,
// vllm/entrypoints/openai/engine/protocol.py, commit 040a2cc2); vllm-rbln's pinned vLLM 0.22
// and older send the flat {"object": "error", "message", "type", "param", "code"}; FastAPI
// answers {"detail": ...}; a proxy may send text. `param` is empty where the body names none
// (null or absent); `code` 0 where it has none.
// The most of the server's own words a message quotes.
inline constexpr std::size_t kMaxQuotedServerText = 500;

struct ServerErrorBody {
    std::string message; // the server's own words (an excerpt); else the start of the body
    std::string param;
    std::string type;
    int code = 0;
};
[[nodiscard]] ServerErrorBody parseServerError(const std::string& body);
// The same for an already parsed JSON value (an error object inside a stream).
[[nodiscard]] ServerErrorBody parseServerError(const nlohmann::json& json);

// parseServerError(body).message.
[[nodiscard]] std::string serverMessage(const std::string& body);

// "Unauthorized" for 401 etc.; empty for codes without a common name.
[[nodiscard]] std::string statusName(long status);

// The failure of a result that is not a complete 2xx answer (kind Server; with an HTTP status:
// httpStatus, and the body's param and message); nothing when it is one. `shownBase` is the
// API base as messages show it (redactUrl); `request` is describeRequest()'s
// "POST /v1/chat/completions"; `http` the options the request ran with (its timeouts).
[[nodiscard]] std::optional<ErrorInfo> failure(const std::string& shownBase,
                                               const std::string& request, const HttpResult& result,
                                               const HttpOptions& http);

// The error with every secret of the connection taken out of its words (message and the
// server's own words): the last step before an ErrorInfo leaves the remote engine.
[[nodiscard]] ErrorInfo redacted(ErrorInfo info, const SecretRedactor& redact);

} // namespace facet::remote
