// runSmokeTest: the steps in order, each timed and reported; a failed step skips the steps that
// need what it checked. The device steps run through the same engine code as `ask`.
#include "generate/smoke_test.h"

#include "common/crc32.h"
#include "common/error.h"
#include "device/runtime_library.h"
#include "generate/builtin_paths.h"
#include "generate/engine_impl.h"
#include "generate/session_impl.h"
#include "generate/smoke_steps.h"
#include "model/graph_dtypes.h"
#include "model/model_folder.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <sstream>

namespace facet::generate {
namespace {

using Clock = std::chrono::steady_clock;

// A step's outcome beyond pass: thrown from a step body with the step's failure message.
struct StepFailed {
    std::string message;
};

std::string readLineStartingWith(const std::filesystem::path& file, const std::string& key) {
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line))
        if (line.starts_with(key))
            return line.substr(key.size());
    return {};
}

std::string trimmed(std::string s) {
    const auto first = s.find_first_not_of(" \t:=\"");
    const auto last = s.find_last_not_of(" \t\"");
    return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
}

SmokeReport::Machine describeMachine() {
    SmokeReport::Machine m;
    m.cpu = trimmed(readLineStartingWith("/proc/cpuinfo", "model name"));
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    m.cpu += (m.cpu.empty() ? "" : ", ") + std::to_string(cores) + " logical CPUs";
    m.os = trimmed(readLineStartingWith("/etc/os-release", "PRETTY_NAME"));
    utsname u{};
    if (uname(&u) == 0)
        m.os +=
            (m.os.empty() ? "" : ", ") + std::string(u.sysname) + " " + u.release + " " + u.machine;
    m.deviceMemory = "not reported: the RBLN C API has no memory query (rbln-c-api.md §3); "
                     "rbln-smi shows it";
    return m;
}

// Records what the probe saw of one request: a CRC per step's logits.
struct LogitTrace {
    std::vector<std::uint32_t> crcs;
    void attach(SessionImpl& session) {
        session.probe.onLogits = [this](std::span<const std::uint16_t> l) {
            crcs.push_back(crc32(std::as_bytes(l)));
        };
    }
};

struct Collect : EventSink {
    std::string reply;
    std::optional<Stats> stats;
    std::optional<std::string> error;
    std::function<void(const PhaseEvent&)> phaseHook;
    void onPhase(const PhaseEvent& e) override {
        if (phaseHook)
            phaseHook(e);
    }
    void onText(std::string_view, std::string_view) override {}
    void onFinished(const Stats& s, const std::string& r) override {
        stats = s;
        reply = r;
    }
    void onError(const ErrorInfo& e, const Stats& s) override {
        error = e.message;
        stats = s;
    }
};

const char* kQuestion = "Describe this image in one sentence.";

Request greedyImageRequest(const std::filesystem::path& image, int level, int maxNewTokens) {
    Request r;
    r.newUserTurn = {{UserPart::Kind::Image, {}, {image, level}},
                     {UserPart::Kind::Text, kQuestion, {}}};
    r.sampling.doSample = false;
    r.sampling.maxNewTokens = maxNewTokens;
    return r;
}

bool isFiniteBf16(std::uint16_t v) {
    return (v & 0x7F80) != 0x7F80; // exponent all ones: inf or NaN
}

std::string fixed1(double v) {
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(1);
    s << v;
    return s.str();
}

// Removes the temporary image when the run ends, however it ends.
struct TempFile {
    std::filesystem::path path;
    ~TempFile() {
        std::error_code ec;
        if (!path.empty())
            std::filesystem::remove(path, ec);
    }
};

