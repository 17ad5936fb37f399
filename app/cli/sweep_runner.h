#pragma once
// The runs of `facet-cli sweep`, on a local model or a server. Locally one run at a time: each
// image and question is one Session::compare over the levels it still lacks, so the image is
// decoded and preprocessed once for all of them and the prompt prefix is reused from one level
// to the next (generate/compare.h); a later question about the same image takes the vision
// encoder's output from the engine's cache. On a server, --parallel N requests at once, one
// session each (remote sessions are independent). vLLM's scheduler takes up to max_num_seqs
// sequences into one iteration (vllm-project/vllm, vllm/config/scheduler.py @ 01230b40,
// SchedulerConfig.max_num_seqs), so concurrent requests share its batches.
#include "generate/engine.h"
#include "sweep/image_scan.h"
#include "sweep/run_log.h"
#include "sweep_progress.h"

#include <atomic>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace facet::remote {
class RemoteEngine;
}

namespace facet::cli {

// One image x question with the levels it still needs, ascending.
struct SweepJob {
    std::string image;
    std::string question;
    std::vector<int> levels;
};

// Appends each ended run to runs.jsonl and reports it (thread-safe). A cancelled run is never
// recorded: the next sweep runs it.
class RunRecorder {
public:
    RunRecorder(sweep::RunLog& log, SweepProgress& progress, int reference);
    void record(const sweep::RunRecord& run);
    // An image that turned out unreadable when its run began: reported, its runs dropped.
    void skip(const sweep::SkippedImage& image);
    [[nodiscard]] std::vector<sweep::SkippedImage> skippedDuringRuns() const;

private:
    sweep::RunLog& log_;
    SweepProgress& progress_;
    int reference_;
    mutable std::mutex mutex_;
    std::map<sweep::RunKey, sweep::RunRecord> latest_;
    std::vector<sweep::SkippedImage> skipped_;
};

// The run's record from the engine's statistics (the turn's one image is the last one).
[[nodiscard]] sweep::RunRecord recordFrom(const SweepJob& job, int level,
                                          const generate::Stats& stats, const std::string& reply,
                                          const ErrorInfo* error);

void runLocalSweep(generate::Engine& engine, const generate::SamplingSettings& sampling,
                   const std::vector<SweepJob>& jobs, RunRecorder& recorder,
                   const std::atomic<bool>& stop);

void runRemoteSweep(remote::RemoteEngine& engine, const generate::SamplingSettings& sampling,
                    const std::vector<SweepJob>& jobs, int parallel, RunRecorder& recorder,
                    std::atomic<bool>& stop);

} // namespace facet::cli
