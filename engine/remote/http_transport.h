#pragma once
// HTTP over libcurl for the remote engine: one GET (small JSON answers) and one streaming POST
// (the SSE reply), both cancellable within a poll interval (~20 ms) by the caller's stop flag —
// the multi interface lets us wait on the socket with a short timeout instead of libcurl's
// once-a-second progress callback. http and https; https verifies against the system CA store.
// The API key goes only into the Authorization header, never into a message.
#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <string_view>

namespace facet::remote {

struct HttpOptions {
    std::string apiKey; // empty: no Authorization header
    std::chrono::milliseconds connectTimeout{10'000};
    // Longest wait for the first body byte, and for each further byte (a server that stops
    // sending without closing must not hang the reply forever).
    std::chrono::milliseconds firstByteTimeout{300'000};
};

struct HttpResult {
    enum class Outcome {
        Complete,    // the server ended the response normally
        Cancelled,   // the stop flag was set
        Unreachable, // DNS, connect, TLS handshake failed: nothing was sent
        TimedOut,    // no byte within firstByteTimeout
        Cut          // the connection broke after the response started (or while sending)
    };
    Outcome outcome = Outcome::Complete;
    long status = 0;            // HTTP status; 0 when none arrived
    std::string contentType;    // of the response
    std::string body;           // GET: the body; POST: the body only when status is not 2xx
    std::string transportError; // libcurl's words for Unreachable / Cut
    bool bodyStarted = false;   // at least one body byte arrived
};

// Receives the body of a 2xx streaming response as it arrives.
using BodyHandler = std::function<void(std::string_view bytes)>;

[[nodiscard]] HttpResult httpGet(const std::string& url, const HttpOptions& options,
                                 const std::atomic<bool>& stop);

[[nodiscard]] HttpResult httpPostStream(const std::string& url, const std::string& jsonBody,
                                        const HttpOptions& options, const BodyHandler& onBody,
                                        const std::atomic<bool>& stop);

// "POST /v1/chat/completions" style words for messages: the method and the URL's path.
[[nodiscard]] std::string describeRequest(std::string_view method, const std::string& url);

} // namespace facet::remote