class Runner {
public:
    Runner(const SmokeOptions& options, const SmokeProgress& progress,
           const std::atomic<bool>& stop)
        : options_(options), progress_(progress), stop_(stop) {
        report_.machine = describeMachine();
        report_.machine.deviceId = options.deviceId;
        const std::vector<std::pair<std::string, std::string>> plan = {
            {"folder", "The model folder is complete (as inspect-model)"},
            {"runtime", "The RBLN runtime library loads"},
            {"graphs_load", "Every graph loads on the device"},
            {"graph_io", "Graph inputs and outputs match the folder's configs"},
            {"vision", "The vision tower runs at every level on the built-in image"},
            {"generate", "Prefill and greedy decode of a fixed question at every level"},
            {"repeatable", "Two greedy runs give the same tokens"},
            {"stop", "Stop during decode ends the request"},
            {"timings", "Timings per level"},
        };
        for (const auto& [id, title] : plan)
            report_.steps.push_back({id, title, SmokeStep::Status::Skipped, 0, "not run", {}});
    }

    SmokeReport run() {
        TempFile image;
        const bool folderOk = step(0, [&](SmokeStep& s) { checkFolder(s); });
        const bool runtimeOk = folderOk && step(1, [&](SmokeStep& s) { loadRuntime(s); });
        const bool loaded = runtimeOk && step(2, [&](SmokeStep& s) { loadGraphs(s); });
        const bool ioOk = loaded && step(3, [&](SmokeStep& s) { checkIo(s); });
        if (ioOk) {
            step(4, [&](SmokeStep& s) { runVision(s); });
            image.path = std::filesystem::temp_directory_path() /
                         ("facet-smoke-" + std::to_string(getpid()) + ".bmp");
            bool written = false;
            step(5, [&](SmokeStep& s) {
                writeBmp(smokeTestImage(), image.path);
                written = true;
                runGenerate(s, image.path);
            });
            if (written) {
                step(6, [&](SmokeStep& s) { runRepeatable(s, image.path); });
                step(7, [&](SmokeStep& s) { runStop(s, image.path); });
            }
            step(8, [&](SmokeStep& s) { summarizeTimings(s); });
        }
        const std::string why = !folderOk    ? "skipped: the folder check failed"
                                : !runtimeOk ? "skipped: no runtime"
                                : !loaded    ? "skipped: the graphs did not load"
                                : !ioOk      ? "skipped: the graphs' inputs or outputs disagree "
                                               "with the configs (running them could read or "
                                               "write past their buffers)"
                                             : "skipped";
        for (SmokeStep& s : report_.steps)
            if (s.status == SmokeStep::Status::Skipped && s.message == "not run")
                s.message = stop_.load() ? "skipped: stopped" : why;
        return std::move(report_);
    }

private:
    template <class Body> bool step(std::size_t index, Body body) {
        SmokeStep& s = report_.steps[index];
        if (stop_.load())
            return false;
        const int count = static_cast<int>(report_.steps.size());
        if (progress_.stepStarted)
            progress_.stepStarted(static_cast<int>(index), count, s);
        const auto start = Clock::now();
        s.status = SmokeStep::Status::Pass;
        s.message.clear();
        try {
            body(s);
        } catch (const StepFailed& f) {
            s.status = SmokeStep::Status::Fail;
            s.message = f.message;
        } catch (const std::exception& e) {
            s.status = SmokeStep::Status::Fail;
            s.message = e.what();
        }
        s.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        if (progress_.stepFinished)
            progress_.stepFinished(static_cast<int>(index), count, s);
        return s.status == SmokeStep::Status::Pass;
    }

