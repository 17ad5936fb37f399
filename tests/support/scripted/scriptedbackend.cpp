#include "scriptedbackend.h"

#include "common/error.h"

#include <QFile>

#include <chrono>
#include <thread>

namespace facet::app {
namespace {

using Clock = std::chrono::steady_clock;

// Sleeps in short steps so a stop lands within a few milliseconds. False: stopped.
bool waitMs(int ms, const std::atomic<bool>& stop) {
    const auto end = Clock::now() + std::chrono::milliseconds(ms);
    while (Clock::now() < end) {
        if (stop.load())
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return !stop.load();
}

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

class ScriptedBackend final : public EngineBackend {
public:
    explicit ScriptedBackend(std::shared_ptr<ScriptedEngine> engine) : engine_(std::move(engine)) {}

    EngineCapabilities capabilities() const override { return engine_->script().capabilities; }

    void load(const generate::LoadOptions&,
              const std::function<void(const generate::LoadProgress&)>& progress,
              const std::atomic<bool>& stop) override {
        // Like the real backend: a failed load keeps the model loaded before.
        const EngineScript s = engine_->script();
        if (progress)
            progress({"scripted load", 0.5});
        if (!waitMs(s.loadDelayMs, stop))
            throw Error("loading cancelled");
        if (!s.loadError.empty())
            throw Error(s.loadError);
        info_ = s.info;
        defaults_ = s.defaults;
        loaded_ = true;
    }
    void unload() override {
        loaded_ = false;
        engine_->recordUnload();
    }
    bool loaded() const override { return loaded_; }
    generate::ModelInfo info() const override { return info_; }
    generate::SamplingSettings defaultSampling() const override { return defaults_; }

    void generate(const std::string& sessionKey, const generate::Request& request,
                  generate::EventSink& sink, const std::atomic<bool>& stop) override {
        if (!loaded_)
            throw Error("No model loaded");
        engine_->record(sessionKey, request);
        play(engine_->script(), request, sink, stop);
    }

    // Column after column, each playing the script at its level, through the same steps as
    // generate(); like the engine, a stopped comparison still reports every column (Cancelled).
    void compare(const std::string&, const generate::CompareRequest& request,
                 generate::CompareSink& sink, const std::atomic<bool>& stop) override {
        if (!loaded_)
            throw Error("No model loaded");
        if (const auto problem = generate::compareLevelsProblem(request.levels, info_.detailLevels))
            throw Error(*problem);
        engine_->recordCompare(request);
        const EngineScript script = engine_->script();
        for (std::size_t column = 0; column < request.levels.size(); ++column) {
            const int level = request.levels[column];
            EngineScript s = script;
            if (const auto it = script.levelPieces.find(level); it != script.levelPieces.end())
                s.pieces = it->second;
            if (level != script.compareErrorLevel)
                s.errorAfterPieces = -1;
            generate::Request turn = request.request;
            for (auto& part : turn.newUserTurn)
                part.image.level = level;
            sink.onColumnStarted(static_cast<int>(column), level, turn.sampling.seed);
            ColumnSink columnSink(sink, static_cast<int>(column));
            play(s, turn, columnSink, stop);
        }
    }

private:
    // One column's events, forwarded with its index.
    class ColumnSink final : public generate::EventSink {
    public:
        ColumnSink(generate::CompareSink& sink, int column) : sink_(sink), column_(column) {}
        void onPhase(const generate::PhaseEvent& e) override { sink_.onPhase(column_, e); }
        void onText(std::string_view content, std::string_view reasoning) override {
            sink_.onText(column_, content, reasoning);
        }
        void onFinished(const generate::Stats& stats, const std::string& reply) override {
            sink_.onFinished(column_, stats, reply);
        }
        void onError(const ErrorInfo& error, const generate::Stats& partial) override {
            sink_.onError(column_, error, partial);
        }

    private:
        generate::CompareSink& sink_;
        int column_;
    };

    void play(const EngineScript& s, const generate::Request& request, generate::EventSink& sink,
              const std::atomic<bool>& stop) {
        const auto start = Clock::now();
        generate::Stats stats;
        stats.promptTokens = 10;
        const auto finish = [&](generate::FinishReason reason) {
            stats.finishReason = reason;
            stats.totalMs = msSince(start);
            sink.onFinished(stats, {});
        };
        std::vector<generate::ImageInput> images;
        for (const auto& part : request.newUserTurn)
            if (part.kind == generate::UserPart::Kind::Image)
                images.push_back(part.image);
        for (std::size_t i = 0; i < images.size(); ++i) {
            const std::string key = ScriptedEngine::cacheKey(images[i]);
            if (engine_->encoded(key)) { // as the real engine: no vision phase, "reused"
                stats.images.push_back(
                    {images[i].level, images[i].level, bucketFor(images[i].level), true});
                stats.imageTokens += images[i].level;
                ++stats.imagesReused;
                continue;
            }
            sink.onPhase({generate::Phase::Vision, static_cast<int>(i),
                          static_cast<int>(images.size()), images[i].level});
            if (!waitMs(s.visionMsPerImage, stop))
                return finish(generate::FinishReason::Cancelled);
            stats.images.push_back({images[i].level, images[i].level, bucketFor(images[i].level)});
            stats.imageTokens += images[i].level;
            engine_->markEncoded(key);
        }
        sink.onPhase({generate::Phase::Prefill, 0, 0, 0});
        if (stop.load())
            return finish(generate::FinishReason::Cancelled);
        sink.onPhase({generate::Phase::Decode, 0, 0, 0});
        const auto stream = [&](const std::string& piece, bool reasoning) {
            if (!waitMs(s.pieceIntervalMs, stop))
                return false;
            if (stats.generatedTokens == 0)
                stats.ttftMs = msSince(start);
            ++stats.generatedTokens;
            reasoning ? sink.onText({}, piece) : sink.onText(piece, {});
            return true;
        };
        for (const auto& piece : s.reasoning)
            if (!stream(piece, true))
                return finish(generate::FinishReason::Cancelled);
        for (std::size_t i = 0; i < s.pieces.size(); ++i) {
            if (static_cast<int>(i) == s.errorAfterPieces) {
                stats.finishReason = generate::FinishReason::Error;
                stats.totalMs = msSince(start);
                sink.onError(errorInfo(ErrorKind::Device, s.errorMessage), stats);
                return;
            }
            if (!stream(s.pieces[i], false))
                return finish(generate::FinishReason::Cancelled);
        }
        const double decodeMs = msSince(start) - stats.ttftMs;
        if (stats.generatedTokens > 1 && decodeMs > 0)
            stats.decodeTokensPerS = (stats.generatedTokens - 1) * 1000.0 / decodeMs;
        finish(s.finishReason);
    }

public:
    // Each image not encoded yet takes visionMsPerImage, as in a request.
    generate::PreencodeResult preencode(const std::vector<generate::ImageInput>& images,
                                        const std::atomic<bool>& stop) override {
        const EngineScript s = engine_->script();
        generate::PreencodeResult result;
        for (const auto& image : images) {
            const std::string key = ScriptedEngine::cacheKey(image);
            if (engine_->encoded(key)) {
                ++result.alreadyCached;
                continue;
            }
            if (!waitMs(s.visionMsPerImage, stop)) {
                result.cancelled = true;
                break;
            }
            engine_->markEncoded(key);
            ++result.encoded;
        }
        engine_->recordPreencode(result.cancelled);
        return result;
    }

    void setVisionCacheLimit(std::size_t maxBytes) override {
        engine_->setVisionCacheLimit(maxBytes);
    }
    generate::VisionCacheUsage visionCacheUsage() const override {
        return {0, engine_->visionCacheLimit(), 0};
    }

    // The real step list and titles, each passing (or failing on cue) after smokeStepMs.
    generate::SmokeReport smokeTest(const generate::SmokeOptions& options,
                                    const generate::SmokeProgress& progress,
                                    const std::atomic<bool>& stop) override {
        loaded_ = false;
        const EngineScript s = engine_->script();
        generate::SmokeReport report;
        report.machine.cpu = "scripted";
        report.machine.simulated = true;
        report.folder.directory = options.modelDir.string();
        report.folder.name = "scripted";
        report.folder.levels = {70, 140, 280, 560, 1120};
        const std::pair<const char*, const char*> steps[] = {
            {"folder", "The folder is a usable compiled model"},
            {"runtime", "The runtime library is found"},
            {"graphs_load", "Every graph loads on the device"},
            {"vision", "The vision tower runs at every level"},
            {"generate", "Prefill and greedy decode per level"}};
        const int count = static_cast<int>(std::size(steps));
        bool failed = false;
        for (int i = 0; i < count; ++i) {
            generate::SmokeStep step;
            step.id = steps[i].first;
            step.title = steps[i].second;
            if (progress.stepStarted)
                progress.stepStarted(i, count, step);
            if (step.id == s.smokeThrowStep)
                throw std::runtime_error("scripted exception in " + step.id);
            const bool ran = !failed && waitMs(s.smokeStepMs, stop);
            step.status = !ran                         ? generate::SmokeStep::Status::Skipped
                          : step.id == s.smokeFailStep ? generate::SmokeStep::Status::Fail
                                                       : generate::SmokeStep::Status::Pass;
            step.ms = ran ? s.smokeStepMs : 0;
            if (step.status == generate::SmokeStep::Status::Fail) {
                step.message = "scripted failure of " + step.id;
                failed = true;
            }
            report.steps.push_back(step);
            if (progress.stepFinished)
                progress.stepFinished(i, count, report.steps.back());
        }
        return report;
    }

private:
    int bucketFor(int level) const {
        const auto it = info_.bucketForLevel.find(level);
        return it != info_.bucketForLevel.end() ? it->second : level;
    }

    std::shared_ptr<ScriptedEngine> engine_;
    bool loaded_ = false;
    generate::ModelInfo info_;
    generate::SamplingSettings defaults_;
};

} // namespace

generate::ModelInfo EngineScript::defaultInfo() {
    generate::ModelInfo info;
    info.name = "scripted";
    info.detailLevels = {70, 140, 280, 560, 1120};
    info.imageBuckets = {128, 256, 384, 640, 1152};
    info.bucketForLevel = {{70, 128}, {140, 256}, {280, 384}, {560, 640}, {1120, 1152}};
    info.maxSeqLen = 8192;
    info.runtimeFile = "scripted";
    info.runtimeVersion = "0";
    info.simulated = true;
    return info;
}

void ScriptedEngine::setScript(EngineScript script) {
    const std::lock_guard lock(mutex_);
    script_ = std::move(script);
}

EngineScript ScriptedEngine::script() const {
    const std::lock_guard lock(mutex_);
    return script_;
}

void ScriptedEngine::record(const std::string& sessionKey, const generate::Request& request) {
    const std::lock_guard lock(mutex_);
    requests_.push_back(request);
    sessionKeys_.push_back(sessionKey);
}

void ScriptedEngine::recordCompare(const generate::CompareRequest& request) {
    const std::lock_guard lock(mutex_);
    compareRequests_.push_back(request);
}

std::vector<generate::CompareRequest> ScriptedEngine::compareRequests() const {
    const std::lock_guard lock(mutex_);
    return compareRequests_;
}

std::vector<generate::Request> ScriptedEngine::requests() const {
    const std::lock_guard lock(mutex_);
    return requests_;
}

std::vector<std::string> ScriptedEngine::sessionKeys() const {
    const std::lock_guard lock(mutex_);
    return sessionKeys_;
}

std::string ScriptedEngine::cacheKey(const generate::ImageInput& image) {
    // By content, as the real cache: a sent image is a copy in the conversation's folder.
    QFile in(QString::fromStdString(image.path.string()));
    const std::string content =
        in.open(QIODevice::ReadOnly) ? std::to_string(qHash(in.readAll())) : image.path.string();
    return content + "@" + std::to_string(image.level);
}

bool ScriptedEngine::encoded(const std::string& key) const {
    const std::lock_guard lock(mutex_);
    return encoded_.contains(key);
}

void ScriptedEngine::markEncoded(const std::string& key) {
    const std::lock_guard lock(mutex_);
    encoded_.insert(key);
}

int ScriptedEngine::preencodeCalls() const {
    const std::lock_guard lock(mutex_);
    return preencodeCalls_;
}

int ScriptedEngine::preencodesCancelled() const {
    const std::lock_guard lock(mutex_);
    return preencodesCancelled_;
}

void ScriptedEngine::recordPreencode(bool cancelled) {
    const std::lock_guard lock(mutex_);
    ++preencodeCalls_;
    preencodesCancelled_ += cancelled ? 1 : 0;
}

int ScriptedEngine::unloads() const {
    const std::lock_guard lock(mutex_);
    return unloads_;
}

void ScriptedEngine::recordUnload() {
    const std::lock_guard lock(mutex_);
    ++unloads_;
}

std::size_t ScriptedEngine::visionCacheLimit() const {
    const std::lock_guard lock(mutex_);
    return visionCacheLimit_;
}

void ScriptedEngine::setVisionCacheLimit(std::size_t bytes) {
    const std::lock_guard lock(mutex_);
    visionCacheLimit_ = bytes;
}

std::unique_ptr<EngineBackend> makeScriptedBackend(std::shared_ptr<ScriptedEngine> engine) {
    return std::make_unique<ScriptedBackend>(std::move(engine));
}

} // namespace facet::app
