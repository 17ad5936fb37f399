#pragma once
// A vLLM server (`vllm serve`, vllm-rbln on Rebel NPUs or vLLM elsewhere) as Facet's engine,
// through its OpenAI-compatible API. Same shape as generate::Engine / generate::Session: a
// worker thread connects once, creates sessions and runs generate() / compare() on them with
// the same EventSink / CompareSink events and the same stop flag, so chat and compare work
// unchanged. Qt-free (libcurl); every error message names the server's URL.
//
//   auto engine = RemoteEngine::connect({.url = "http://npu-server:8000"}, stop);
//   auto session = engine->createSession();
//   session->generate(request, sink, stop);   // one POST /v1/chat/completions, streamed
#include "common/error.h"
#include "generate/compare.h"
#include "generate/engine.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace facet::remote {

// A failure talking to the server (unreachable, HTTP error, a body vLLM would not send). The
// message names the URL and what happened; kind Server (Cancelled when the caller stopped it),
// with the HTTP status and the server's param and words where it answered one.
class ServerError : public facet::Error {
public:
    explicit ServerError(const std::string& message) : Error(ErrorKind::Server, message) {}
    ServerError(ErrorKind kind, const std::string& message) : Error(kind, message) {}
    explicit ServerError(ErrorInfo info) : Error(std::move(info)) {}
};

// ErrorInfo::param of a request the server refused for its detail level: the request field
// that carries it. vLLM reports a bad mm_processor_kwargs with a null param, so the remote
// engine names it when the server's message names max_soft_tokens or the request's level.
inline constexpr const char* kLevelParam = "mm_processor_kwargs.max_soft_tokens";

struct ConnectOptions {
    // What the user typed: "http://host:8000/v1", "host:8000" (gets http:// and /v1), https.
    std::string url;
    // Empty: the first model GET /v1/models lists.
    std::optional<std::string> servedModel;
    // Bearer token. Empty: $FACET_API_KEY when set, else none. Never put into a message or log.
    std::optional<std::string> apiKey;
    // The detail levels to offer (ModelInfo::detailLevels); a server started for fewer refuses
    // the others per request with HTTP 400 and its own message.
    std::vector<int> levels{70, 140, 280, 560, 1120};
    std::chrono::milliseconds connectTimeout{10'000};
    // A busy server queues requests: the wait for the first byte of a reply may be long.
    std::chrono::milliseconds firstByteTimeout{300'000};
};

struct ServedModel {
    std::string id;
    int maxModelLen = 0; // vLLM's max_model_len; 0 when the server does not say
};

// GET /v1/models: what the server serves, in its order (the connect dialog's model list).
// Throws ServerError.
[[nodiscard]] std::vector<ServedModel> listServedModels(const ConnectOptions& options,
                                                        const std::atomic<bool>& stop);

class RemoteSession;
struct RemoteEngineData;

class RemoteEngine {
public:
    // Normalises the URL, lists the served models and picks one (GET /v1/models, timed as the
    // round trip). Throws ServerError (unreachable, HTTP status with the server's message, a
    // model the server does not serve) or facet::Error for a malformed URL.
    static std::unique_ptr<RemoteEngine> connect(const ConnectOptions& options,
                                                 const std::atomic<bool>& stop);
    ~RemoteEngine();
    RemoteEngine(const RemoteEngine&) = delete;
    RemoteEngine& operator=(const RemoteEngine&) = delete;

    // name: the served model; detailLevels: the offered levels; maxSeqLen: max_model_len;
    // runtimeFile: the API base URL; no image buckets (the server chooses them).
    const generate::ModelInfo& info() const;
    // Gemma 4's generation_config.json defaults (the server's own file is not visible).
    generate::SamplingSettings defaultSampling() const;
    std::unique_ptr<RemoteSession> createSession();

    const std::string& apiBase() const; // "http://host:8000/v1"
    const std::vector<ServedModel>& servedModels() const;
    double connectRoundTripMs() const; // GET /v1/models at connect
    // GET /health at the server root; returns the round trip in ms. Throws ServerError.
    double checkHealth(const std::atomic<bool>& stop) const;

private:
    explicit RemoteEngine(std::shared_ptr<const RemoteEngineData> data);
    std::shared_ptr<const RemoteEngineData> data_;
};

// One conversation on the server. The server keeps no state between requests (every request
// carries the whole history), so sessions are cheap and independent; one session runs one
// request at a time, several sessions may run on different threads.
class RemoteSession {
public:
    ~RemoteSession();
    RemoteSession(const RemoteSession&) = delete;
    RemoteSession& operator=(const RemoteSession&) = delete;

    // One POST /v1/chat/completions, streamed. Events as generate::Session::generate: Prefill
    // when the request is sent (the server encodes the images and prefills), Decode at the
    // first text, text deltas, then exactly one onFinished (also Cancelled, reply kept) or
    // onError (message names the server and what happened; text already delivered stays — a
    // cut stream says so). Never throws. Images of the new turn at different levels end in
    // onError before anything is sent (a server takes one level per request).
    void generate(const generate::Request& request, generate::EventSink& sink,
                  const std::atomic<bool>& stop);

    // One request per level, columns one after another, the same seed for all (drawn here
    // when sampling without one). Throws facet::Error before any request when the comparison
    // is invalid (levels not 2..5 distinct offered ones, no image in the turn, an unreadable
    // image); afterwards every failure (e.g. the server refusing a level) is reported in its
    // column and the other columns still run. Stop ends the running column (Cancelled) and
    // reports the columns not yet run as Cancelled.
    void compare(const generate::CompareRequest& request, generate::CompareSink& sink,
                 const std::atomic<bool>& stop);

private:
    friend class RemoteEngine;
    explicit RemoteSession(std::shared_ptr<const RemoteEngineData> data);
    std::shared_ptr<const RemoteEngineData> data_;
};

// Checks that an image file can be sent (readable, a format the server decodes) without
// reading all of it. Throws facet::Error "PATH: reason". The CLI calls it before connecting.
void checkImageFile(const std::filesystem::path& file);

} // namespace facet::remote
