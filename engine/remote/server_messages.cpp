#include "remote/server_messages.h"

#include <nlohmann/json.hpp>

namespace facet::remote {

namespace {

std::string seconds(std::chrono::milliseconds ms) {
    const double s = static_cast<double>(ms.count()) / 1000.0;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, s < 10 ? "%.1f s" : "%.0f s", s);
    return buffer;
}

} // namespace

std::string serverMessage(const std::string& body) {
    const auto json = nlohmann::json::parse(body, nullptr, false);
    if (json.is_object()) {
        if (json.contains("message") && json["message"].is_string())
            return json["message"].get<std::string>();
        if (const auto e = json.find("error"); e != json.end()) {
            if (e->is_object() && e->contains("message") && (*e)["message"].is_string())
                return (*e)["message"].get<std::string>();
            if (e->is_string())
                return e->get<std::string>();
        }
        if (const auto d = json.find("detail"); d != json.end())
            return d->is_string() ? d->get<std::string>() : d->dump();
    }
    std::string text = body.substr(0, 200);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.pop_back();
    return text.empty() ? "(empty body)" : text;
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

std::optional<std::string> failureMessage(const std::string& apiBase, const std::string& request,
                                          const HttpResult& r,
                                          std::chrono::milliseconds firstByteTimeout) {
    const std::string server = "server " + apiBase;
    using O = HttpResult::Outcome;
    switch (r.outcome) {
    case O::Unreachable:
        return server + " is unreachable: " + r.transportError;
    case O::TimedOut:
        if (!r.bodyStarted)
            return server + " sent no reply within " + seconds(firstByteTimeout) + " of " +
                   request + " (first-byte timeout; a busy server queues requests)";
        return server + " stopped sending for " + seconds(firstByteTimeout) +
               " in the middle of the reply to " + request;
    case O::Cut:
        if (r.status == 0)
            return server + " closed the connection without answering " + request + ": " +
                   r.transportError;
        break; // with a status: reported below, or by the caller as a cut stream
    case O::Cancelled:
    case O::Complete:
        break;
    }
    if (r.status != 0 && (r.status < 200 || r.status >= 300)) {
        const std::string name = statusName(r.status);
        std::string text = server + " answered HTTP " + std::to_string(r.status) +
                           (name.empty() ? "" : " (" + name + ")") + " to " + request + ": " +
                           serverMessage(r.body);
        if (r.status == 401)
            text += " (set the API key, e.g. FACET_API_KEY)";
        return text;
    }
    return std::nullopt;
}

} // namespace facet::remote
