#include "remote/remote_request.h"

#include "common/json_text.h"
#include "common/seed.h"
#include "image/image.h"
#include "image/preprocess.h"
#include "remote/chat_request.h"
#include "remote/chat_stream.h"
#include "remote/remote_engine.h"
#include "remote/server_messages.h"
#include "remote/server_token_count.h"

#include <algorithm>
#include <chrono>
#include <utility>

namespace facet::remote {

using namespace facet::generate;

namespace {

using Clock = std::chrono::steady_clock;

double msBetween(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

// Soft tokens Facet expects for every image of the request (history first) at the request's
// one level, from the image size rule; the server's Gemma 4 processor uses the same rule. At
// the server default level Facet cannot know them: the image is listed at level 0 with 0
// tokens, and only the server's usage can say (RemoteStats::impliedImageTokens).
void expectImages(const Request& request, int level, Stats& stats) {
    auto add = [&](const std::vector<UserPart>& parts) {
        for (const UserPart& p : parts) {
            if (p.kind != UserPart::Kind::Image)
                continue;
            int tokens = 0;
            if (level != kServerDefaultLevel) {
                const image::Dimensions d = image::probeDimensions(p.image.path);
                tokens = image::softTokensFor(d.width, d.height, level);
            }
            stats.images.push_back({tokens, level, 0}); // bucket: the server's choice, unknown
            stats.imageTokens += tokens;
        }
    };
    for (const Turn& t : request.history)
        if (t.role == Turn::Role::User)
            add(t.parts);
    add(request.newUserTurn);
}

// "stop" (a stop token or string) and "length" end a reply normally. "abort" (vLLM's
// FinishReason.ABORT: the engine dropped the request) and "error" (FinishReason.ERROR, which
// current vLLM turns into an in-stream error object first, but an older or other server may
// pass on) end it as failed by the server.
bool failedFinish(const std::string& reason) {
    return reason == "abort" || reason == "error";
}

FinishReason finishReason(const std::string& reason) {
    if (reason == "length")
        return FinishReason::MaxTokens;
    return FinishReason::StopToken;
}

} // namespace

RequestOutcome runRequest(const RemoteEngineData& data, const Request& request, EventSink& sink,
                          const std::atomic<bool>& stop,
                          const std::optional<ImageTokenBaseline>& baseline) {
    const auto start = Clock::now();
    RequestOutcome out;
    Stats& stats = out.stats;
    stats.remote = RemoteStats{data.shownBase, data.info.name, std::nullopt};
    const std::string url = data.apiBase + "/chat/completions";
    const std::string what = describeRequest("POST", url);
    // Every failure leaves through here, its words cleared of the connection's secrets (a
    // server may echo the Authorization header in what it says).
    auto fail = [&](const ErrorInfo& error) {
        stats.finishReason = FinishReason::Error;
        stats.totalMs = msBetween(start, Clock::now());
        sink.onError(redacted(error, data.redact), stats);
        return out;
    };
    auto failServer = [&](std::string message) {
        return fail(errorInfo(ErrorKind::Server, std::move(message)));
    };

    nlohmann::json chatBody;
    std::string body;
    std::optional<int> level;
    try {
        level = requestLevel(request);
        if (level)
            expectImages(request, *level, stats);
        if (request.sampling.maxNewTokens < 1)
            throw facet::Error(ErrorKind::BadInput, "max_new_tokens must be at least 1");
        if (request.sampling.seed && !isValidSeed(*request.sampling.seed))
            throw facet::Error(ErrorKind::BadInput,
                               seedRangeText() + ", not " + std::to_string(*request.sampling.seed));
        // As the local engine does before prefill: the images' soft tokens are a lower bound of
        // the prompt (the text's tokens are the server's to count).
        if (auto tooLong = checkPromptFits(data.shownBase, data.maxModelLen,
                                           request.sampling.maxNewTokens, stats.imageTokens))
            throw facet::Error(std::move(*tooLong));
        chatBody = buildChatRequest(request, data.info.name, level);
        body = chatBody.dump();
    } catch (const std::exception& e) { // mixed levels, unreadable image: nothing was sent
        return fail(errorInfo(e));
    }

    sink.onPhase({Phase::Prefill, 0, 0, 0}); // the server now encodes the images and prefills
    bool decoding = false;
    const int maxTokens = request.sampling.maxNewTokens;
    ChatStream stream(
        [&](std::string_view content, std::string_view reasoning) {
            if (!decoding)
                sink.onPhase({Phase::Decode, 0, 0, 0});
            decoding = true;
            sink.onText(content, reasoning);
        },
        maxReplyBytes(maxTokens));
    // The whole reply has a deadline besides the idle timeout: a server that sends a byte just
    // before each timeout would otherwise hold the request open forever.
    HttpOptions http = data.http;
    http.deadline = data.requestDeadline.value_or(http.firstByteTimeout +
                                                  kDeadlinePerToken * std::max(maxTokens, 1));
    HttpResult result;
    std::optional<std::string> formatProblem;
    std::optional<std::string> tooLarge;
    try {
        result = httpPostStream(
            url, body, http, [&](std::string_view bytes) { stream.feed(bytes); }, stop);
    } catch (const ReplyTooLarge& e) { // more than max_tokens can produce: reading stopped
        tooLarge = e.what();
    } catch (const std::exception& e) { // a chunk that is not vLLM's shape
        formatProblem = e.what();
    }
    const bool complete = stream.finish();

    if (const auto usage = stream.usage()) {
        stats.promptTokens = usage->promptTokens;
        stats.generatedTokens = usage->completionTokens;
    } else {
        stats.generatedTokens = stream.textChunks();
    }
    if (const auto first = stream.firstText()) {
        stats.ttftMs = msBetween(start, *first);
        const double decodeMs = msBetween(*first, *stream.lastText());
        if (stats.generatedTokens > 1 && decodeMs > 0)
            stats.decodeTokensPerS = (stats.generatedTokens - 1) / (decodeMs / 1000.0);
    }
    if (baseline && stream.usage())
        stats.remote->impliedImageTokens =
            baseline->expectedImageTokens + (stats.promptTokens - baseline->promptTokens);

    const std::string server = "server " + data.shownBase;
    const std::string kept =
        stream.content().empty() && stream.reasoning().empty()
            ? ""
            : "; the partial reply (" +
                  std::to_string(stream.content().size() + stream.reasoning().size()) +
                  " bytes) is kept";
    if (tooLarge)
        return failServer(
            server + " sent " + *tooLarge + " for a reply of at most " + std::to_string(maxTokens) +
            " tokens (max_tokens); Facet stopped reading it: not what vLLM sends" + kept);
    const bool ok2xx = result.status >= 200 && result.status < 300;
    if (!formatProblem && ok2xx && result.outcome != HttpResult::Outcome::Cancelled &&
        result.contentType.rfind("text/event-stream", 0) != 0)
        formatProblem = "not an event stream";
    if (formatProblem)
        return failServer(server + " sent a reply to " + what + " that is not what vLLM sends (" +
                          (result.contentType.empty()
                               ? ""
                               : "Content-Type " + textExcerpt(result.contentType, 100) + ", ") +
                          textExcerpt(*formatProblem, kMaxQuotedServerText) + ")" + kept);
    if (result.outcome == HttpResult::Outcome::Cancelled) {
        stats.finishReason = FinishReason::Cancelled;
        stats.totalMs = msBetween(start, Clock::now());
        sink.onFinished(stats, stream.rawReply());
        out.ok = true;
        return out;
    }
    if (auto failed = failure(data.shownBase, what, result, http)) {
        failed->message += kept;
        return fail(*failed);
    }
    if (const auto& said = stream.serverError()) {
        ErrorInfo error = errorInfo(
            ErrorKind::Server,
            server + " failed the reply to " + what + " with an error inside the stream" +
                (said->code ? " (code " + std::to_string(said->code) + ")" : std::string()) + ": " +
                said->message + kept);
        error.httpStatus = said->code;
        error.param = said->param;
        error.serverMessage = said->message;
        error.failedMidReply = true;
        return fail(error);
    }
    if (stream.finishReason() && failedFinish(*stream.finishReason())) {
        ErrorInfo error = errorInfo(ErrorKind::Server, server + " ended the reply to " + what +
                                                           " as failed (finish_reason \"" +
                                                           *stream.finishReason() + "\")" + kept);
        error.failedMidReply = true;
        return fail(error);
    }
    if (result.outcome == HttpResult::Outcome::Cut)
        return failServer(server + " cut the stream in the middle of the reply to " + what + " (" +
                          result.transportError + ")" + kept);
    if (!stream.done() || !complete)
        return failServer(
            server + " ended the stream in the middle of the reply to " + what +
            (stream.finishReason() ? " (no [DONE])" : " (no finish_reason, no [DONE])") + kept);
    if (!stream.finishReason())
        return failServer(server + " ended the reply to " + what +
                          " without a finish_reason: not what vLLM sends" + kept);
    stats.finishReason = finishReason(*stream.finishReason());
    stats.totalMs = msBetween(start, Clock::now()); // the reply's time, without the count below
    // At the server default level nothing else tells the images' soft tokens: a single question
    // (or a comparison's column before any counted one) asks the server's /tokenize.
    if (level == kServerDefaultLevel && !stats.remote->impliedImageTokens && stream.usage())
        stats.remote->impliedImageTokens = serverDefaultImageTokens(
            data, chatBody, static_cast<int>(stats.images.size()), stats.promptTokens, stop);
    sink.onFinished(stats, stream.rawReply());
    out.ok = true;
    return out;
}

} // namespace facet::remote
