#include "sim/fault_injection.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sstream>
#include <utility>
#include <vector>

namespace facet::sim {
namespace {

struct Fault {
    std::string graph;
    int64_t remaining; // runs left before the failing one, counting it
    std::string message;
};

struct FaultTable {
    std::mutex mutex;
    std::vector<Fault> faults;
    bool envRead = false;
};

FaultTable& table() {
    static FaultTable t;
    return t;
}

// "graph:N:message"; malformed entries are ignored (tests check the well-formed path).
void readEnvironment(FaultTable& t) {
    t.envRead = true;
    const char* env = std::getenv(kFaultEnvVar);
    if (!env)
        return;
    std::stringstream all(env);
    std::string entry;
    while (std::getline(all, entry, ';')) {
        const auto first = entry.find(':');
        const auto second = first == std::string::npos ? first : entry.find(':', first + 1);
        if (second == std::string::npos)
            continue;
        char* end = nullptr;
        const auto countText = entry.substr(first + 1, second - first - 1);
        const long long n = std::strtoll(countText.c_str(), &end, 10);
        if (n <= 0 || end == countText.c_str() || *end != '\0')
            continue;
        t.faults.push_back({entry.substr(0, first), n, entry.substr(second + 1)});
    }
}

} // namespace

void injectFault(const std::string& graph, int64_t nthRun, const std::string& message) {
    auto& t = table();
    std::lock_guard lock(t.mutex);
    if (!t.envRead)
        readEnvironment(t);
    if (nthRun <= 0) {
        std::erase_if(t.faults, [&](const Fault& f) { return f.graph == graph; });
        return;
    }
    t.faults.push_back({graph, nthRun, message});
}

int64_t visionDelayMs(int64_t maxSoftTokens) {
    static const auto setting = []() -> std::pair<int64_t, int64_t> {
        const char* value = std::getenv(kVisionDelayEnvVar);
        long long level = 0, ms = 0;
        char extra = 0;
        if (!value || std::sscanf(value, "%lld:%lld%c", &level, &ms, &extra) != 2 || ms < 0)
            return {0, 0};
        return {level, ms};
    }();
    return setting.first == maxSoftTokens ? setting.second : 0;
}

std::optional<std::string> takeFault(const std::string& graph) {
    auto& t = table();
    std::lock_guard lock(t.mutex);
    if (!t.envRead)
        readEnvironment(t);
    std::optional<std::string> failure;
    for (auto it = t.faults.begin(); it != t.faults.end();) {
        if (it->graph == graph && --it->remaining == 0) {
            if (!failure)
                failure = it->message;
            it = t.faults.erase(it);
        } else {
            ++it;
        }
    }
    return failure;
}

} // namespace facet::sim
