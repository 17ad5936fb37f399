#pragma once
// What the C++ benchmarks share: median wall time of repeated runs, and the output of the Python
// reference they run beside themselves.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace facet::bench {

// Median wall time in ms of `runs` calls of fn, after `warmUpRuns` untimed ones (first-touch page
// faults and cold caches are not what a warm-up-free row should measure).
inline double medianMs(int runs, const std::function<void()>& fn, int warmUpRuns = 0) {
    for (int i = 0; i < warmUpRuns; ++i)
        fn();
    std::vector<double> times;
    for (int i = 0; i < std::max(1, runs); ++i) {
        const auto start = std::chrono::steady_clock::now();
        fn();
        times.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

// Standard output of a shell command; throws when it cannot run or exits non-zero.
inline std::string commandOutput(const std::string& command) {
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe)
        throw std::runtime_error("cannot run " + command);
    std::string output;
    char buffer[4096];
    while (size_t n = std::fread(buffer, 1, sizeof buffer, pipe))
        output.append(buffer, n);
    if (pclose(pipe) != 0)
        throw std::runtime_error("the Python reference failed: " + command);
    return output;
}

} // namespace facet::bench
