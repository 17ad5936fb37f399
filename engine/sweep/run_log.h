#pragma once
// The sweep's durable record: `runs.jsonl` in the output folder, one JSON object a line. The
// first line says what produced the runs (SweepSettings); every finished run is appended as one
// line with a single write(2) as soon as it ends, so Ctrl+C, a crash or kill -9 loses at most
// the run in progress. Running the same sweep again reads the file and skips the runs already
// in it; a torn last line (the process died inside that write, or the disk filled) is dropped
// and the file cut back to the last whole line before anything is appended.
#include <nlohmann/json_fwd.hpp>

#include <compare>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace facet::sweep {

// What identifies a run: resuming skips a key that already has a finished run.
struct RunKey {
    std::string image; // the path as the sweep found it (UTF-8)
    std::string question;
    int level = 0;
    auto operator<=>(const RunKey&) const = default;
};

// One image x question x level, as the engine or the server answered it.
struct RunRecord {
    RunKey key;
    std::string answer;
    std::string finishReason; // generate::toString(FinishReason): stop_token, max_tokens, ...
    int softTokens = 0;       // of the image at this level
    int bucket = 0;           // image-prefill bucket (0 on a server: it chooses)
    int promptTokens = 0;
    int generatedTokens = 0;
    int reusedTokens = 0; // prompt prefix taken from the KV cache (compare's reuse)
    double ttftMs = 0;
    double tokensPerS = 0;
    double totalMs = 0;
    // Failed runs are recorded (the report lists them) but do not count as done: the next
    // run of the same sweep tries them again.
    std::optional<std::string> error;
    [[nodiscard]] bool done() const { return !error.has_value(); }
};

// What makes two sweeps' answers comparable: a resumed sweep must use the same.
struct SweepSettings {
    std::string source;   // the model folder (absolute) or "server URL (served model)"
    std::string sampling; // "greedy" or "seed N"
    int maxNewTokens = 0;
    bool repetitionGuard = true;
    bool operator==(const SweepSettings&) const = default;
};

[[nodiscard]] nlohmann::json runToJson(const RunRecord& run);
// Throws facet::Error naming the missing or mistyped field.
[[nodiscard]] RunRecord runFromJson(const nlohmann::json& j);
[[nodiscard]] nlohmann::json settingsToJson(const SweepSettings& settings);
[[nodiscard]] std::string describe(const SweepSettings& settings);

class RunLog {
public:
    // Opens `file` for appending, creating it with the settings line when absent or empty.
    // Reads the runs already there. Throws facet::Error "FILE: reason" (unreadable, written by
    // a sweep with other settings, a damaged line that is not the last).
    static RunLog open(const std::filesystem::path& file, const SweepSettings& settings);
    RunLog(RunLog&&) noexcept;
    RunLog& operator=(RunLog&&) noexcept;
    ~RunLog();

    // Every run line read at open and appended since, in file order (a retried key appears
    // twice: latest() keeps the last).
    [[nodiscard]] const std::vector<RunRecord>& runs() const { return runs_; }
    // Bytes of a torn last line dropped at open (0 when the file ended with a whole line).
    [[nodiscard]] std::size_t droppedBytes() const { return dropped_; }
    // Appends one line and hands it to the kernel before returning (kill -9 keeps it).
    // Throws facet::Error naming the file (disk full, ...).
    void append(const RunRecord& run);

private:
    RunLog() = default;
    std::filesystem::path file_;
    int fd_ = -1;
    std::vector<RunRecord> runs_;
    std::size_t dropped_ = 0;
};

// The last record of each key, in key order.
[[nodiscard]] std::vector<RunRecord> latest(const std::vector<RunRecord>& runs);

} // namespace facet::sweep
