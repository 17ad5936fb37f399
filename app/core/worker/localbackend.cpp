// The real engine behind the worker: generate::Engine with one Session, kept for the latest
// conversation so a follow-up turn reuses its KV cache.
#include "core/worker/enginebackend.h"

#include "common/error.h"
#include "model/model_folder.h"

#include <optional>

namespace facet::app {
namespace {

class LocalBackend final : public EngineBackend {
public:
    ~LocalBackend() override { unload(); }

    EngineCapabilities capabilities() const override {
        EngineCapabilities can;
        can.compare = true;
        can.visionCache = true;
        can.smokeTest = true;
        return can;
    }

    void load(const generate::LoadOptions& options,
              const std::function<void(const generate::LoadProgress&)>& progress,
              const std::atomic<bool>& stop) override {
        // The folder is checked first, as `facet-cli inspect-model` does: a folder that is not a
        // usable compiled model never unloads the model in use.
        const auto folder = model::ModelFolder::open(options.modelDir);
        if (!folder.usable()) {
            std::string message =
                options.modelDir.string() + ": not a usable compiled model folder";
            for (const auto& problem : folder.problems())
                message += "\n- " + problem;
            throw Error(message);
        }
        // The device holds one model: the old one goes, and comes back if the new one fails.
        const std::optional<generate::LoadOptions> previous =
            engine_ ? std::optional(current_) : std::nullopt;
        unload();
        generate::LoadOptions withCache = options;
        withCache.visionCacheBytes = visionCacheBytes_;
        try {
            engine_ = generate::Engine::load(withCache, progress, stop);
            current_ = withCache;
        } catch (...) {
            if (previous) {
                const std::atomic<bool> never{false};
                try {
                    engine_ = generate::Engine::load(*previous, {}, never);
                } catch (const std::exception&) {
                    engine_.reset(); // both failed: nothing loaded, the first error is reported
                }
            }
            throw;
        }
    }

    void unload() override {
        session_.reset(); // sessions before the engine whose device blocks they use
        sessionKey_.clear();
        engine_.reset();
    }

    bool loaded() const override { return engine_ != nullptr; }
    generate::ModelInfo info() const override {
        return engine_ ? engine_->info() : generate::ModelInfo{};
    }
    generate::SamplingSettings defaultSampling() const override {
        return engine_ ? engine_->defaultSampling() : generate::SamplingSettings{};
    }

    void generate(const std::string& sessionKey, const generate::Request& request,
                  generate::EventSink& sink, const std::atomic<bool>& stop) override {
        sessionFor(sessionKey).generate(request, sink, stop);
    }

    void compare(const std::string& sessionKey, const generate::CompareRequest& request,
                 generate::CompareSink& sink, const std::atomic<bool>& stop) override {
        sessionFor(sessionKey).compare(request, sink, stop);
    }

    std::optional<generate::PromptCount> countPrompt(const std::string& sessionKey,
                                                     const generate::Request& request) override {
        if (!engine_)
            return std::nullopt;
        // generate() runs it in the kept session when it is this conversation's (its KV prefix
        // is reused), else in a fresh one.
        if (session_ && sessionKey_ == sessionKey)
            return session_->countPrompt(request);
        return engine_->countPrompt(request);
    }

    generate::PreencodeResult preencode(const std::vector<generate::ImageInput>& images,
                                        const std::atomic<bool>& stop) override {
        if (!engine_)
            return {};
        return engine_->preencode(images, stop);
    }

    void setVisionCacheLimit(std::size_t maxBytes) override {
        visionCacheBytes_ = maxBytes;
        current_.visionCacheBytes = maxBytes; // a reload after a failed load keeps it too
        if (engine_)
            engine_->setVisionCacheLimit(maxBytes);
    }

    generate::VisionCacheUsage visionCacheUsage() const override {
        return engine_ ? engine_->visionCacheUsage() : generate::VisionCacheUsage{};
    }

    generate::SmokeReport smokeTest(const generate::SmokeOptions& options,
                                    const generate::SmokeProgress& progress,
                                    const std::atomic<bool>& stop) override {
        unload();
        return generate::runSmokeTest(options, progress, stop);
    }

private:
    // The session of conversation `sessionKey`: kept while the same conversation asks again.
    generate::Session& sessionFor(const std::string& sessionKey) {
        if (!engine_)
            throw Error("No model loaded");
        if (!session_ || sessionKey_ != sessionKey) {
            session_.reset();
            session_ = engine_->createSession();
            sessionKey_ = sessionKey;
        }
        return *session_;
    }

    std::unique_ptr<generate::Engine> engine_;
    generate::LoadOptions current_; // what engine_ was loaded from
    std::size_t visionCacheBytes_ = generate::LoadOptions{}.visionCacheBytes;
    std::unique_ptr<generate::Session> session_;
    std::string sessionKey_;
};

} // namespace

std::unique_ptr<EngineBackend> makeLocalBackend() {
    return std::make_unique<LocalBackend>();
}

} // namespace facet::app
