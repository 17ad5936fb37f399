// facet-cli sweep: which detail level do these images need? Every image (files, and folders
// searched recursively) x question x level, greedy unless --seed; each run's answer and timings
// appended to OUT/runs.jsonl as it ends (running the same command again goes on where it
// stopped), then OUT/summary.json, OUT/runs.csv and OUT/report.html, and the per-level table
// with the recommendation on stdout: the cheapest level whose answers agree with the
// reference level's (default the highest swept) on --agree of them (engine/sweep/).
// Exit codes: 0 every planned run finished; 1 a usage error, some runs failed (tried again
// next time) or the server failed; 2 an input refused (model folder, questions file,
// runs.jsonl of other settings); 130 stopped by Ctrl+C (what ran is kept and reported).
#include "args.h"
#include "command.h"
#include "event_json.h"
#include "generate/builtin_paths.h"
#include "generate/compare.h"
#include "generate/engine.h"
#include "interrupt.h"
#include "level_args.h"
#include "model/model_folder.h"
#include "remote/remote_engine.h"
#include "sampling_args.h"
#include "sweep/report.h"
#include "sweep/summary.h"
#include "sweep/thumbnail.h"
#include "sweep_progress.h"
#include "sweep_runner.h"
#include "terminal_text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>

namespace {

using namespace facet::generate;
using facet::cli::UsageError;
namespace fs = std::filesystem;

const char* const kUsage =
    "sweep --images DIR|FILE... --question TEXT [--question TEXT]... [--questions FILE] "
    "[--levels 70,280,1120] [--reference LEVEL] [--model DIR | --server URL [--served-model "
    "NAME] [--parallel N]] [--device N] [--seed N | --greedy] [--max-new-tokens N] "
    "[--no-repetition-guard] [--agree 0.95] [--json] --out DIR";

std::vector<std::string> readQuestions(const facet::cli::Args& args) {
    std::vector<std::string> questions = args.values("question");
    if (const auto file = args.value("questions")) {
        std::ifstream in(*file);
        if (!in)
            throw facet::fileError(*file, "cannot read the questions");
        std::string line;
        while (std::getline(in, line)) {
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            // One question a line; blank lines and "# comments" are not questions.
            if (line.find_first_not_of(" \t") == std::string::npos || line.front() == '#')
                continue;
            questions.push_back(line);
        }
    }
    std::vector<std::string> unique;
    for (const std::string& q : questions)
        if (std::find(unique.begin(), unique.end(), q) == unique.end())
            unique.push_back(q);
    if (unique.empty())
        throw UsageError("no question: give --question TEXT or --questions FILE");
    return unique;
}

std::string fixed(double v, int digits) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
    return buffer;
}

void printSummaryTable(const facet::sweep::SweepSummary& s) {
    std::vector<std::vector<std::string>> rows{{"level", "runs", "agreement", "differing words",
                                                "median TTFT ms", "p95 TTFT ms", "image tokens",
                                                "ms a run", "total s", "errors"}};
    for (const auto& l : s.levels)
        rows.push_back(
            {std::to_string(l.level) + (l.level == s.reference ? " (ref)" : ""),
             std::to_string(l.runs),
             l.compared ? fixed(l.agreement * 100, 1) + "% (" + std::to_string(l.agreeing) + "/" +
                              std::to_string(l.compared) + ")"
                        : "-",
             l.compared ? fixed(l.meanDifferingWords * 100, 1) + "%" : "-",
             fixed(l.medianTtftMs, 1), fixed(l.p95TtftMs, 1), fixed(l.meanImageTokens, 0),
             fixed(l.meanTotalMs, 1), fixed(l.totalMs / 1000, 1), std::to_string(l.errors)});
    std::vector<std::size_t> width(rows.front().size(), 0);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i)
            width[i] = std::max(width[i], row[i].size());
    for (const auto& row : rows) {
        for (std::size_t i = 0; i < row.size(); ++i)
            std::cout << (i ? "  " : "") << std::string(width[i] - row[i].size(), ' ') << row[i];
        std::cout << "\n";
    }
    std::cout << "\n"
              << (s.recommendation.level ? "recommendation: " : "no recommendation: ")
              << facet::cli::terminalSafe(s.recommendation.text) << "\n";
}

