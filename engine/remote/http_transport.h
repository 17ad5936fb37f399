#pragma once
// HTTP over libcurl for the remote engine: one GET (small JSON answers) and one streaming POST
// (the SSE reply), both cancellable within a poll interval (~20 ms) by the caller's stop flag —
// the multi interface lets us wait on the socket with a short timeout instead of libcurl's
// once-a-second progress callback. http and https; https verifies against the system CA store.
// The API key goes only into the Authorization header, never into a message. Everything a
// server sends is bounded: a kept body by its size, the request by an overall deadline.
#include <atomic>
#include <chrono>
#include <cstddef>
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
    // The whole request, from the start of connecting to the last byte: a server that sends a
    // byte just before every idle timeout must not keep it open forever. 0: GET uses
    // connectTimeout + firstByteTimeout (its answers are small); a POST has none.
    std::chrono::milliseconds deadline{0};
    // The most a GET may answer with a 2xx body (its JSON is read whole); more is TooLarge.
    std::size_t maxBodyBytes = std::size_t{1} << 20;
};

// How much of an error body (a non-2xx answer) is kept for its message; the rest is not read.
inline constexpr std::size_t kMaxErrorBodyBytes = std::size_t{64} << 10;

struct HttpResult {
    enum class Outcome {
        Complete,    // the server ended the response normally
        Cancelled,   // the stop flag was set
        Unreachable, // DNS, connect, TLS handshake failed: nothing was sent
        TimedOut,    // no byte within firstByteTimeout
        Cut,         // the connection broke after the response started (or while sending)
        Deadline,    // the request was still running at its deadline
        TooLarge     // a GET's 2xx body passed maxBodyBytes: reading stopped there
    };
    Outcome outcome = Outcome::Complete;
    long status = 0;         // HTTP status; 0 when none arrived
    std::string contentType; // of the response
    // GET: the body; POST: the body only when status is not 2xx. An error body is cut at
    // kMaxErrorBodyBytes (bodyCut), the answer still Complete with its status.
    std::string body;
    bool bodyCut = false;
    std::string transportError;            // libcurl's words for Unreachable / Cut
    bool bodyStarted = false;              // at least one body byte arrived
    std::chrono::milliseconds deadline{0}; // the overall deadline the request ran under
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
