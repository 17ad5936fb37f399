// Session::compare: one user turn once per detail level, columns one after another, each an
// ordinary request (so a column equals a single `ask` at that level with the same seed) plus
// two shared things: every image decoded and preprocessed once for all levels, and the
// conversation prefix kept in the KV cache between columns when cutting the cache back is exact.
#include "common/error.h"
#include "generate/compare.h"
#include "generate/session_impl.h"
#include "image/image.h"

#include <algorithm>
#include <random>
#include <set>

namespace facet::generate {
namespace {

using Clock = std::chrono::steady_clock;

std::string levelList(const std::vector<int>& levels) {
    std::string text;
    for (int l : levels)
        text += (text.empty() ? "" : ", ") + std::to_string(l);
    return text;
}

// Forwards one column's events with its index.
class ColumnSink : public EventSink {
public:
    ColumnSink(CompareSink& sink, int column) : sink_(&sink), column_(column) {}
    void onPhase(const PhaseEvent& e) override { sink_->onPhase(column_, e); }
    void onText(std::string_view content, std::string_view reasoning) override {
        sink_->onText(column_, content, reasoning);
    }
    void onFinished(const Stats& s, const std::string& reply) override {
        sink_->onFinished(column_, s, reply);
    }
    void onError(const ErrorInfo& error, const Stats& s) override {
        sink_->onError(column_, error, s);
    }

private:
    CompareSink* sink_;
    int column_;
};

} // namespace

std::optional<std::string> compareLevelsProblem(const std::vector<int>& levels,
                                                const std::vector<int>& compiled) {
    if (levels.size() < 2 || levels.size() > 5)
        return "a comparison needs 2 to 5 detail levels, got " + std::to_string(levels.size()) +
               " (compiled: " + levelList(compiled) + ")";
    std::set<int> seen;
    for (int level : levels) {
        if (std::find(compiled.begin(), compiled.end(), level) == compiled.end())
            return "detail level " + std::to_string(level) +
                   " is not compiled into this model (compiled: " + levelList(compiled) + ")";
        if (!seen.insert(level).second)
            return "detail level " + std::to_string(level) + " is listed twice";
    }
    return std::nullopt;
}

void SessionImpl::compare(const CompareRequest& request, CompareSink& sink,
                          const std::atomic<bool>& stop) {
    if (auto problem = compareLevelsProblem(request.levels, engine_->info.detailLevels))
        throw Error(*problem);

    // Every distinct image file of the turn: decoded once, all levels made in one pass.
    const auto preprocessStart = Clock::now();
    std::vector<std::vector<image::PreprocessedImage>> preprocessed;
    std::map<std::string, const image::PreprocessedImage*> byKey;
    std::set<std::string> files;
    for (const UserPart& part : request.request.newUserTurn) {
        if (part.kind != UserPart::Kind::Image)
            continue;
        const std::string hash = fileHash(part.image.path);
        if (!files.insert(hash).second)
            continue;
        // Levels whose encoding is in the vision cache need no pixels (if one is evicted before
        // its column, that column preprocesses the image itself).
        std::vector<int> levels;
        for (int level : request.levels)
            if (!engine_->visionCache.contains(hash + "@" + std::to_string(level)))
                levels.push_back(level);
        if (levels.empty())
            continue;
        preprocessed.push_back(image::preprocessFile(part.image.path, levels));
        for (const image::PreprocessedImage& p : preprocessed.back())
            byKey[hash + "@" + std::to_string(p.level)] = &p;
    }
    if (files.empty())
        throw Error("a comparison of detail levels needs at least one image in the turn");
    RunContext context;
    context.sharedImages = &byKey;
    context.sharedPreprocessMs =
        std::chrono::duration<double, std::milli>(Clock::now() - preprocessStart).count();
    context.allowRollback = true;

    // One seed for every column, so that differences come from the level.
    Request base = request.request;
    std::optional<std::uint64_t> seed;
    if (base.sampling.doSample) {
        if (!base.sampling.seed) {
            std::random_device random;
            base.sampling.seed = (std::uint64_t{random()} << 32) | random();
        }
        seed = base.sampling.seed;
    }

    for (std::size_t c = 0; c < request.levels.size(); ++c) {
        const int column = static_cast<int>(c);
        const int level = request.levels[c];
        sink.onColumnStarted(column, level, seed);
        if (stop.load()) { // Stop ends the whole comparison: the columns not run yet end here
            Stats cancelled;
            cancelled.finishReason = FinishReason::Cancelled;
            sink.onFinished(column, cancelled, {});
            continue;
        }
        Request columnRequest = base;
        for (UserPart& part : columnRequest.newUserTurn)
            if (part.kind == UserPart::Kind::Image)
                part.image.level = level;
        ColumnSink columnSink(sink, column);
        generate(columnRequest, columnSink, stop, context);
    }
}

void Session::compare(const CompareRequest& request, CompareSink& sink,
                      const std::atomic<bool>& stop) {
    impl_->compare(request, sink, stop);
}

} // namespace facet::generate
