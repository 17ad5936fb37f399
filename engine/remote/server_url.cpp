#include "remote/server_url.h"

#include "common/error.h"

namespace facet::remote {

std::string apiBaseFromUrl(const std::string& url) {
    std::string base = url;
    while (!base.empty() && (base.back() == ' ' || base.back() == '\t'))
        base.pop_back();
    if (base.find("://") == std::string::npos)
        base = "http://" + base; // "host:8000" as people type it
    const auto scheme = base.find("://");
    const std::string schemeName = base.substr(0, scheme);
    if (schemeName != "http" && schemeName != "https")
        throw Error("server URL " + url + ": only http:// and https:// are supported");
    const auto hostStart = scheme + 3;
    const auto pathStart = base.find('/', hostStart);
    if (pathStart == hostStart || hostStart >= base.size())
        throw Error("server URL " + url + ": no host name");
    if (base.find_first_of("?#", hostStart) != std::string::npos)
        throw Error("server URL " + url + ": give the API base without a query or fragment");
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
