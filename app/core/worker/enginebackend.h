#pragma once
// The seam under the engine worker: what the worker needs from an engine. The real one runs the
// compiled model (LocalBackend: generate::Engine on the NPU or the simulator), withServers() adds
// a vLLM server; the tests' scripted one (tests/support/scripted) plays canned phases, text and
// errors so controller and view tests run in milliseconds without a model. A backend says what
// it can do (capabilities()); the worker and the client ask before they call, and tell the user
// when it cannot, so no operation is refused by throwing. Called on the worker thread only,
// except capabilities(), which is constant and read once on the GUI thread.
#include "common/error.h"
#include "generate/compare.h"
#include "generate/engine.h"
#include "generate/smoke_test.h"
#include "remote/remote_engine.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace facet::app {

// What a backend can do beside loading a model and generating; constant for its life.
struct EngineCapabilities {
    bool compare = false;     // compare(): detail levels side by side
    bool visionCache = false; // preencode() fills a vision cache; setVisionCacheLimit applies
    bool servers = false;     // servers() is not null: a vLLM server instead of a local model
    bool smokeTest = false;   // smokeTest(): the install check of this machine's device
};

// A vLLM server as the engine instead of a model on this machine (remotebackend.h).
class ServerSwitch {
public:
    virtual ~ServerSwitch() = default;
    // Like EngineBackend::load(): on failure it throws with the reason and what was in use
    // stays; on success the local model is unloaded.
    virtual void connectServer(const remote::ConnectOptions& options,
                               const std::atomic<bool>& stop) = 0;
    // The connected server's API base ("http://host:8000/v1"); empty for a local model.
    [[nodiscard]] virtual std::string serverUrl() const = 0;
    // The round trip of the connect's GET /v1/models, ms; 0 for a local model.
    [[nodiscard]] virtual double serverRoundTripMs() const = 0;
};

class EngineBackend {
public:
    virtual ~EngineBackend() = default;

    [[nodiscard]] virtual EngineCapabilities capabilities() const = 0;

    // Loads a model, replacing the loaded one only when the new one loads: on failure (a bad
    // folder, a runtime error, `stop`) it throws with the reason and the model loaded before is
    // still loaded (loaded() says whether there is one).
    virtual void load(const generate::LoadOptions& options,
                      const std::function<void(const generate::LoadProgress&)>& progress,
                      const std::atomic<bool>& stop) = 0;
    virtual void unload() = 0;
    [[nodiscard]] virtual bool loaded() const = 0;
    [[nodiscard]] virtual generate::ModelInfo info() const = 0;
    [[nodiscard]] virtual generate::SamplingSettings defaultSampling() const = 0;

    // Runs one request of conversation `sessionKey`; events go to `sink` (see
    // generate::Session::generate: failures end in onError, never as exceptions, except when
    // no session can be made).
    virtual void generate(const std::string& sessionKey, const generate::Request& request,
                          generate::EventSink& sink, const std::atomic<bool>& stop) = 0;

    // Encodes images into the engine's vision cache ahead of a request, while the user types
    // (generate::Engine::preencode): the request that sends them then starts with the text
    // prefill. `stop` ends it at once. Where capabilities().visionCache is false (or while a
    // server answers) it encodes nothing.
    virtual generate::PreencodeResult preencode(const std::vector<generate::ImageInput>& images,
                                                const std::atomic<bool>& stop) = 0;
    // The vision cache's size in bytes (0 = off), for this model and every one loaded later.
    virtual void setVisionCacheLimit(std::size_t maxBytes) = 0;
    [[nodiscard]] virtual generate::VisionCacheUsage visionCacheUsage() const = 0;
    // Runs one comparison of detail levels in conversation `sessionKey` (generate/compare.h:
    // columns one after another, a failing column ends in its onError and the others run).
    // Throws when no session can be made. Called only where capabilities().compare.
    virtual void compare(const std::string& sessionKey, const generate::CompareRequest& request,
                         generate::CompareSink& sink, const std::atomic<bool>& stop) = 0;

    // The install check of `facet-cli smoke-test` (generate/smoke_test.h). The device holds one
    // model: the loaded one is unloaded first (the caller loads it again afterwards).
    [[nodiscard]] virtual generate::SmokeReport smokeTest(const generate::SmokeOptions& options,
                                                          const generate::SmokeProgress& progress,
                                                          const std::atomic<bool>& stop) = 0;

    // What `request` of conversation `sessionKey` will put into the KV cache, counted as its
    // generate() would run it (generate::Session::countPrompt: the KV prefix that conversation
    // reuses included): the context meter's number. Nothing where this backend cannot count
    // (a server counts for itself; the scripted one has no prompt): the meter then shows its
    // estimate, marked as one. Throws as generate would refuse the request.
    [[nodiscard]] virtual std::optional<generate::PromptCount>
    countPrompt(const std::string& sessionKey, const generate::Request& request) {
        (void)sessionKey;
        (void)request;
        return std::nullopt;
    }

    // The server switch where capabilities().servers (the backend withServers() makes); null
    // otherwise.
    [[nodiscard]] virtual ServerSwitch* servers() { return nullptr; }
};

// The compiled model through generate::Engine; keeps the KV cache of the latest conversation.
[[nodiscard]] std::unique_ptr<EngineBackend> makeLocalBackend();

} // namespace facet::app
