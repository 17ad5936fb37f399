#pragma once
// What `facet-cli sweep` says while it runs: on a terminal a progress bar with the runs done and
// an estimate of the time left, redrawn in place on stderr; elsewhere (a log, a pipe) one plain
// line per run. With --json, one event per line on stdout for scripts (start, skipped, run,
// summary); the progress still goes to stderr. Thread-safe: a server sweep reports from
// several threads.
#include "sweep/image_scan.h"
#include "sweep/run_log.h"

#include <nlohmann/json_fwd.hpp>

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

namespace facet::cli {

class SweepProgress {
public:
    // `total`: the runs of the plan; `alreadyDone`: those found in runs.jsonl.
    SweepProgress(std::size_t total, std::size_t alreadyDone, bool json);
    void skipped(const sweep::SkippedImage& image);
    // A run ended (finished or failed); `agreement` is its agreement event part, when known.
    void run(const sweep::RunRecord& record, const nlohmann::json& agreement);
    // Ends the progress line (the bar's line is left with a newline).
    void finish();
    void event(const nlohmann::json& j); // one --json line, when --json

private:
    void draw(const sweep::RunRecord& record);
    std::mutex mutex_;
    std::size_t total_;
    std::size_t done_;
    std::size_t doneHere_ = 0;
    bool json_;
    bool terminal_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

} // namespace facet::cli
