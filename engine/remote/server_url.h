#pragma once
// The server address the user types, turned into the OpenAI API base every request is built
// from: "host:8000" or "http://host:8000" gets "/v1" (vLLM's default prefix); a URL with a path
// keeps it ("https://gw.example/gemma/v1"); a trailing slash is dropped.
#include <string>

namespace facet::remote {

// Throws facet::Error naming the URL when it is not http:// or https:// with a host.
[[nodiscard]] std::string apiBaseFromUrl(const std::string& url);

// The server root, for endpoints vLLM serves outside /v1 (GET /health): the base without a
// final "/v1" path element.
[[nodiscard]] std::string serverRootFromApiBase(const std::string& apiBase);

} // namespace facet::remote
