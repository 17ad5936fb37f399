// RemoteSession: generate() is one streamed request; compare() one request per level with
// the same seed, each column's events forwarded with its index.
#include "remote/chat_request.h"
#include "remote/remote_engine.h"
#include "remote/remote_engine_data.h"
#include "remote/remote_request.h"

#include <algorithm>
#include <random>
#include <set>

namespace facet::remote {

using namespace facet::generate;

namespace {

// One column's events, forwarded to the comparison's sink with the column index.
class ColumnSink : public EventSink {
public:
    ColumnSink(CompareSink& sink, int column) : sink_(sink), column_(column) {}
    void onPhase(const PhaseEvent& e) override { sink_.onPhase(column_, e); }
    void onText(std::string_view c, std::string_view r) override { sink_.onText(column_, c, r); }
    void onFinished(const Stats& s, const std::string& reply) override {
        sink_.onFinished(column_, s, reply);
    }
    void onError(const ErrorInfo& e, const Stats& s) override { sink_.onError(column_, e, s); }

private:
    CompareSink& sink_;
    int column_;
};

std::string listed(const std::vector<int>& levels) {
    std::string s;
    for (int l : levels)
        s += (s.empty() ? "" : ", ") +
             (l == kServerDefaultLevel ? std::string("server default") : std::to_string(l));
    return s;
}

void checkComparison(const RemoteEngineData& data, const CompareRequest& request) {
    const std::vector<int>& levels = request.levels;
    const std::vector<int>& offered = data.info.detailLevels;
    if (levels.size() < 2 || levels.size() > 5)
        throw Error(ErrorKind::BadInput, "a comparison needs 2 to 5 detail levels, not " +
                                             std::to_string(levels.size()));
    if (std::set<int>(levels.begin(), levels.end()).size() != levels.size())
        throw Error(ErrorKind::BadInput,
                    "the detail levels of a comparison must differ (" + listed(levels) + ")");
    for (int l : levels)
        if (l != kServerDefaultLevel &&
            std::find(offered.begin(), offered.end(), l) == offered.end())
            throw Error(ErrorKind::BadInput, "detail level " + std::to_string(l) +
                                                 " is not offered for server " + data.shownBase +
                                                 " (offered: " + listed(offered) + ")");
    bool image = false;
    for (const UserPart& p : request.request.newUserTurn) {
        if (p.kind != UserPart::Kind::Image)
            continue;
        image = true;
        checkImageFile(p.image.path);
    }
    if (!image)
        throw Error(ErrorKind::BadInput,
                    "a comparison of detail levels needs at least one image in the message");
}

} // namespace

RemoteSession::RemoteSession(std::shared_ptr<const RemoteEngineData> data)
    : data_(std::move(data)) {}
RemoteSession::~RemoteSession() = default;

void RemoteSession::generate(const Request& request, EventSink& sink,
                             const std::atomic<bool>& stop) {
    (void)runRequest(*data_, request, sink, stop);
}

void RemoteSession::compare(const CompareRequest& compareRequest, CompareSink& sink,
                            const std::atomic<bool>& stop) {
    checkComparison(*data_, compareRequest);
    Request request = compareRequest.request;
    if (request.sampling.doSample && !request.sampling.seed) { // one seed for every column
        // Below 2^31: vLLM takes any int64, and a short seed is easy to type again.
        std::random_device device;
        request.sampling.seed =
            std::uniform_int_distribution<std::uint64_t>(0, (std::uint64_t{1} << 31) - 1)(device);
    }
    const std::optional<std::uint64_t> seed =
        request.sampling.doSample ? request.sampling.seed : std::nullopt;

    std::optional<ImageTokenBaseline> baseline;
    for (std::size_t i = 0; i < compareRequest.levels.size(); ++i) {
        const int column = static_cast<int>(i);
        const int level = compareRequest.levels[i];
        sink.onColumnStarted(column, level, seed);
        if (stop.load()) {
            Stats cancelled;
            cancelled.finishReason = FinishReason::Cancelled;
            cancelled.remote = RemoteStats{data_->shownBase, data_->info.name, std::nullopt};
            sink.onFinished(column, cancelled, {});
            continue;
        }
        for (UserPart& p : request.newUserTurn)
            if (p.kind == UserPart::Kind::Image)
                p.image.level = level;
        ColumnSink columnSink(sink, column);
        const RequestOutcome outcome = runRequest(*data_, request, columnSink, stop, baseline);
        // The baseline needs a level Facet can count; a server-default column before the
        // first counted one stays without implied image tokens.
        if (!baseline && level != kServerDefaultLevel && outcome.ok &&
            outcome.stats.finishReason != FinishReason::Cancelled && outcome.stats.promptTokens > 0)
            baseline = ImageTokenBaseline{outcome.stats.promptTokens, outcome.stats.imageTokens};
    }
}

} // namespace facet::remote
