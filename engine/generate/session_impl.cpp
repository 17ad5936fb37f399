#include "generate/session_impl.h"

#include "common/error.h"
#include "common/regular_file.h"
#include "common/sha256.h"
#include "generate/repetition_guard.h"
#include "generate/reply_stream.h"
#include "generate/sampler.h"
#include "image/image.h"
#include "image/preprocess.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <random>

namespace facet::generate {
namespace {

using Clock = std::chrono::steady_clock;

// A refusal because the conversation does not fit max_seq_len (finish reason ContextFull).
class ContextFullError : public Error {
public:
    explicit ContextFullError(const std::string& message) : Error(ErrorKind::BadInput, message) {}
};

// Thrown when `stop` is seen before the prompt is fully in the cache; not an error.
// `duringVision`: nothing was written to the KV cache yet (the vision graphs hold no state), so
// the session's cache stays valid for the next request.
struct PrefillCancelled {
    bool duringVision = false;
};

double msSince(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Start of each run of image soft tokens, in order.
std::vector<int> imageRunStarts(const std::vector<std::int32_t>& tokens, int imageTokenId) {
    std::vector<int> starts;
    for (std::size_t i = 0; i < tokens.size(); ++i)
        if (tokens[i] == imageTokenId && (i == 0 || tokens[i - 1] != imageTokenId))
            starts.push_back(static_cast<int>(i));
    return starts;
}

} // namespace

std::string fileHash(const std::filesystem::path& path) {
    const RegularFile file(path, kMaxImageFileBytes, "an image");
    Sha256 hash;
    std::vector<char> buffer(1 << 16);
    for (std::uint64_t offset = 0;;) {
        const std::size_t n = file.readSome(offset, buffer.data(), buffer.size());
        if (n == 0)
            break;
        hash.update(buffer.data(), n);
        offset += n;
    }
    return hash.hexDigest();
}

ImageEntry EngineImpl::describeImage(const ImageInput& input, bool identity) const {
    if (spec.levelIndex(input.level) < 0) {
        std::string compiled;
        for (int l : info.detailLevels)
            compiled += (compiled.empty() ? "" : ", ") + std::to_string(l);
        throw fileError(input.path, "detail level " + std::to_string(input.level) +
                                        " is not compiled into this model (compiled: " + compiled +
                                        ")");
    }
    ImageEntry e;
    e.input = input;
    const image::Dimensions dims = image::probeDimensions(input.path);
    e.width = dims.width;
    e.height = dims.height;
    e.softTokens = image::softTokensFor(dims.width, dims.height, input.level);
    e.bucket = spec.bucketFor(e.softTokens);
    if (identity)
        e.key = fileHash(input.path) + "@" + std::to_string(input.level);
    return e;
}

BuiltPrompt EngineImpl::buildPrompt(const Request& request, bool identity) const {
    return prompts->build(request, replies, [this, identity](const ImageInput& in) {
        return describeImage(in, identity);
    });
}

namespace {

// Prompt and image tokens of `prompt`; positions planned after its first `reuse` tokens, which
// lie in the cache with `startPadded` slots of padding (reuse 0: a fresh prefill).
PromptCount countBuilt(const EngineImpl& e, const BuiltPrompt& prompt, int reuse, int startPadded) {
    PromptCount count;
    count.promptTokens = static_cast<int>(prompt.tokens.size());
    for (const ImageEntry& img : prompt.images)
        count.imageTokens += img.softTokens;
    const std::span<const std::int32_t> rest(
        prompt.tokens.data() + reuse, prompt.tokens.size() - static_cast<std::size_t>(reuse));
    count.positions = e.language->plan(e.language->tokenTypes(rest), reuse, startPadded).allocEnd;
    return count;
}

} // namespace

PromptCount Engine::countPrompt(const Request& request) const {
    const EngineImpl& e = *impl_;
    return countBuilt(e, e.buildPrompt(request, /*identity=*/false), 0, 0);
}

PromptCount SessionImpl::countPrompt(const Request& request) const {
    const EngineImpl& e = *engine_;
    BuiltPrompt prompt = e.buildPrompt(request, /*identity=*/false);
    // reusablePrefix compares the images inside the cached prefix by content: only those need
    // their file hash (the rest cannot be reused, whatever they hold).
    const std::vector<int> starts = imageRunStarts(prompt.tokens, e.spec.imageTokenId);
    for (std::size_t k = 0; k < starts.size() && k < prompt.images.size(); ++k) {
        if (starts[k] < sequence_.length()) {
            ImageEntry& img = prompt.images[k];
            img.key = fileHash(img.input.path) + "@" + std::to_string(img.input.level);
        }
    }
    // As execute: a comparison's rollback is not a generate's.
    const int reuse = reusablePrefix(prompt, /*allowRollback=*/false);
    if (reuse < 0)
        return countBuilt(e, prompt, 0, 0);
    return countBuilt(e, prompt, reuse, sequence_.paddedAfterTruncate(reuse));
}

struct SessionImpl::Run {
    const RunContext* context = nullptr;
    Clock::time_point start = Clock::now();
    Stats stats;
    std::vector<std::uint16_t> logits;
    bool deviceTouched = false;
};

SessionImpl::SessionImpl(std::shared_ptr<EngineImpl> engine)
    : engine_(std::move(engine)), sequence_(engine_->spec.maxSeqLen) {}

SessionImpl::~SessionImpl() {
    if (engine_->cacheOwner == this)
        engine_->cacheOwner = nullptr;
}

int SessionImpl::reusablePrefix(const BuiltPrompt& prompt, bool allowRollback) const {
    if (!engine_->kvReuse || engine_->cacheOwner != this || sequence_.length() == 0)
        return -1;
    const auto& cached = sequence_.tokens();
    const auto& tokens = prompt.tokens;
    const std::size_t limit =
        std::min(cached.size(), tokens.size() - 1); // keep >= 1 token to prefill
    std::size_t d = 0;
    while (d < limit && cached[d] == tokens[d])
        ++d;
    // Equal placeholder ids are not equal images: cut at the first image whose file or level
    // differs.
    const std::vector<int> starts = imageRunStarts(tokens, engine_->spec.imageTokenId);
    for (std::size_t k = 0; k < starts.size() && static_cast<std::size_t>(starts[k]) < d; ++k) {
        if (k >= cachedImages_.size() || cachedImages_[k].key != prompt.images[k].key) {
            d = static_cast<std::size_t>(starts[k]);
            break;
        }
    }
    while (d > 0 && tokens[d] == engine_->spec.imageTokenId &&
           tokens[d - 1] == engine_->spec.imageTokenId)
        --d;
    // The sliding-window cache is a ring by logical position: dropping more than the last token
    // would leave ring slots overwritten by the dropped tokens, so only then is reuse exact.
    // Exception (comparisons only): while the cache never went past the window, no slot was
    // written twice, and cutting it back to any prefix is exact too.
    if (d == 0)
        return -1;
    if (static_cast<int>(d) < sequence_.length() - 1) {
        const int window = engine_->spec.slidingWindow;
        if (!allowRollback || (window > 0 && sequence_.length() > window))
            return -1;
    }
    return static_cast<int>(d);
}

void SessionImpl::generate(const Request& request, EventSink& sink, const std::atomic<bool>& stop,
                           const RunContext& context) {
    // Lets the simulator stop a vision-encoder run in the middle when `stop` is set.
    const device::CancelScope cancelScope(*engine_->runtime, stop);
    Run run;
    run.context = &context;
    run.stats.sharedPreprocessMs = context.sharedPreprocessMs;
    try {
        execute(run, request, sink, stop);
    } catch (const std::exception& e) {
        if (run.deviceTouched) { // the cache may hold a half-written turn: start over next time
            sequence_.clear();
            cachedImages_.clear();
            if (engine_->cacheOwner == this)
                engine_->cacheOwner = nullptr;
        }
        run.stats.finishReason = dynamic_cast<const ContextFullError*>(&e)
                                     ? FinishReason::ContextFull
                                     : FinishReason::Error;
        run.stats.totalMs = msSince(run.start);
        sink.onError(errorInfo(e), run.stats);
    }
}

void SessionImpl::prefillPrompt(Run& run, const BuiltPrompt& prompt, int reuse, EventSink& sink,
                                const std::atomic<bool>& stop) {
    EngineImpl& e = *engine_;
    const ModelSpec& spec = e.spec;
    if (reuse < 0) {
        reuse = 0;
        sequence_.clear();
        cachedImages_.clear();
        e.pageTable->releaseAll();
        e.cacheOwner = this;
    } else {
        sequence_.truncate(reuse);
    }
    Segment segment = e.language->makeSegment({prompt.tokens.begin() + reuse, prompt.tokens.end()});
    const PrefillPlan plan = e.language->plan(segment, sequence_);
    run.stats.kvPositions = plan.allocEnd;
    if (plan.allocEnd > spec.maxSeqLen) {
        throw ContextFullError(
            "the conversation needs " + std::to_string(plan.allocEnd) +
            " positions of the KV cache but the model was compiled with max_seq_len " +
            std::to_string(spec.maxSeqLen) +
            "; start a new conversation or use fewer or smaller images");
    }

    // Vision for every image whose tokens are not in the KV cache, unless the engine's vision
    // cache has its encoding; scatter its rows. Reused images send no Vision phase event.
    const std::vector<int> starts = imageRunStarts(prompt.tokens, spec.imageTokenId);
    if (starts.size() != prompt.images.size())
        throw Error("internal: image placeholders and images disagree");
    std::vector<VisionCache::Features> features(starts.size());
    int toEncode = 0;
    for (std::size_t k = 0; k < starts.size(); ++k) {
        if (starts[k] < reuse) {
            run.stats.images[k].tokensReused = true;
            continue;
        }
        features[k] = e.visionCache.find(prompt.images[k].key);
        if (features[k]) {
            run.stats.images[k].encodingReused = true;
            ++run.stats.imagesReused;
        } else {
            ++toEncode;
        }
    }
    int encoded = 0;
    const auto h = static_cast<std::size_t>(spec.hidden);
    for (std::size_t k = 0; k < starts.size(); ++k) {
        if (starts[k] < reuse)
            continue;
        const ImageEntry& img = prompt.images[k];
        if (!features[k]) {
            sink.onPhase({Phase::Vision, encoded++, toEncode, img.input.level});
            std::optional<image::PreprocessedImage> own;
            const image::PreprocessedImage* pre = nullptr;
            if (const auto* shared = run.context->sharedImages) {
                if (const auto it = shared->find(img.key); it != shared->end()) {
                    pre = it->second;
                    ++run.stats.sharedPreprocessedImages;
                }
            }
            if (!pre) {
                // Decoding and resizing overlap (preprocessFile) and cannot stop midway; Stop
                // is checked right after them.
                own = image::preprocessFile(img.input.path, img.input.level);
                if (stop.load())
                    throw PrefillCancelled{true};
                pre = &*own;
            }
            if (pre->softTokens != img.softTokens)
                throw fileError(img.input.path, "the image changed while it was read");
            if (stop.load())
                throw PrefillCancelled{true};
            run.deviceTouched = true;
            try {
                features[k] = std::make_shared<const std::vector<std::uint16_t>>(
                    e.vision->encode(*pre, &stop));
            } catch (const device::RunCancelled&) {
                throw PrefillCancelled{true};
            }
            e.visionCache.insert(img.key, features[k]);
        }
        if (features[k]->size() != static_cast<std::size_t>(img.softTokens) * h)
            throw Error("internal: cached encoding of " + img.input.path.string() +
                        " has the wrong size");
        std::copy(features[k]->begin(), features[k]->end(),
                  segment.embeds.begin() +
                      static_cast<std::ptrdiff_t>(static_cast<std::size_t>(starts[k] - reuse) * h));
    }

    sink.onPhase({Phase::Prefill, 0, 0, 0});
    run.deviceTouched = true;
    if (!e.language->prefill(sequence_, *e.pageTable, segment, plan, run.logits, stop,
                             [&](const PrefillChunk&) { ++run.stats.prefillChunks; })) {
        throw PrefillCancelled{};
    }
    cachedImages_ = prompt.images;
    run.stats.tokensPrefilled = static_cast<int>(segment.ids.size());
    run.stats.reusedTokens = reuse;
    if (probe.onFed)
        probe.onFed(reuse, segment.ids, segment.embeds);
    if (probe.onLogits)
        probe.onLogits(run.logits);
}

void SessionImpl::execute(Run& run, const Request& request, EventSink& sink,
                          const std::atomic<bool>& stop) {
    EngineImpl& e = *engine_;
    const SamplingSettings& s = request.sampling;
    const SamplerSettings sampler{s.doSample, static_cast<float>(s.temperature), s.topK,
                                  static_cast<float>(s.topP)};
    validate(sampler);
    if (s.maxNewTokens < 1)
        throw Error("max_new_tokens must be at least 1");

    const BuiltPrompt prompt = e.buildPrompt(request);
    run.stats.promptTokens = static_cast<int>(prompt.tokens.size());
    for (const ImageEntry& img : prompt.images) {
        run.stats.imageTokens += img.softTokens;
        ImageStats stats;
        stats.softTokens = img.softTokens;
        stats.level = img.input.level;
        stats.bucket = img.bucket;
        run.stats.images.push_back(stats);
    }
    try {
        prefillPrompt(run, prompt, reusablePrefix(prompt, run.context->allowRollback), sink, stop);
    } catch (const PrefillCancelled& cancelled) {
        if (!cancelled.duringVision) { // a partly prefilled turn is not worth keeping
            sequence_.clear();
            cachedImages_.clear();
            if (e.cacheOwner == this)
                e.cacheOwner = nullptr;
        }
        run.stats.finishReason = FinishReason::Cancelled;
        run.stats.totalMs = msSince(run.start);
        sink.onFinished(run.stats, {});
        return;
    }

    ReplyStream reply(*e.tokenizer,
                      [&](std::string_view c, std::string_view r) { sink.onText(c, r); });
    Sampler pick(s.seed ? *s.seed : std::random_device{}());
    std::int32_t token = pick.next(run.logits, sampler);
    run.stats.ttftMs = msSince(run.start);
    const auto firstToken = Clock::now();
    bool announced = false;
    RepetitionGuard repetition;
    for (;;) {
        ++run.stats.generatedTokens;
        if (std::find(e.spec.eosIds.begin(), e.spec.eosIds.end(), token) != e.spec.eosIds.end()) {
            run.stats.finishReason = FinishReason::StopToken;
            run.stats.stopTokenId = token;
            break;
        }
        reply.push(token);
        if (run.stats.generatedTokens >= s.maxNewTokens) {
            run.stats.finishReason = FinishReason::MaxTokens;
            break;
        }
        // Pushed for every token so its state is whole; only its verdict depends on the switch.
        if (repetition.push(token) && s.stopOnRepetition) {
            run.stats.finishReason = FinishReason::Repetition;
            break;
        }
        if (stop.load()) {
            run.stats.finishReason = FinishReason::Cancelled;
            break;
        }
        if (sequence_.nextPhysicalSlot() >= e.spec.maxSeqLen) {
            run.stats.finishReason = FinishReason::ContextFull;
            break;
        }
        if (!announced)
            sink.onPhase({Phase::Decode, 0, 0, 0});
        announced = true;
        const int position = sequence_.length();
        e.language->decode(sequence_, *e.pageTable, token, run.logits);
        if (probe.onFed) {
            std::vector<std::uint16_t> row(static_cast<std::size_t>(e.spec.hidden));
            e.language->embed({&token, 1}, row);
            probe.onFed(position, {&token, 1}, row);
        }
        if (probe.onLogits)
            probe.onLogits(run.logits);
        token = pick.next(run.logits, sampler);
    }
    reply.finish();
    const double decodeSeconds = std::chrono::duration<double>(Clock::now() - firstToken).count();
    if (run.stats.generatedTokens > 1 && decodeSeconds > 0)
        run.stats.decodeTokensPerS = (run.stats.generatedTokens - 1) / decodeSeconds;
    const std::string raw = reply.rawText();
    if (e.replies.size() > 512)
        e.replies.clear(); // bounded: only recent turns matter for reuse
    e.replies[raw] = reply.ids();
    run.stats.totalMs = msSince(run.start);
    sink.onFinished(run.stats, raw);
}

} // namespace facet::generate