    void checkFolder(SmokeStep& s) {
        const auto& dir = options_.modelDir;
        std::error_code ec;
        const model::ModelFolder folder = model::ModelFolder::open(dir);
        auto& f = report_.folder;
        f.directory = dir.string();
        f.name = dir.filename().empty() ? dir.parent_path().filename().string()
                                        : dir.filename().string();
        if (!std::filesystem::is_directory(dir, ec) || folder.files().empty() ||
            !std::filesystem::exists(dir / "rbln_config.json", ec)) {
            report_.folderUnreadable = true;
        }
        for (std::int64_t l : folder.detailLevels())
            f.levels.push_back(static_cast<int>(l));
        for (std::int64_t b : folder.imagePrefillBuckets())
            f.buckets.push_back(static_cast<int>(b));
        f.maxSeqLen = static_cast<int>(folder.maxSeqLen());
        for (const auto& w : folder.warnings())
            s.details.push_back("warning: " + w);
        if (!folder.usable()) {
            std::string all;
            for (const auto& p : folder.problems()) {
                s.details.push_back("problem: " + p);
                all += (all.empty() ? "" : "; ") + p;
            }
            throw StepFailed{dir.string() + " cannot be used: " + all};
        }
        std::string levels;
        for (int l : f.levels)
            levels += (levels.empty() ? "" : ", ") + std::to_string(l);
        const model::FolderLayout layout = model::detectLayout(folder.rblnConfig());
        f.layout = layout.name;
        f.projectorDtype = layout.projectorInputDtype;
        s.message = "levels " + levels + "; " + std::to_string(f.buckets.size()) +
                    " image buckets; max_seq_len " + std::to_string(f.maxSeqLen) + "; layout " +
                    f.layout + " (projector image_features " + f.projectorDtype + ")";
    }

    void loadRuntime(SmokeStep& s) {
        runtimeFile_ = runtimeFor(options_.modelDir, options_.runtimeLibrary);
        const auto runtime = device::RuntimeLibrary::load(runtimeFile_);
        report_.machine.runtimeFile = runtime->file().string();
        report_.machine.runtimeVersion = runtime->version();
        report_.machine.simulated = runtime->isSimulator();
        s.message = runtime->describe();
        s.details.push_back("file: " + runtime->file().string());
        s.details.push_back("version: " + runtime->version());
        s.details.push_back(std::string("rbln_get_last_error_msg: ") +
                            (runtime->api().rbln_get_last_error_msg ? "present" : "absent"));
    }

    void loadGraphs(SmokeStep& s) {
        LoadOptions load;
        load.modelDir = options_.modelDir;
        load.deviceId = options_.deviceId;
        load.runtimeLibrary = runtimeFile_;
        // Every step must run the vision graphs it names (the determinism check runs them
        // twice), so no encoding is taken from the vision cache.
        load.visionCacheBytes = 0;
        engine_ = std::make_shared<EngineImpl>(load, nullptr, stop_);
        const ModelSpec& spec = engine_->spec;
        s.message =
            "opened the graphs of " + std::to_string(spec.levels.size()) +
            " levels (vision + projector), prefill, " + std::to_string(spec.imageBuckets.size()) +
            " image prefill buckets and the decoder on device " + std::to_string(options_.deviceId);
    }

    void checkIo(SmokeStep& s) {
        const GraphIoFindings findings = checkGraphIo(engine_->spec, *engine_->graphs);
        s.details = findings.details;
        for (const auto& p : findings.problems)
            s.details.push_back("problem: " + p);
        if (!findings.problems.empty())
            throw StepFailed{
                findings.problems.front() +
                (findings.problems.size() > 1
                     ? " (and " + std::to_string(findings.problems.size() - 1) + " more)"
                     : "")};
        s.message = std::to_string(findings.details.size()) +
                    " graphs: input counts and output sizes as the runtime reports them, input "
                    "sizes as input_info and the configs imply them, all agree";
    }

    SmokeLevelTiming& timing(int level) {
        for (SmokeLevelTiming& t : report_.timings)
            if (t.level == level)
                return t;
        report_.timings.push_back({});
        report_.timings.back().level = level;
        return report_.timings.back();
    }

    std::vector<int> levelsAscending() const {
        std::vector<int> levels = engine_->spec.levels;
        std::sort(levels.begin(), levels.end());
        return levels;
    }

