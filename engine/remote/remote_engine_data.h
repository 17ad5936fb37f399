#pragma once
// What a connected RemoteEngine knows, shared read-only by its sessions (and kept alive by
// them, so a session may outlive the engine object on the worker thread).
#include "generate/engine.h"
#include "remote/http_transport.h"
#include "remote/remote_engine.h"
#include "remote/server_url.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace facet::remote {

// The transport settings for a server: the key given, else $FACET_API_KEY, and the timeouts.
// One place for every request to a server (chats, model lists, probes).
[[nodiscard]] HttpOptions httpOptionsFor(const ConnectOptions& options);

struct RemoteEngineData {
    std::string apiBase;   // what requests go to: with the URL's password, if it has one
    std::string shownBase; // what messages and statistics show: redactUrl(apiBase)
    SecretRedactor redact; // the API key and the password, out of every error's words
    HttpOptions http;
    std::optional<std::chrono::milliseconds> requestDeadline; // ConnectOptions'
    std::vector<ServedModel> models;
    std::int64_t maxModelLen = 0; // the chosen model's, whole (info.maxSeqLen is an int)
    generate::ModelInfo info;
    double roundTripMs = 0;
};

} // namespace facet::remote
