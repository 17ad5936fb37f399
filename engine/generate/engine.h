#pragma once
// The generation engine's public API: load a compiled Gemma 4 folder on a device, hold one
// conversation per Session on the device, run requests that stream phase / text / stats events.
// Shared contract between engine/generate and the app (docs/architecture.md, "engine/"). Qt-free.
#include "common/error.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace facet::generate {

struct LoadOptions {
    std::filesystem::path modelDir;
    int deviceId = 0;
    // Empty: $FACET_RBLN_RUNTIME, else librbln_runtime.so from the loader's search path.
    std::optional<std::filesystem::path> runtimeLibrary;
    // Continue a conversation from the device KV cache (prefill only new tokens). Off = re-prefill
    // the whole conversation every turn, the optimum-rbln reference behaviour.
    bool kvReuse = true;
    // Bytes of vision-encoder output kept per (image content, level) for every session of the
    // engine (generate/vision_cache.h); 0 turns the cache off. Engine::setVisionCacheLimit
    // changes it later.
    std::size_t visionCacheBytes = std::size_t{512} << 20;
};

struct LoadProgress {
    std::string step;
    double fraction = 0; // 0..1
};

struct ModelInfo {
    std::string name;
    std::vector<int> detailLevels; // compiled max_soft_tokens, ascending
    std::vector<int> imageBuckets; // image_prefill_chunk_size, ascending
    std::map<int, int> bucketForLevel;
    int maxSeqLen = 0;
    int deviceId = 0;
    std::string runtimeFile;
    std::string runtimeVersion;
    bool simulated = false;
    std::vector<std::string> problems; // non-fatal findings worth showing the user
};

struct SamplingSettings {
    bool doSample = true;
    double temperature = 1.0;
    int topK = 64;
    double topP = 0.95;
    std::optional<std::uint64_t> seed; // empty: a fresh random seed per request
    int maxNewTokens = 512;
    // End a reply that repeats one n-gram over and over (generate/repetition_guard.h), with
    // FinishReason::Repetition. On by default for every model: the rule only fires on loops no
    // useful reply contains. The local engine applies it; a server decides for itself.
    bool stopOnRepetition = true;
};

struct ImageInput {
    std::filesystem::path path;
    int level = 280; // max_soft_tokens for this image
};

struct UserPart {
    enum class Kind { Text, Image } kind = Kind::Text;
    std::string text;
    ImageInput image;
};

struct Turn {
    enum class Role { User, Model } role = Role::User;
    std::vector<UserPart> parts; // User turns
    std::string modelText;       // Model turns: raw reply (thought channel stripped on render)
};

struct Request {
    std::optional<std::string> systemPrompt;
    bool enableThinking = false;
    std::vector<Turn> history; // earlier turns (user and model), oldest first
    std::vector<UserPart> newUserTurn;
    SamplingSettings sampling;
};

enum class Phase { LoadingModel, Vision, Prefill, Decode };

struct PhaseEvent {
    Phase phase = Phase::Prefill;
    int imageIndex = 0; // Vision: image i (0-based) of imageCount at its level
    int imageCount = 0;
    int level = 0;
};

struct ImageStats {
    int softTokens = 0;
    int level = 0;
    int bucket = 0;
    // The vision encoder did not run for this image: its output came from the engine's vision
    // cache (an earlier request, another session, or Engine::preencode). No Vision phase event
    // is sent for it.
    bool encodingReused = false;
    // Its soft tokens were already in the session's KV cache (part of reusedTokens): nothing to
    // encode nor prefill.
    bool tokensReused = false;
};

// Repetition: the repetition guard ended a reply that looped (SamplingSettings::stopOnRepetition).
enum class FinishReason { StopToken, MaxTokens, Cancelled, Error, ContextFull, Repetition };

// Set only by the remote engine (engine/remote/remote_engine.h): where the reply came from, and
// what the server's token usage implies about the images beside what Facet expects
// (Stats::imageTokens, from the image size rule), so a disagreement is shown, not hidden.
struct RemoteStats {
    std::string server; // the API base URL
    std::string model;  // the served model's name
    // Image tokens the server's prompt_tokens imply. Known in a comparison from the second
    // column on (same text, another level: the first column's expected image tokens plus the
    // difference of prompt_tokens); empty where the server's usage alone cannot tell.
    std::optional<int> impliedImageTokens;
};

struct Stats {
    int promptTokens = 0;
    // Local engine: one past the last KV-cache position the prompt's prefill wrote (chunk and
    // image-bucket padding included): what was checked against max_seq_len. 0 when the request
    // ended before its prefill was planned.
    int kvPositions = 0;
    int imageTokens = 0;
    std::vector<ImageStats> images;
    int prefillChunks = 0;
    int tokensPrefilled = 0; // prompt tokens actually run through prefill this request
    int reusedTokens = 0;    // prompt tokens taken from the session's KV cache
    int imagesReused = 0;    // images with encodingReused (taken from the vision cache)
    // Comparisons only: images of this column whose decoding and preprocessing were done once
    // for every level of the comparison, and how long that one pass took (before column 0; not
    // part of any column's ttftMs / totalMs).
    int sharedPreprocessedImages = 0;
    double sharedPreprocessMs = 0;
    int generatedTokens = 0;
    double ttftMs = 0;
    double decodeTokensPerS = 0;
    double totalMs = 0;
    FinishReason finishReason = FinishReason::StopToken;
    std::optional<int> stopTokenId;
    std::optional<RemoteStats> remote; // requests answered by a server only
};

[[nodiscard]] const char* toString(Phase phase);
[[nodiscard]] const char* toString(FinishReason reason);

