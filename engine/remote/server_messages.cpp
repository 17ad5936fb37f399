#include "remote/server_messages.h"

#include "common/json_text.h"
#include "remote/remote_engine.h"

#include <nlohmann/json.hpp>

#include <cstdint>

namespace facet::remote {

namespace {

std::string seconds(std::chrono::milliseconds ms) {
    const double s = static_cast<double>(ms.count()) / 1000.0;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, s < 10 ? "%.1f s" : "%.0f s", s);
    return buffer;
}

} // namespace

namespace {

// A string field, cut to an excerpt: a server's words are quoted, never copied whole.
std::string textField(const nlohmann::json& object, const char* key) {
    const auto it = object.find(key);
    return it != object.end() && it->is_string()
               ? textExcerpt(it->get_ref<const std::string&>(), kMaxQuotedServerText)
               : std::string();
}

int codeField(const nlohmann::json& object) {
    const auto it = object.find("code");
    if (it != object.end() && it->is_number_integer()) {
        const auto code = it->get<std::int64_t>();
        if (code > 0 && code < 1000)
            return static_cast<int>(code);
    }
    return 0;
}

// {"message", "type", "param", "code"}: the fields of both vLLM shapes.
ServerErrorBody fields(const nlohmann::json& object) {
    return {textField(object, "message"), textField(object, "param"), textField(object, "type"),
            codeField(object)};
}

bool hasMessage(const nlohmann::json& object) {
    return object.is_object() && object.contains("message") && object["message"].is_string();
}

} // namespace

ServerErrorBody parseServerError(const nlohmann::json& json) {
    if (!json.is_object())
        return {};
    if (hasMessage(json)) // the flat shape: vLLM 0.22 (vllm-rbln) and older
        return fields(json);
    if (const auto e = json.find("error"); e != json.end()) {
        if (hasMessage(*e)) // current vLLM: {"error": {...}}
            return fields(*e);
        if (e->is_string())
            return {textExcerpt(e->get_ref<const std::string&>(), kMaxQuotedServerText), {}, {}, 0};
    }
    if (const auto d = json.find("detail"); d != json.end())
        return {d->is_string() ? textExcerpt(d->get_ref<const std::string&>(), kMaxQuotedServerText)
                               : jsonExcerpt(*d, kMaxQuotedServerText),
                {},
                {},
                0};
    return {};
}

ServerErrorBody parseServerError(const std::string& body) {
    // Depth-limited: a body of 60,000 nested brackets is quoted as text, never built as a tree
    // (nlohmann's dump() and copies recurse once per level).
    ServerErrorBody out;
    if (const auto json = tryParseJson(body))
        out = parseServerError(*json);
    if (!out.message.empty())
        return out;
    std::string start = textExcerpt(body, 200);
    while (!start.empty() && (start.back() == '\n' || start.back() == '\r' || start.back() == ' '))
        start.pop_back();
    out.message = start.empty() ? "(empty body)" : start;
    return out;
}

bool isMmKwargsGate(const ErrorInfo& error) {
    if (error.kind != ErrorKind::Server || error.httpStatus != 400)
        return false;
    const auto names = [&](const char* flag) {
        return error.serverMessage.find(flag) != std::string::npos;
    };
    return error.param == kMmKwargsParam || names("--trust-request-mm-kwargs") ||
           names("trust_request_mm_kwargs");
}

std::string serverMessage(const std::string& body) {
    return parseServerError(body).message;
}

std::string statusName(long status) {
    switch (status) {
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 413:
        return "Payload Too Large";
    case 422:
        return "Unprocessable Entity";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    case 504:
        return "Gateway Timeout";
    default:
        return {};
    }
}

ErrorInfo redacted(ErrorInfo info, const SecretRedactor& redact) {
    info.message = redact(std::move(info.message));
    info.serverMessage = redact(std::move(info.serverMessage));
    info.param = redact(std::move(info.param));
    return info;
}

std::optional<ErrorInfo> failure(const std::string& shownBase, const std::string& request,
                                 const HttpResult& r, const HttpOptions& http) {
    const std::chrono::milliseconds firstByteTimeout = http.firstByteTimeout;
    const std::string server = "server " + shownBase;
    const auto plain = [](std::string message) {
        return errorInfo(ErrorKind::Server, std::move(message));
    };
    using O = HttpResult::Outcome;
    switch (r.outcome) {
    case O::Unreachable:
        return plain(server + " is unreachable: " + r.transportError);
    case O::TimedOut:
        if (!r.bodyStarted)
            return plain(server + " sent no reply within " + seconds(firstByteTimeout) + " of " +
                         request + " (first-byte timeout; a busy server queues requests)");
        return plain(server + " stopped sending for " + seconds(firstByteTimeout) +
                     " in the middle of the reply to " + request);
    case O::Cut:
        if (r.status == 0)
            return plain(server + " closed the connection without answering " + request + ": " +
                         r.transportError);
        break; // with a status: reported below, or by the caller as a cut stream
    case O::Deadline:
        return plain(server + " had not finished answering " + request + " after " +
                     seconds(r.deadline) + " (the request's overall deadline)");
    case O::TooLarge:
        return plain(server + " answered " + request + " with more than " +
                     std::to_string(http.maxBodyBytes) + " bytes: too large to be vLLM's answer");
    case O::Cancelled:
    case O::Complete:
        break;
    }
    if (r.status != 0 && (r.status < 200 || r.status >= 300)) {
        const std::string name = statusName(r.status);
        const ServerErrorBody said = parseServerError(r.body);
        ErrorInfo info =
            plain(server + " answered HTTP " + std::to_string(r.status) +
                  (name.empty() ? "" : " (" + name + ")") + " to " + request + ": " + said.message);
        if (r.status == 401)
            info.message += " (set the API key, e.g. FACET_API_KEY)";
        info.httpStatus = static_cast<int>(r.status);
        info.param = said.param;
        info.serverMessage = said.message;
        if (isMmKwargsGate(info))
            info.message += " — this server does not accept per-request detail levels: start it "
                            "with --trust-request-mm-kwargs, or ask at the server default level";
        return info;
    }
    return std::nullopt;
}

} // namespace facet::remote
