#pragma once
// One conversation on the device: its KV sequence, the images it holds, and the request loop
// (prompt → reuse decision → vision → prefill → decode with streaming and stop rules).
#include "generate/engine.h"
#include "generate/engine_impl.h"
#include "generate/kv_sequence.h"
#include "image/preprocess.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>

namespace facet::generate {

// Test and benchmark hooks: what is fed to the language model and what it returns.
struct SessionProbe {
    // Rows fed at logical positions [start, start + ids.size()) (a prefill segment or one token).
    std::function<void(int start, std::span<const std::int32_t> ids,
                       std::span<const std::uint16_t> embeds)>
        onFed;
    // The logits each prefill (last chunk) and decode step returned, in order.
    std::function<void(std::span<const std::uint16_t> logits)> onLogits;
};

// How one request runs when it is a column of a comparison (session_compare.cpp).
struct RunContext {
    // ImageEntry::key -> that image preprocessed at that level, made once for all columns.
    const std::map<std::string, const image::PreprocessedImage*>* sharedImages = nullptr;
    double sharedPreprocessMs = 0;
    // The cache may be cut back further than its last token (to the comparison's shared
    // prefix) when that is exact: see reusablePrefix.
    bool allowRollback = false;
};

// SHA-256 of a file's bytes (hex); with "@level" it is an image's identity in the cache.
[[nodiscard]] std::string fileHash(const std::filesystem::path& path);

class SessionImpl {
public:
    explicit SessionImpl(std::shared_ptr<EngineImpl> engine);
    ~SessionImpl();

    void generate(const Request& request, EventSink& sink, const std::atomic<bool>& stop,
                  const RunContext& context = {});
    void compare(const CompareRequest& request, CompareSink& sink, const std::atomic<bool>& stop);
    [[nodiscard]] PromptCount countPrompt(const Request& request) const; // Session::countPrompt

    SessionProbe probe;
    [[nodiscard]] const KvSequence& sequence() const { return sequence_; }

private:
    struct Run; // one request's state

    int reusablePrefix(const BuiltPrompt& prompt, bool allowRollback) const;
    void execute(Run& run, const Request& request, EventSink& sink, const std::atomic<bool>& stop);
    void prefillPrompt(Run& run, const BuiltPrompt& prompt, int reuse, EventSink& sink,
                       const std::atomic<bool>& stop);

    std::shared_ptr<EngineImpl> engine_;
    KvSequence sequence_;
    std::vector<ImageEntry> cachedImages_; // images whose tokens are in sequence_, in order
};

} // namespace facet::generate
