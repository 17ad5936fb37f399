#include "remote/server_url.h"

#include "common/error.h"
#include "remote/image_data_url.h"

#include <algorithm>

namespace facet::remote {

namespace {

// [begin, end) of the user information of `url` ("user:pw" before the '@' of the authority),
// or {npos, npos} when it has none. The authority ends at the first '/', '?' or '#'.
std::pair<std::size_t, std::size_t> userInfo(std::string_view url) {
    const auto scheme = url.find("://");
    const std::size_t start = scheme == std::string_view::npos ? 0 : scheme + 3;
    const std::size_t authorityEnd = std::min(url.find_first_of("/?#", start), url.size());
    const auto at = url.substr(0, authorityEnd).rfind('@');
    if (at == std::string_view::npos || at < start)
        return {std::string_view::npos, std::string_view::npos};
    return {start, at};
}

int hexValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

std::string percentDecoded(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && hexValue(s[i + 1]) >= 0 && hexValue(s[i + 2]) >= 0) {
            out += static_cast<char>(hexValue(s[i + 1]) * 16 + hexValue(s[i + 2]));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

} // namespace

std::string redactUrl(std::string_view url) {
    const auto [begin, end] = userInfo(url);
    if (begin == std::string_view::npos)
        return std::string(url);
    const auto colon = url.substr(begin, end - begin).find(':');
    if (colon == std::string_view::npos)
        return std::string(url); // a user name alone is no secret
    return std::string(url.substr(0, begin + colon + 1)) + "***" + std::string(url.substr(end));
}

SecretRedactor::SecretRedactor(std::string_view url, std::string_view apiKey) {
    auto keep = [this](std::string secret) {
        if (secret.size() >= 4 &&
            std::find(secrets_.begin(), secrets_.end(), secret) == secrets_.end())
            secrets_.push_back(std::move(secret));
    };
    keep(std::string(apiKey));
    const auto [begin, end] = userInfo(url);
    if (begin != std::string_view::npos) {
        const std::string_view info = url.substr(begin, end - begin);
        if (const auto colon = info.find(':'); colon != std::string_view::npos) {
            keep(std::string(info.substr(colon + 1)));
            keep(percentDecoded(info.substr(colon + 1)));
            // What libcurl sends: "Authorization: Basic base64(user:password)", decoded.
            keep(base64Encode(percentDecoded(info.substr(0, colon)) + ":" +
                              percentDecoded(info.substr(colon + 1))));
        }
    }
    // Longest first, so a secret that contains another is replaced whole.
    std::sort(secrets_.begin(), secrets_.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
}

std::string SecretRedactor::operator()(std::string text) const {
    for (const std::string& secret : secrets_)
        for (auto at = text.find(secret); at != std::string::npos; at = text.find(secret, at + 3))
            text.replace(at, secret.size(), "***");
    return text;
}

std::string apiBaseFromUrl(const std::string& url) {
    const std::string shown = redactUrl(url);
    std::string base = url;
    while (!base.empty() && (base.back() == ' ' || base.back() == '\t'))
        base.pop_back();
    if (base.find("://") == std::string::npos)
        base = "http://" + base; // "host:8000" as people type it
    const auto scheme = base.find("://");
    const std::string schemeName = base.substr(0, scheme);
    if (schemeName != "http" && schemeName != "https")
        throw Error(ErrorKind::BadInput,
                    "server URL " + shown + ": only http:// and https:// are supported");
    const auto hostStart = scheme + 3;
    const auto pathStart = base.find('/', hostStart);
    if (pathStart == hostStart || hostStart >= base.size())
        throw Error(ErrorKind::BadInput, "server URL " + shown + ": no host name");
    if (base.find_first_of("?#", hostStart) != std::string::npos)
        throw Error(ErrorKind::BadInput,
                    "server URL " + shown + ": give the API base without a query or fragment");
    while (base.size() > hostStart && base.back() == '/')
        base.pop_back();
    if (base.find('/', hostStart) == std::string::npos)
        base += "/v1";
    return base;
}

std::string serverRootFromApiBase(const std::string& apiBase) {
    const std::string suffix = "/v1";
    if (apiBase.size() > suffix.size() &&
        apiBase.compare(apiBase.size() - suffix.size(), suffix.size(), suffix) == 0)
        return apiBase.substr(0, apiBase.size() - suffix.size());
    return apiBase;
}

} // namespace facet::remote