    void runVision(SmokeStep& s) {
        const std::vector<int> levels = levelsAscending();
        const std::vector<image::PreprocessedImage> images =
            image::preprocessLevels(smokeTestImage(), levels);
        std::vector<std::string> failures;
        for (const image::PreprocessedImage& pre : images) {
            const auto start = Clock::now();
            try {
                const std::vector<std::uint16_t> features = engine_->vision->encode(pre);
                const double ms =
                    std::chrono::duration<double, std::milli>(Clock::now() - start).count();
                const std::size_t want =
                    std::size_t(pre.softTokens) * std::size_t(engine_->spec.hidden);
                if (features.size() != want)
                    throw Error("returned " + std::to_string(features.size()) +
                                " values, expected " + std::to_string(want));
                if (!std::all_of(features.begin(), features.end(), isFiniteBf16))
                    throw Error("the features hold inf or NaN");
                SmokeLevelTiming& t = timing(pre.level);
                t.visionMs = ms;
                t.softTokens = pre.softTokens;
                t.bucket = engine_->spec.bucketFor(pre.softTokens);
                s.details.push_back("level " + std::to_string(pre.level) + ": " +
                                    std::to_string(pre.softTokens) + " soft tokens, " + fixed1(ms) +
                                    " ms");
            } catch (const std::exception& e) {
                failures.push_back("level " + std::to_string(pre.level) + ": " + e.what());
                s.details.push_back(failures.back());
            }
        }
        if (!failures.empty())
            throw StepFailed{failures.front() +
                             (failures.size() > 1
                                  ? " (and " + std::to_string(failures.size() - 1) + " more)"
                                  : "")};
        s.message = std::to_string(images.size()) + " levels on a 640x480 test image";
    }

    void runGenerate(SmokeStep& s, const std::filesystem::path& image) {
        std::vector<std::string> failures;
        for (int level : levelsAscending()) {
            SessionImpl session(engine_);
            Collect sink;
            session.generate(greedyImageRequest(image, level, options_.maxNewTokens), sink, stop_);
            if (sink.error) {
                failures.push_back("level " + std::to_string(level) + ": " + *sink.error);
                s.details.push_back(failures.back());
                continue;
            }
            const Stats& st = *sink.stats;
            SmokeLevelTiming& t = timing(level);
            t.softTokens = st.images.empty() ? 0 : st.images.front().softTokens;
            t.bucket = st.images.empty() ? 0 : st.images.front().bucket;
            t.ttftMs = st.ttftMs;
            t.decodeTokensPerS = st.decodeTokensPerS;
            t.totalMs = st.totalMs;
            t.generatedTokens = st.generatedTokens;
            s.details.push_back("level " + std::to_string(level) + ": " +
                                std::to_string(st.promptTokens) + " prompt tokens, " +
                                std::to_string(st.prefillChunks) + " prefill chunks, " +
                                std::to_string(st.generatedTokens) + " generated (" +
                                toString(st.finishReason) + "), TTFT " + fixed1(st.ttftMs) +
                                " ms, " + fixed1(st.decodeTokensPerS) + " tokens/s");
        }
        if (!failures.empty())
            throw StepFailed{failures.front() +
                             (failures.size() > 1
                                  ? " (and " + std::to_string(failures.size() - 1) + " more)"
                                  : "")};
        s.message = "\"" + std::string(kQuestion) + "\" answered at every level, greedy, up to " +
                    std::to_string(options_.maxNewTokens) + " tokens";
    }

