#pragma once
// The server address the user types, turned into the OpenAI API base every request is built
// from: "host:8000" or "http://host:8000" gets "/v1" (vLLM's default prefix); a URL with a path
// keeps it ("https://gw.example/gemma/v1"); a trailing slash is dropped. A password in the URL
// ("http://user:pw@host") is sent (libcurl makes it a Basic Authorization header) but never
// shown: every message, statistic and log line uses redactUrl()'s form.
#include <string>
#include <string_view>
#include <vector>

namespace facet::remote {

// Throws facet::Error (kind BadInput) naming the URL, password redacted, when it is not
// http:// or https:// with a host.
[[nodiscard]] std::string apiBaseFromUrl(const std::string& url);

// The server root, for endpoints vLLM serves outside /v1 (GET /health): the base without a
// final "/v1" path element.
[[nodiscard]] std::string serverRootFromApiBase(const std::string& apiBase);

// The URL with the password of its user information replaced by "***"
// ("http://user:***@host:8000/v1"); a URL without one is returned unchanged.
[[nodiscard]] std::string redactUrl(std::string_view url);

// The secrets of one connection — the API key and the URL's password (as typed, percent-
// decoded, and as the base64 of a Basic Authorization header) — removed from text the server
// sent before it reaches a message: a server that echoes the request's headers in an error
// body must not get the key printed. Secrets shorter than 4 bytes are only redacted in URLs
// (replacing every "a" in a message would say more than it hides).
class SecretRedactor {
public:
    SecretRedactor() = default;
    SecretRedactor(std::string_view url, std::string_view apiKey);
    [[nodiscard]] std::string operator()(std::string text) const;

private:
    std::vector<std::string> secrets_;
};

} // namespace facet::remote
