#pragma once
// What the C++ benchmarks share: their command line, median wall time of repeated runs, and the
// output of the Python reference they run beside themselves.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace facet::bench {

// A bench's command line: the paths (and values) it needs, in the order `usage` names them (CMake
// passes the paths; compiled in, they would make every clone compile the bench again instead of
// taking it from ccache), and `--smoke` anywhere: the same work end to end at a tiny size (fewer
// runs, smaller inputs), what the `bench-smoke` ctests run to check that the bench still works.
// Exits with the usage when there are fewer than `required` or more than `allowed` values.
struct Args {
    bool smoke = false;
    std::vector<std::string> values;

    Args(int argc, char** argv, const char* usage, std::size_t required, std::size_t allowed = 0) {
        for (int i = 1; i < argc; ++i) {
            if (std::strcmp(argv[i], "--smoke") == 0)
                smoke = true;
            else
                values.emplace_back(argv[i]);
        }
        if (values.size() < required || values.size() > std::max(required, allowed)) {
            std::fprintf(stderr, "usage: %s [--smoke]\n", usage);
            std::exit(1);
        }
    }
    [[nodiscard]] const std::string& operator[](std::size_t i) const { return values.at(i); }
};

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
