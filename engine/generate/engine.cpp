#include "generate/engine.h"

#include "common/error.h"
#include "common/regular_file.h"
#include "generate/builtin_paths.h"
#include "generate/engine_impl.h"
#include "generate/session_impl.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace facet::generate {

const char* toString(Phase phase) {
    switch (phase) {
    case Phase::LoadingModel:
        return "loading_model";
    case Phase::Vision:
        return "vision";
    case Phase::Prefill:
        return "prefill";
    case Phase::Decode:
        return "decode";
    }
    return "unknown";
}

const char* toString(FinishReason reason) {
    switch (reason) {
    case FinishReason::StopToken:
        return "stop_token";
    case FinishReason::MaxTokens:
        return "max_tokens";
    case FinishReason::Cancelled:
        return "cancelled";
    case FinishReason::Error:
        return "error";
    case FinishReason::ContextFull:
        return "context_full";
    case FinishReason::Repetition:
        return "repetition";
    }
    return "unknown";
}

namespace {

text::TemplateRevision revisionOf(const std::filesystem::path& dir) {
    const auto file = dir / "chat_template.jinja";
    std::error_code ec;
    if (!std::filesystem::exists(file, ec))
        return text::TemplateRevision::Original;
    return text::detectTemplateRevision(
        readTextFile(file, kMaxChatTemplateBytes, "a chat template"), file);
}

} // namespace

EngineImpl::EngineImpl(const LoadOptions& options,
                       const std::function<void(const LoadProgress&)>& progress,
                       const std::atomic<bool>& stop)
    : kvReuse(options.kvReuse) {
    visionCache.setMaxBytes(options.visionCacheBytes);
    auto report = [&](const std::string& step, double fraction) {
        if (progress)
            progress({step, fraction});
    };
    report("reading the model folder", 0.0);
    spec = readModelSpec(options.modelDir);
    if (spec.perLayerInputs) {
        throw fileError(options.modelDir / "config.json",
                        "per-layer inputs (Gemma 4 E2B/E4B) are not supported by this engine yet");
    }
    runtime = device::RuntimeLibrary::load(runtimeFor(spec.dir, options.runtimeLibrary));
    graphs = std::make_unique<GraphSet>(
        runtime, spec, options.deviceId,
        [&](const std::string& step, double f) {
            report("opening graphs: " + step, 0.05 + 0.75 * f);
        },
        stop);
    report("mapping weights", 0.85);
    textArtifacts = model::PthFile::open(spec.dir / "language_model" / "torch_artifacts.pth");
    visionArtifacts = model::PthFile::open(spec.dir / "vision_tower" / "torch_artifacts.pth");
    language = std::make_unique<LanguageModel>(
        spec, *graphs, Bf16Table(*textArtifacts, "embed_tokens.weight", {spec.vocab, spec.hidden}));
    vision = std::make_unique<VisionEncoder>(spec, *graphs, *visionArtifacts);
    report("loading the tokenizer", 0.9);
    tokenizer = text::Tokenizer::load(spec.dir / "tokenizer.json");
    prompts = std::make_unique<PromptBuilder>(*tokenizer, text::TemplateVariant::Large,
                                              revisionOf(spec.dir));
    pageTable = std::make_unique<PageTable>(spec.maxSeqLen, spec.blockSize, spec.numBlocks);

    info.name = spec.name;
    info.detailLevels.assign(spec.levels.rbegin(), spec.levels.rend());
    info.imageBuckets.assign(spec.imageBuckets.rbegin(), spec.imageBuckets.rend());
    for (int level : spec.levels)
        info.bucketForLevel[level] = spec.bucketFor(level);
    info.maxSeqLen = spec.maxSeqLen;
    info.deviceId = options.deviceId;
    info.runtimeFile = runtime->file().string();
    info.runtimeVersion = runtime->version();
    info.simulated = runtime->isSimulator();
    info.problems = spec.warnings;
    report("ready", 1.0);
}

Engine::Engine(std::shared_ptr<EngineImpl> impl) : impl_(std::move(impl)) {}
Engine::~Engine() = default;

std::unique_ptr<Engine> Engine::load(const LoadOptions& options,
                                     const std::function<void(const LoadProgress&)>& progress,
                                     const std::atomic<bool>& stop) {
    return std::unique_ptr<Engine>(
        new Engine(std::make_shared<EngineImpl>(options, progress, stop)));
}

const ModelInfo& Engine::info() const {
    return impl_->info;
}
SamplingSettings Engine::defaultSampling() const {
    return impl_->spec.defaults;
}

std::unique_ptr<Session> Engine::createSession() {
    return std::unique_ptr<Session>(new Session(std::make_unique<SessionImpl>(impl_)));
}

Session::Session(std::unique_ptr<SessionImpl> impl) : impl_(std::move(impl)) {}
Session::~Session() = default;

void Session::generate(const Request& request, EventSink& sink, const std::atomic<bool>& stop) {
    impl_->generate(request, sink, stop);
}

PromptCount Session::countPrompt(const Request& request) const {
    return impl_->countPrompt(request);
}

} // namespace facet::generate
