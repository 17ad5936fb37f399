// What a server says about itself besides answering chats: its kind (GET /version), whether it
// is still up (GET /health) and how much of its context a prompt may use (max_model_len).
#include "remote/remote_engine.h"
#include "remote/remote_engine_data.h"
#include "remote/server_messages.h"
#include "remote/server_url.h"

#include "common/json_text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>

namespace facet::remote {

namespace {

using ProbeClock = std::chrono::steady_clock;

HttpOptions probeHttpOptions(const ConnectOptions& options) {
    HttpOptions http = httpOptionsFor(options);
    // A probe is small: it should not wait as long as a queued chat reply may.
    http.firstByteTimeout = std::min(options.firstByteTimeout, std::chrono::milliseconds{10'000});
    return http;
}

// "0.22.0+cpu" → 0, 22 and the local tag "cpu" (PEP 440: after '+').
void readVersion(const std::string& version, ServerIdentity& out, std::string& local) {
    const char* p = version.c_str();
    char* end = nullptr;
    out.major = static_cast<int>(std::strtol(p, &end, 10));
    if (end != p && *end == '.')
        out.minor = static_cast<int>(std::strtol(end + 1, &end, 10));
    if (const auto plus = version.find('+'); plus != std::string::npos)
        local = version.substr(plus + 1);
}

} // namespace

ServerIdentity identifyServer(const std::string& versionBody) {
    ServerIdentity out;
    // Depth-limited (nlohmann's dump() and copies recurse once per level).
    const nlohmann::json json = tryParseJson(versionBody).value_or(nlohmann::json());
    const auto v = json.is_object() ? json.find("version") : json.end();
    if (!json.is_object() || v == json.end() || !v->is_string() ||
        v->get_ref<const std::string&>().empty()) {
        out.explanation = "The server does not say which version of vLLM it runs (no GET "
                          "/version), so Facet cannot tell whether it is vllm-rbln.";
        return out;
    }
    out.version = textExcerpt(v->get_ref<const std::string&>(), 100); // shown in a sentence
    std::string local;
    readVersion(out.version, out, local);
    out.mmKwargsGatedByDefault = out.major > 0 || out.minor >= 31;
    if (local.rfind("cpu", 0) == 0) {
        out.kind = ServerKind::MaybeVllmRbln;
        out.explanation = "vLLM " + out.version +
                          " is a CPU build, as vllm-rbln uses (it pins vllm==0.22.0+cpu): an "
                          "uncompiled detail level can stop a vllm-rbln server.";
    } else {
        out.kind = ServerKind::Vllm;
        out.explanation =
            "vLLM " + out.version + ": its Gemma 4 processor takes every detail level.";
    }
    return out;
}

ServerIdentity queryServerIdentity(const ConnectOptions& options, const std::atomic<bool>& stop) {
    const std::string apiBase = apiBaseFromUrl(options.url);
    const HttpOptions http = probeHttpOptions(options);
    const std::string shown = redactUrl(apiBase);
    const std::string url = serverRootFromApiBase(apiBase) + "/version";
    const HttpResult r = httpGet(url, http, stop);
    if (r.outcome == HttpResult::Outcome::Cancelled)
        throw ServerError(ErrorKind::Cancelled, "asking server " + shown + " was cancelled");
    if (r.outcome == HttpResult::Outcome::Complete && r.status >= 400 && r.status < 500)
        return identifyServer({}); // no /version: not vLLM's API, or a proxy that hides it
    if (auto failed = failure(shown, describeRequest("GET", url), r, http))
        throw ServerError(redacted(std::move(*failed), SecretRedactor(apiBase, http.apiKey)));
    return identifyServer(r.body);
}

HealthCheck checkServerHealth(const ConnectOptions& options, const std::atomic<bool>& stop) {
    HealthCheck out;
    std::string apiBase;
    try {
        apiBase = apiBaseFromUrl(options.url);
    } catch (const std::exception& e) {
        out.message = e.what();
        return out;
    }
    const HttpOptions http = probeHttpOptions(options);
    const std::string shown = redactUrl(apiBase);
    const std::string url = serverRootFromApiBase(apiBase) + "/health";
    const auto start = ProbeClock::now();
    const HttpResult r = httpGet(url, http, stop);
    out.roundTripMs = std::chrono::duration<double, std::milli>(ProbeClock::now() - start).count();
    out.httpStatus = static_cast<int>(r.status);
    out.up = r.outcome == HttpResult::Outcome::Complete && r.status >= 200 && r.status < 300;
    if (out.up)
        out.message = "server " + shown + " is still up (GET /health answered " +
                      std::to_string(r.status) + ")";
    else if (auto failed = failure(shown, describeRequest("GET", url), r, http))
        out.message = redacted(std::move(*failed), SecretRedactor(apiBase, http.apiKey)).message +
                      ": the server may have stopped";
    else
        out.message = "server " + shown + " did not answer GET /health";
    return out;
}

std::int64_t promptBudget(std::int64_t maxModelLen, int maxTokens) {
    if (maxModelLen <= 0)
        return 0;
    return std::max<std::int64_t>(0, maxModelLen - std::max(0, maxTokens));
}

std::optional<ErrorInfo> checkPromptFits(const std::string& apiBase, std::int64_t maxModelLen,
                                         int maxTokens, int promptTokensAtLeast) {
    if (maxModelLen <= 0)
        return std::nullopt; // the server did not say: it will refuse with its own 400
    const std::string numbers = "max_model_len " + std::to_string(maxModelLen) + " − max_tokens " +
                                std::to_string(maxTokens);
    if (maxTokens >= maxModelLen)
        return errorInfo(ErrorKind::BadInput,
                         "server " + apiBase + " reserves max_tokens out of its context: " +
                             numbers + " leaves no room for the prompt; lower max_new_tokens");
    const std::int64_t budget = promptBudget(maxModelLen, maxTokens);
    if (promptTokensAtLeast > budget)
        return errorInfo(ErrorKind::BadInput,
                         "the message does not fit the context of server " + apiBase +
                             ": its images alone take " + std::to_string(promptTokensAtLeast) +
                             " tokens, but " + numbers + " leaves " + std::to_string(budget) +
                             " for the prompt; use fewer images, a lower detail level or a "
                             "lower max_new_tokens");
    return std::nullopt;
}

} // namespace facet::remote
