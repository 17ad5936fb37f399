#include "core/worker/remotebackend.h"

namespace facet::app {
namespace {

class ServerOrLocalBackend final : public EngineBackend, public ServerSwitch {
public:
    explicit ServerOrLocalBackend(std::unique_ptr<EngineBackend> local)
        : local_(std::move(local)) {}

    // The local backend's, plus servers; a server compares too (one request per level).
    EngineCapabilities capabilities() const override {
        EngineCapabilities can = local_->capabilities();
        can.compare = true;
        can.servers = true;
        return can;
    }
    ServerSwitch* servers() override { return this; }

    void load(const generate::LoadOptions& options,
              const std::function<void(const generate::LoadProgress&)>& progress,
              const std::atomic<bool>& stop) override {
        // The local backend keeps its own model on failure; the server stays as well.
        local_->load(options, progress, stop);
        server_.reset();
    }

    void unload() override {
        server_.reset();
        local_->unload();
    }

    bool loaded() const override { return server_ != nullptr || local_->loaded(); }
    generate::ModelInfo info() const override { return server_ ? server_->info() : local_->info(); }
    generate::SamplingSettings defaultSampling() const override {
        return server_ ? server_->defaultSampling() : local_->defaultSampling();
    }

    void generate(const std::string& sessionKey, const generate::Request& request,
                  generate::EventSink& sink, const std::atomic<bool>& stop) override {
        if (!server_) {
            local_->generate(sessionKey, request, sink, stop);
            return;
        }
        server_->createSession()->generate(request, sink, stop);
    }

    // A comparison runs on whichever answers: the server gets one request per level, as
    // `facet-cli compare --server` sends them (remote::RemoteSession::compare).
    void compare(const std::string& sessionKey, const generate::CompareRequest& request,
                 generate::CompareSink& sink, const std::atomic<bool>& stop) override {
        if (!server_) {
            if (!local_->capabilities().compare)
                throw Error(ErrorKind::BadInput, "this engine cannot compare detail levels");
            local_->compare(sessionKey, request, sink, stop);
            return;
        }
        server_->createSession()->compare(request, sink, stop);
    }

    generate::SmokeReport smokeTest(const generate::SmokeOptions& options,
                                    const generate::SmokeProgress& progress,
                                    const std::atomic<bool>& stop) override {
        // The smoke test checks this machine's install (the client refuses it on a server).
        return local_->smokeTest(options, progress, stop);
    }

    void connectServer(const remote::ConnectOptions& options,
                       const std::atomic<bool>& stop) override {
        auto engine = remote::RemoteEngine::connect(options, stop); // throws: nothing changes
        server_ = std::move(engine);
        local_->unload(); // the device's memory is free for other programs meanwhile
    }

    // A server counts its prompt for itself (its own processor and max_model_len check): its
    // POST /tokenize per keystroke is not worth a round trip, so the meter shows its estimate.
    std::optional<generate::PromptCount> countPrompt(const std::string& sessionKey,
                                                     const generate::Request& request) override {
        if (server_)
            return std::nullopt;
        return local_->countPrompt(sessionKey, request);
    }

    // The vision cache is the local engine's; a server encodes images itself.
    generate::PreencodeResult preencode(const std::vector<generate::ImageInput>& images,
                                        const std::atomic<bool>& stop) override {
        return server_ ? generate::PreencodeResult{} : local_->preencode(images, stop);
    }
    void setVisionCacheLimit(std::size_t maxBytes) override {
        local_->setVisionCacheLimit(maxBytes);
    }
    generate::VisionCacheUsage visionCacheUsage() const override {
        return local_->visionCacheUsage();
    }

    std::string serverUrl() const override { return server_ ? server_->apiBase() : ""; }
    double serverRoundTripMs() const override {
        return server_ ? server_->connectRoundTripMs() : 0;
    }

private:
    std::unique_ptr<EngineBackend> local_;
    std::unique_ptr<remote::RemoteEngine> server_;
};

} // namespace

std::unique_ptr<EngineBackend> withServers(std::unique_ptr<EngineBackend> local) {
    return std::make_unique<ServerOrLocalBackend>(std::move(local));
}

} // namespace facet::app