int runSweep(const std::vector<std::string>& argv) {
    const facet::cli::Args args(argv,
                                {"images", "question", "questions", "levels", "reference", "model",
                                 "server", "served-model", "device", "seed", "max-new-tokens",
                                 "agree", "parallel", "out"},
                                {"greedy", "json", "no-repetition-guard"}, {"images", "question"});
    // `--images DIR FILE...`: the words after --images that are not options are images too.
    std::vector<fs::path> inputs;
    for (const std::string& p : args.values("images"))
        inputs.emplace_back(p);
    for (const std::string& p : args.positionals())
        inputs.emplace_back(p);
    if (inputs.empty())
        throw UsageError("no images: give --images DIR|FILE...");
    if (!args.value("out"))
        throw UsageError("--out DIR is needed (runs.jsonl and the report go there)");
    const bool onServer = args.value("server").has_value();
    if (onServer && args.value("model"))
        throw UsageError("--model and --server exclude each other");
    if (onServer && args.flag("no-repetition-guard"))
        throw UsageError("--no-repetition-guard: a server decides that for itself");
    const int parallel = static_cast<int>(args.intValue("parallel", 1));
    if (parallel < 1 || parallel > 64)
        throw UsageError("--parallel must be 1 to 64");
    if (parallel > 1 && !onServer)
        throw UsageError("--parallel needs --server: a local device runs one request at a time");
    double threshold = 0.95;
    if (const auto a = args.value("agree")) {
        try {
            std::size_t used = 0;
            threshold = std::stod(*a, &used);
            if (used != a->size())
                throw std::invalid_argument(*a);
        } catch (const std::exception&) {
            throw UsageError("--agree '" + *a + "' is not a number");
        }
        if (!(threshold > 0 && threshold <= 1))
            throw UsageError("--agree must be a fraction above 0 and at most 1 (0.95: 95 %)");
    }
    std::vector<int> levels = facet::cli::parseLevels(args.value("levels").value_or("70,280,1120"));
    std::sort(levels.begin(), levels.end());
    if (std::adjacent_find(levels.begin(), levels.end()) != levels.end())
        throw UsageError("--levels: a level is named twice");
    if (levels.size() > 5)
        throw UsageError("--levels: at most the five detail levels");
    const int reference = args.value("reference")
                              ? facet::cli::parseLevel(*args.value("reference"), "--reference")
                              : levels.back();
    if (std::find(levels.begin(), levels.end(), reference) == levels.end())
        throw UsageError("--reference " + std::to_string(reference) +
                         " is not one of the swept --levels");
    const std::vector<std::string> questions = readQuestions(args);

    SamplingSettings sampling;
    facet::sweep::SweepSettings settings;
    std::unique_ptr<Engine> engine;
    std::unique_ptr<facet::remote::RemoteEngine> server;
    facet::cli::InterruptStops interrupt;
    if (onServer) {
        facet::remote::ConnectOptions options;
        options.url = *args.value("server");
        options.servedModel = args.value("served-model");
        server = facet::remote::RemoteEngine::connect(options, interrupt.flag());
        sampling = server->defaultSampling();
        settings.source = server->displayBase() + " (" + server->info().name + ")";
    } else {
        const fs::path modelDir = args.value("model").value_or(builtinDemoModelDir().string());
        // The levels are checked against the folder before anything touches the device.
        const auto folder = facet::model::ModelFolder::open(modelDir);
        if (!folder.usable()) {
            for (const auto& p : folder.problems())
                std::cerr << "facet-cli sweep: " << facet::cli::terminalSafe(p) << "\n";
            return 2;
        }
        std::vector<int> compiled;
        for (std::int64_t l : folder.detailLevels())
            compiled.push_back(static_cast<int>(l));
        for (int l : levels)
            if (std::find(compiled.begin(), compiled.end(), l) == compiled.end())
                throw UsageError("--levels: " + std::to_string(l) + " is not compiled into " +
                                 modelDir.string());
        LoadOptions options;
        options.modelDir = modelDir;
        options.deviceId = static_cast<int>(args.intValue("device", 0));
        engine = Engine::load(options, {}, interrupt.flag());
        sampling = engine->defaultSampling();
        settings.source = fs::weakly_canonical(modelDir).string();
    }
    // Greedy unless a seed is given: a sweep asks what each level can see, not what it may draw.
    sampling.doSample = false;
    facet::cli::applySamplingArgs(args, sampling);
    settings.sampling = sampling.doSample ? "seed " + std::to_string(*sampling.seed) : "greedy";
    settings.maxNewTokens = sampling.maxNewTokens;
    settings.repetitionGuard = sampling.stopOnRepetition;

    const fs::path out = *args.value("out");
    fs::create_directories(out);
    auto log = facet::sweep::RunLog::open(out / "runs.jsonl", settings);
    if (log.droppedBytes())
        std::cerr << "facet-cli sweep: " << (out / "runs.jsonl").string() << ": dropped a torn "
                  << "last line (" << log.droppedBytes() << " bytes) of an interrupted run\n";

    const facet::sweep::FoundImages found = facet::sweep::findImages(inputs);
    std::set<facet::sweep::RunKey> done;
    for (const auto& r : log.runs())
        if (r.done())
            done.insert(r.key);
    std::vector<facet::cli::SweepJob> jobs;
    std::size_t planned = 0;
    std::size_t alreadyDone = 0;
    for (const fs::path& image : found.images)
        for (const std::string& q : questions) {
            facet::cli::SweepJob job{image.string(), q, {}};
            for (int level : levels) {
                ++planned;
                if (done.count({job.image, q, level}))
                    ++alreadyDone;
                else
                    job.levels.push_back(level);
            }
            if (!job.levels.empty())
                jobs.push_back(std::move(job));
        }

    const bool jsonOut = args.flag("json");
    facet::cli::SweepProgress progress(planned, alreadyDone, jsonOut);
    progress.event({{"type", "start"},
                    {"images", found.images.size()},
                    {"questions", questions},
                    {"levels", levels},
                    {"reference", reference},
                    {"planned_runs", planned},
                    {"already_done", alreadyDone},
                    {"out", out.string()}});
    for (const auto& s : found.skipped)
        progress.skipped(s);
    if (!jsonOut && alreadyDone)
        std::cerr << "facet-cli sweep: " << alreadyDone << " of " << planned << " runs already in "
                  << (out / "runs.jsonl").string() << "; going on\n";

    facet::cli::RunRecorder recorder(log, progress, reference);
    if (server)
        facet::cli::runRemoteSweep(*server, sampling, jobs, parallel, recorder, interrupt.flag());
    else
        facet::cli::runLocalSweep(*engine, sampling, jobs, recorder, interrupt.flag());
    progress.finish();
    const bool stopped = interrupt.flag().load();

    // The results of this command's plan (runs.jsonl may also hold other images or levels).
    facet::sweep::SweepResults results;
    results.settings = settings;
    results.levels = levels;
    results.reference = reference;
    results.threshold = threshold;
    results.questions = questions;
    results.skipped = found.skipped;
    std::set<std::string> dropped;
    for (const auto& s : recorder.skippedDuringRuns()) {
        results.skipped.push_back(s);
        dropped.insert(s.path);
    }
    std::set<std::string> images;
    for (const fs::path& p : found.images)
        if (!dropped.count(p.string()))
            images.insert(p.string());
    results.images = images.size();
    results.plannedRuns = images.size() * questions.size() * levels.size();
    const std::set<std::string> questionSet(questions.begin(), questions.end());
    const std::set<int> levelSet(levels.begin(), levels.end());
    bool failures = false;
    for (const auto& r : facet::sweep::latest(log.runs()))
        if (images.count(r.key.image) && questionSet.count(r.key.question) &&
            levelSet.count(r.key.level)) {
            results.runs.push_back(r);
            failures = failures || !r.done();
        }
    results.summary = facet::sweep::summarize(results.runs, levels, reference, threshold);

    const auto thumbnail = [](const std::string& image) {
        try {
            return facet::sweep::thumbnailDataUri(image);
        } catch (const std::exception&) {
            return std::string(); // the report shows the pair without a picture
        }
    };
    const nlohmann::json summary = facet::sweep::summaryJson(results);
    facet::sweep::writeFileAtomically(out / "summary.json", summary.dump(2) + "\n");
    facet::sweep::writeFileAtomically(out / "runs.csv", facet::sweep::runsCsv(results));
    facet::sweep::writeFileAtomically(out / "report.html",
                                      facet::sweep::reportHtml(results, thumbnail));
    if (jsonOut) {
        nlohmann::json event = summary;
        event["type"] = "summary";
        event["files"] = {(out / "runs.jsonl").string(), (out / "summary.json").string(),
                          (out / "runs.csv").string(), (out / "report.html").string()};
        event["stopped"] = stopped;
        facet::cli::printJsonLine(event);
    } else {
        printSummaryTable(results.summary);
        std::cout << "wrote " << facet::cli::terminalSafe((out / "report.html").string())
                  << " (and summary.json, runs.csv, runs.jsonl)\n";
        if (stopped)
            std::cout << "stopped: run the same command again to go on\n";
    }
    if (stopped)
        return 130;
    return failures ? 1 : 0;
}

// A server's failure (unreachable, refused) is exit code 1, as for `ask --server`; bad
// arguments and files stay with main.cpp's codes.
int runSweepCommand(const std::vector<std::string>& argv) {
    try {
        return runSweep(argv);
    } catch (const facet::remote::ServerError& e) {
        std::cerr << "facet-cli sweep: " << facet::cli::terminalSafe(e.what()) << "\n";
        return 1;
    }
}

const facet::cli::Registration sweepRegistration{"sweep", kUsage, &runSweepCommand};

} // namespace
