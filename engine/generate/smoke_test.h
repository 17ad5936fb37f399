#pragma once
// The smoke test of an NPU install: one call that checks a compiled-model folder, the runtime
// library, every graph on the device, their inputs and outputs against the folder's configs,
// the vision tower at every level, prefill and greedy decode per level, repeatability, Stop,
// and times each level. Shared by `facet-cli smoke-test` and the app (which runs it on its
// worker thread with `progress`). Qt-free.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace facet::generate {

struct SmokeOptions {
    std::filesystem::path modelDir;
    int deviceId = 0;
    // Empty: as Engine::load ($FACET_RBLN_RUNTIME, else librbln_runtime.so; a simulator folder
    // runs on the built-in simulator).
    std::optional<std::filesystem::path> runtimeLibrary;
    int maxNewTokens = 16; // greedy decode per level
};

struct SmokeStep {
    enum class Status { Pass, Fail, Skipped };
    std::string id;    // folder, runtime, graphs_load, graph_io, vision, generate, repeatable,
                       // stop, timings
    std::string title; // "Every graph loads on the device"
    Status status = Status::Skipped;
    double ms = 0;
    std::string message;              // one line; on failure the exact error
    std::vector<std::string> details; // e.g. per graph "inferred ... / found ..."
};

struct SmokeLevelTiming {
    int level = 0;
    int softTokens = 0;
    int bucket = 0;
    double visionMs = 0; // vision tower + projector for the built-in image
    double ttftMs = 0;   // the whole request: preprocessing, vision, prefill, first token
    double decodeTokensPerS = 0;
    double totalMs = 0;
    int generatedTokens = 0;
};

struct SmokeReport {
    struct Machine {
        std::string cpu, os, runtimeFile, runtimeVersion;
        int deviceId = 0;
        bool simulated = false;
        // The C API has no memory query (rbln-c-api.md §3): says so unless a runtime reports it.
        std::string deviceMemory;
    } machine;
    struct Folder {
        std::string name, directory;
        std::vector<int> levels, buckets;
        int maxSeqLen = 0;
        // Which optimum-rbln layout wrote it (model::detectLayout: "optimum-rbln 0.12", …) and
        // the projector's image_features dtype, the one input that differs between them.
        std::string layout, projectorDtype;
    } folder;
    std::vector<SmokeStep> steps;
    std::vector<SmokeLevelTiming> timings;
    // The folder could not be read at all (missing, not a folder, no rbln_config.json): the CLI
    // exits 2 for this rather than 1.
    bool folderUnreadable = false;

    [[nodiscard]] bool passed() const;
    // The first failed step, or null.
    [[nodiscard]] const SmokeStep* firstFailure() const;
};

struct SmokeProgress {
    // index 0..count-1; called on the caller's thread before and after each step.
    std::function<void(int index, int count, const SmokeStep& step)> stepStarted;
    std::function<void(int index, int count, const SmokeStep& step)> stepFinished;
};

// Runs every step (a failed step makes the steps that need it Skipped; `stop` skips the rest).
// Never throws for what it checks: every failure is a step's message.
[[nodiscard]] SmokeReport runSmokeTest(const SmokeOptions& options, const SmokeProgress& progress,
                                       const std::atomic<bool>& stop);

[[nodiscard]] const char* toString(SmokeStep::Status status); // "pass", "fail", "skipped"
// {"machine": {...}, "folder": {...}, "steps": [{id, title, status, ms, message, details}],
//  "timings": [...], "passed": bool}
[[nodiscard]] nlohmann::json smokeReportToJson(const SmokeReport& report);

} // namespace facet::generate
