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
#include <cstdint>
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

// The `param` of vLLM >= 0.31's HTTP 400 for a request with mm_processor_kwargs when the
// server was started without --trust-request-mm-kwargs (a breaking change of v0.31.0,
// vllm-project/vllm PR #58830, which gates mm_processor_kwargs and media_io_kwargs).
inline constexpr const char* kMmKwargsParam = "mm_processor_kwargs";

// True for that refusal: an HTTP 400 whose `param` is mm_processor_kwargs, or one whose message
// names the flag itself. The flag's name is confirmed in source (ray-project/ray's vLLM
// pre-routing tokenizer passes FrontendArgs.trust_request_mm_kwargs to vLLM's OnlineRenderer);
// the refusal's `param` is taken from the v0.31.0 release notes, as no vLLM >= 0.31 source
// could be read here, so a 400 that tells the user to set the flag counts too. A 400 about
// anything else (a level the processor does not know, a number in the text) never does. The
// server default level (kServerDefaultLevel, no mm_processor_kwargs) still works there, or the
// server is restarted with the flag.
[[nodiscard]] bool isMmKwargsGate(const ErrorInfo& error);

struct ConnectOptions {
    // What the user typed: "http://host:8000/v1", "host:8000" (gets http:// and /v1), https.
    std::string url;
    // Empty: the first model GET /v1/models lists.
    std::optional<std::string> servedModel;
    // Bearer token. Empty: $FACET_API_KEY when set, else none. Never put into a message or log.
    std::optional<std::string> apiKey;
    // The detail levels to offer (ModelInfo::detailLevels), as the user says the server takes
    // them: stock vLLM's Gemma 4 processor takes all five; vllm-rbln only those its model was
    // compiled for, and an other one fails inside its engine (HTTP 500 or an error in the
    // stream; the engine may stop). No server refuses a level with a 400 that Facet could
    // learn from. kServerDefaultLevel (chat_request.h) is always accepted besides these.
    std::vector<int> levels{70, 140, 280, 560, 1120};
    std::chrono::milliseconds connectTimeout{10'000};
    // A busy server queues requests: the wait for the first byte of a reply may be long.
    std::chrono::milliseconds firstByteTimeout{300'000};
    // The overall deadline of one chat request, sending to the last byte. Unset: the
    // first-byte timeout plus kDeadlinePerToken for each of max_tokens (no server decodes a
    // token per second slower than that; a reply that ran past it is not coming to an end).
    std::optional<std::chrono::milliseconds> requestDeadline;
};

inline constexpr std::chrono::milliseconds kDeadlinePerToken{1000};

// One entry of GET /v1/models: vLLM's ModelCard {id, object, created, owned_by ("vllm"),
// root (the model path it loaded), parent, max_model_len, permission}
// (vllm-project/vllm, vllm/entrypoints/openai/engine/protocol.py, commit 040a2cc2).
struct ServedModel {
    std::string id;
    // vLLM's max_model_len; 0 when the server does not say (or says something that is not a
    // positive whole number). 64-bit: a server may claim more than an int holds.
    std::int64_t maxModelLen = 0;
    std::string ownedBy; // "vllm" on vLLM and on vllm-rbln alike (a plugin changes nothing)
    std::string root;    // the model path or name the server loaded; empty when not sent
    std::string parent;  // set for a LoRA adapter: its base model
};

// What kind of server answers, as far as its API tells. vLLM's API names no platform: a
// vllm-rbln server (a platform plugin, RBLN-SW/vllm-rbln v0.11.0, commit 95c7a25a) answers
// /v1/models with owned_by "vllm" like any vLLM, and GET /version with vLLM's own version,
// {"version": vllm.__version__}. What tells them apart is that version: vllm-rbln pins
// `vllm==0.22.0+cpu` (its pyproject.toml), a CPU build ("+cpu") of vLLM 0.22.
enum class ServerKind {
    Unknown,       // no /version, or one that is not vLLM's shape (a proxy, another server)
    Vllm,          // vLLM on a GPU or other accelerator: every Gemma 4 level is accepted
    MaybeVllmRbln, // a CPU build of vLLM ("+cpu"): vllm-rbln, or vLLM on a CPU
};

struct ServerIdentity {
    ServerKind kind = ServerKind::Unknown;
    std::string version; // GET /version's "version"; empty when there was none
    int major = 0, minor = 0;
    // vLLM >= 0.31 refuses per-request mm_processor_kwargs unless started with
    // --trust-request-mm-kwargs (a 0.31.0 breaking change); whether this one was, only a
    // request shows (isMmKwargsGate).
    bool mmKwargsGatedByDefault = false;
    // One sentence for the user: what Facet concluded and why.
    std::string explanation;
};

// Reads GET /version's body (empty: none came, e.g. HTTP 404). Pure, for tests and the app.
[[nodiscard]] ServerIdentity identifyServer(const std::string& versionBody);

// GET /version at the server root (not under /v1), then identifyServer(). A server without
// /version is Unknown, not an error; unreachable or a cut answer throws ServerError.
[[nodiscard]] ServerIdentity queryServerIdentity(const ConnectOptions& options,
                                                 const std::atomic<bool>& stop);

// GET /health: what it said, never a throw (the app asks after a 500 or a failed stream).
// vLLM answers 200 with an empty body while its engine runs, and 503 once EngineCore died.
struct HealthCheck {
    bool up = false;    // answered 2xx
    int httpStatus = 0; // 0: no answer (unreachable, timed out)
    double roundTripMs = 0;
    std::string message; // names the server URL and what happened: for the status line
};
[[nodiscard]] HealthCheck checkServerHealth(const ConnectOptions& options,
                                            const std::atomic<bool>& stop);

// The context a prompt may use on a server: vLLM reserves max_tokens out of max_model_len and
// refuses (HTTP 400 naming both) a prompt longer than the rest. 0 when max_model_len is not
// known; never below 0.
[[nodiscard]] std::int64_t promptBudget(std::int64_t maxModelLen, int maxTokens);
// The failure to report before sending, or nothing: max_tokens alone leaves no room, or the
// prompt's known lower bound (`promptTokensAtLeast`, e.g. its images' soft tokens) does not fit
// in max_model_len − max_tokens. Kind BadInput; the message names the URL and both numbers.
[[nodiscard]] std::optional<ErrorInfo> checkPromptFits(const std::string& apiBase,
                                                       std::int64_t maxModelLen, int maxTokens,
                                                       int promptTokensAtLeast);

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

    // name: the served model; detailLevels: the offered levels; maxSeqLen: max_model_len (at
    // most INT_MAX; maxModelLen() has the whole value); runtimeFile: the API base URL as
    // shown (password redacted); no image buckets (the server chooses them).
    const generate::ModelInfo& info() const;
    // Gemma 4's generation_config.json defaults (the server's own file is not visible).
    generate::SamplingSettings defaultSampling() const;
    std::unique_ptr<RemoteSession> createSession();

    // "http://host:8000/v1": what requests go to, with the URL's password if it had one — to
    // connect again, never to show (displayBase()).
    const std::string& apiBase() const;
    // The same with the password redacted ("http://user:***@host:8000/v1"), as every message
    // and statistic shows it.
    const std::string& displayBase() const;
    const std::vector<ServedModel>& servedModels() const;
    double connectRoundTripMs() const; // GET /v1/models at connect
    // GET /health at the server root; returns the round trip in ms. Throws ServerError.
    double checkHealth(const std::atomic<bool>& stop) const;
    // The same as data, never throwing: after a 500 or a reply failed by the server, whether
    // the server is still up (vllm-rbln's engine may stop on an uncompiled level).
    HealthCheck health(const std::atomic<bool>& stop) const;
    // GET /version: what kind of server this is (see ServerKind).
    ServerIdentity identity(const std::atomic<bool>& stop) const;
    // The chosen model's max_model_len (0: not reported) and what a prompt may use of it with
    // `maxTokens` reserved for the reply (promptBudget).
    std::int64_t maxModelLen() const;
    std::int64_t promptBudget(int maxTokens) const;

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