    void runRepeatable(SmokeStep& s, const std::filesystem::path& image) {
        const int level = levelsAscending().front();
        std::vector<LogitTrace> traces(2);
        std::vector<Collect> sinks(2);
        for (int i = 0; i < 2; ++i) {
            SessionImpl session(engine_);
            traces[std::size_t(i)].attach(session);
            session.generate(greedyImageRequest(image, level, options_.maxNewTokens),
                             sinks[std::size_t(i)], stop_);
            if (sinks[std::size_t(i)].error)
                throw StepFailed{"run " + std::to_string(i + 1) + ": " +
                                 *sinks[std::size_t(i)].error};
        }
        if (traces[0].crcs != traces[1].crcs || sinks[0].reply != sinks[1].reply) {
            std::size_t step = 0;
            while (step < traces[0].crcs.size() && step < traces[1].crcs.size() &&
                   traces[0].crcs[step] == traces[1].crcs[step])
                ++step;
            throw StepFailed{"level " + std::to_string(level) +
                             ": the two runs differ from logits step " + std::to_string(step) +
                             " on (replies \"" + sinks[0].reply + "\" and \"" + sinks[1].reply +
                             "\")"};
        }
        s.message = "level " + std::to_string(level) + ": " +
                    std::to_string(sinks[0].stats->generatedTokens) +
                    " tokens and every step's logits identical in two fresh sessions";
    }

    void runStop(SmokeStep& s, const std::filesystem::path& image) {
        const int level = levelsAscending().front();
        constexpr int kLimit = 64;
        std::atomic<bool> stopNow{false};
        Collect sink;
        sink.phaseHook = [&](const PhaseEvent& e) {
            if (e.phase == Phase::Decode)
                stopNow.store(true); // seen after the first decode step
        };
        SessionImpl session(engine_);
        session.generate(greedyImageRequest(image, level, kLimit), sink, stopNow);
        if (sink.error)
            throw StepFailed{*sink.error};
        const Stats& st = *sink.stats;
        if (st.finishReason != FinishReason::Cancelled)
            throw StepFailed{"the request ended with " + std::string(toString(st.finishReason)) +
                             " after " + std::to_string(st.generatedTokens) +
                             " tokens instead of stopping"};
        s.message = "stopped after " + std::to_string(st.generatedTokens) + " of at most " +
                    std::to_string(kLimit) + " tokens; the partial reply was kept";
    }

    void summarizeTimings(SmokeStep& s) {
        std::sort(report_.timings.begin(), report_.timings.end(),
                  [](const auto& a, const auto& b) { return a.level < b.level; });
        if (report_.timings.empty())
            throw StepFailed{"no level produced timings"};
        for (const SmokeLevelTiming& t : report_.timings)
            s.details.push_back(
                "level " + std::to_string(t.level) + ": " + std::to_string(t.softTokens) +
                " soft tokens, bucket " + std::to_string(t.bucket) + ", vision " +
                fixed1(t.visionMs) + " ms, TTFT " + fixed1(t.ttftMs) + " ms, " +
                fixed1(t.decodeTokensPerS) + " tokens/s, total " + fixed1(t.totalMs) + " ms");
        s.details.push_back("device memory: " + report_.machine.deviceMemory);
        s.message = std::to_string(report_.timings.size()) + " levels timed";
    }

    SmokeOptions options_;
    const SmokeProgress& progress_;
    const std::atomic<bool>& stop_;
    SmokeReport report_;
    std::optional<std::filesystem::path> runtimeFile_;
    std::shared_ptr<EngineImpl> engine_;
};

} // namespace

bool SmokeReport::passed() const {
    return std::all_of(steps.begin(), steps.end(),
                       [](const SmokeStep& s) { return s.status == SmokeStep::Status::Pass; });
}

const SmokeStep* SmokeReport::firstFailure() const {
    for (const SmokeStep& s : steps)
        if (s.status == SmokeStep::Status::Fail)
            return &s;
    return nullptr;
}

const char* toString(SmokeStep::Status status) {
    switch (status) {
    case SmokeStep::Status::Pass:
        return "pass";
    case SmokeStep::Status::Fail:
        return "fail";
    case SmokeStep::Status::Skipped:
        return "skipped";
    }
    return "unknown";
}

SmokeReport runSmokeTest(const SmokeOptions& options, const SmokeProgress& progress,
                         const std::atomic<bool>& stop) {
    return Runner(options, progress, stop).run();
}

} // namespace facet::generate
