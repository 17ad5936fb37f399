#pragma once
// The words for what went wrong between Facet and a server. Every message starts with
// "server URL" and says what happened: unreachable, silent past the timeout, an HTTP status
// with the server's own message, a connection cut. The API key never appears in them.
#include "remote/http_transport.h"

#include <chrono>
#include <optional>
#include <string>

namespace facet::remote {

// The server's own words in an error body: vLLM's {"object":"error","message":...}, the newer
// {"error":{"message":...}}, FastAPI's {"detail":...}, else the start of the body as text.
[[nodiscard]] std::string serverMessage(const std::string& body);

// "Unauthorized" for 401 etc.; empty for codes without a common name.
[[nodiscard]] std::string statusName(long status);

// A message for a result that is not a complete 2xx answer; nothing when it is one.
// `request` is describeRequest()'s "POST /v1/chat/completions".
[[nodiscard]] std::optional<std::string> failureMessage(const std::string& apiBase,
                                                        const std::string& request,
                                                        const HttpResult& result,
                                                        std::chrono::milliseconds firstByteTimeout);

} // namespace facet::remote