class EventSink {
public:
    virtual ~EventSink() = default;
    virtual void onPhase(const PhaseEvent&) = 0;
    // Printable pieces as they become complete UTF-8; markers never included.
    virtual void onText(std::string_view content, std::string_view reasoning) = 0;
    // Also after Cancelled / MaxTokens / ContextFull (partial reply kept).
    virtual void onFinished(const Stats&, const std::string& fullReply) = 0;
    // The runtime's message plus the graph name, with its kind (and, from a server, the HTTP
    // status and param): callers decide by those, never by the words. The session stays usable.
    virtual void onError(const ErrorInfo& error, const Stats& partial) = 0;
};

// What a request puts into the KV cache before its reply, counted as Session::generate counts
// it (Engine::countPrompt).
struct PromptCount {
    int promptTokens =
        0; // the chat template, system prompt, history and new turn, images' soft tokens
    int imageTokens = 0; // the soft tokens of every image at its level
    // KV-cache positions its prefill needs from an empty cache (chunk and image-bucket padding
    // included): Stats::kvPositions of a fresh session, the number compared with max_seq_len.
    int positions = 0;
};

// What Engine::preencode did.
struct PreencodeResult {
    int encoded = 0;       // images run through the vision encoder and kept in the cache
    int alreadyCached = 0; // images whose encoding was in the cache already
    bool cancelled = false;
    // One "PATH: reason" per image that could not be encoded (unreadable, level not compiled,
    // runtime failure); the other images are still encoded.
    std::vector<std::string> problems;
};

struct VisionCacheUsage {
    std::size_t bytes = 0;
    std::size_t maxBytes = 0;
    std::size_t entries = 0;
};

class EngineImpl;
class SessionImpl;
class Session;
struct CompareRequest; // generate/compare.h
class CompareSink;     // generate/compare.h

class Engine {
public:
    // Throws facet::Error naming the file. `stop` aborts loading between steps (throws).
    static std::unique_ptr<Engine> load(const LoadOptions&,
                                        const std::function<void(const LoadProgress&)>& progress,
                                        const std::atomic<bool>& stop);
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    const ModelInfo& info() const;
    SamplingSettings defaultSampling() const; // from generation_config.json
    std::unique_ptr<Session> createSession();

    // Encodes images ahead of a request (e.g. while the user types) into the vision cache, so
    // the request that sends them starts with the text prefill. Images already cached are
    // skipped. `stop` ends it at once, also in the middle of an image on the simulator (see
    // Session::generate); what was encoded before stays cached. Uses the device: call it on the
    // thread that runs the sessions, never while one of them runs a request.
    PreencodeResult preencode(const std::vector<ImageInput>& images, const std::atomic<bool>& stop);
    // The vision cache's size limit in bytes (LoadOptions::visionCacheBytes); 0 disables it and
    // empties it; a smaller limit evicts the least recently used encodings at once.
    void setVisionCacheLimit(std::size_t maxBytes);
    [[nodiscard]] VisionCacheUsage visionCacheUsage() const;

    // Counts what `request` will occupy, by the functions Session::generate uses (the prompt
    // builder with the replies' remembered ids, the image size rule, the prefill planner), with
    // no device work and reading only the images' headers: the context meter's number. Throws
    // facet::Error as generate would refuse the request (unreadable image, level not compiled,
    // turns that do not alternate). Call it on the thread that runs the sessions.
    [[nodiscard]] PromptCount countPrompt(const Request& request) const;

private:
    explicit Engine(std::shared_ptr<EngineImpl> impl);
    std::shared_ptr<EngineImpl> impl_;
};

// One conversation's KV cache on the device. Sessions of one engine share its device blocks.
class Session {
public:
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Runs one request. Reuses the KV cache when request.history (+ system prompt) renders to the
    // same token prefix the session has on the device (images compared by file content hash and
    // level); otherwise prefills from scratch. Never throws for runtime failures: reports onError,
    // and the session stays usable (the next call re-prefills). Throws nothing; bad requests
    // (unreadable image, level not compiled, conversation longer than max_seq_len) also end in
    // onError before any device call.
    // Images are taken from the engine's vision cache when encoded before at the same level
    // (ImageStats::encodingReused) and stored there after encoding. `stop` is checked between
    // device calls and, on the simulator, inside a vision-encoder run (the simulator's
    // facet_sim_set_cancel_flag): Stop during image encoding ends within milliseconds, with
    // FinishReason::Cancelled. A real NPU finishes the current (short) call first.
    void generate(const Request&, EventSink&, const std::atomic<bool>& stop);

    // Runs one turn once per level (generate/compare.h). Throws facet::Error before any device
    // work when the comparison itself is invalid (levels not 2..5 distinct compiled ones, no
    // image in the turn, an unreadable image); afterwards every failure is reported in its
    // column and the other columns still run. `stop` ends the running column (Cancelled) and
    // reports the columns not yet run as Cancelled.
    void compare(const CompareRequest&, CompareSink&, const std::atomic<bool>& stop);

    // Engine::countPrompt as this session's next generate() would prefill `request`: after the
    // prefix of its KV cache that generate would reuse (a follow-up turn of the same
    // conversation), the planner continues from the cached length and padding, so the positions
    // differ from a fresh session's count. Throws as Engine::countPrompt; hashes only the images
    // that lie in the cached prefix (reuse compares them by content). Same thread as generate.
    [[nodiscard]] PromptCount countPrompt(const Request& request) const;

private:
    friend class Engine;
    explicit Session(std::unique_ptr<SessionImpl> impl);
    std::unique_ptr<SessionImpl> impl_;
};

} // namespace facet::generate
