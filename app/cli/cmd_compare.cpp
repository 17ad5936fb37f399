// facet-cli compare: one question about images answered once per detail level (every image of
// the turn at that level), one column after another from the same seed; prints each level's
// answer and a table of the columns' statistics, or with --json the events of `ask --json`,
// each with a "level" field, and one stats event per level (with "seed" when sampling).
#include "args.h"
#include "command.h"
#include "event_json.h"
#include "generate/builtin_paths.h"
#include "generate/compare.h"
#include "generate/engine.h"
#include "model/model_folder.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace {

using namespace facet::generate;

std::atomic<bool> g_stop{false};

extern "C" void onCompareInterrupt(int) {
    g_stop.store(true);
}

struct Column {
    int level = 0;
    std::string reply;
    std::optional<Stats> stats;
    std::optional<std::string> error;
};

class CliCompareSink : public CompareSink {
public:
    CliCompareSink(bool json, std::size_t count) : columns(count), json_(json) {}
    std::vector<Column> columns;

    void onColumnStarted(int column, int level, std::optional<std::uint64_t> seed) override {
        columns[std::size_t(column)].level = level;
        seed_ = seed;
        if (!json_) {
            std::cout << (column ? "\n" : "") << "== detail level " << level;
            if (seed)
                std::cout << " (seed " << *seed << ")";
            std::cout << " ==\n" << std::flush;
        }
    }
    void onPhase(int column, const PhaseEvent& e) override {
        if (json_)
            print(column, facet::cli::phaseEventJson(e));
    }
    void onText(int column, std::string_view content, std::string_view reasoning) override {
        if (json_)
            print(column, facet::cli::textEventJson(content, reasoning));
        else
            std::cout << content << std::flush;
    }
    void onFinished(int column, const Stats& s, const std::string& reply) override {
        columns[std::size_t(column)].stats = s;
        columns[std::size_t(column)].reply = reply;
        if (json_)
            print(column, facet::cli::statsEventJson(s));
        else
            std::cout << "\n";
    }
    void onError(int column, const std::string& message, const Stats& s) override {
        columns[std::size_t(column)].stats = s;
        columns[std::size_t(column)].error = message;
        if (json_)
            print(column, facet::cli::errorEventJson(message, s));
        else
            std::cout << "error: " << message << "\n";
    }

private:
    void print(int column, nlohmann::json j) const {
        const int level = columns[std::size_t(column)].level;
        j["level"] = level;
        if (j.contains("stats"))
            j["stats"]["level"] = level;
        if (seed_ && j["type"] == "stats") // the one seed of every column (drawn when not given)
            j["seed"] = *seed_;
        facet::cli::printJsonLine(j);
    }
    bool json_;
    std::optional<std::uint64_t> seed_;
};

std::string joined(const std::vector<ImageStats>& images, int ImageStats::*field) {
    std::string text;
    for (const ImageStats& i : images)
        text += (text.empty() ? "" : "+") + std::to_string(i.*field);
    return text.empty() ? "-" : text;
}

std::string fixed(double v, int digits) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
    return buffer;
}

void printTable(const std::vector<Column>& columns, std::size_t turnImages) {
    const std::vector<std::string> head = {"level",    "soft tokens", "bucket", "prompt", "TTFT ms",
                                           "tokens/s", "total ms",    "finish", "reused"};
    std::vector<std::vector<std::string>> rows{head};
    for (const Column& c : columns) {
        const Stats s = c.stats.value_or(Stats{});
        // The images of this turn are the last ones of the prompt (history images come first).
        const std::vector<ImageStats> turn(
            s.images.end() - static_cast<std::ptrdiff_t>(std::min(turnImages, s.images.size())),
            s.images.end());
        rows.push_back({std::to_string(c.level), joined(turn, &ImageStats::softTokens),
                        joined(turn, &ImageStats::bucket), std::to_string(s.promptTokens),
                        fixed(s.ttftMs, 1), fixed(s.decodeTokensPerS, 1), fixed(s.totalMs, 1),
                        toString(s.finishReason), std::to_string(s.reusedTokens)});
    }
    std::vector<std::size_t> width(head.size(), 0);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i)
            width[i] = std::max(width[i], row[i].size());
    std::cout << "\n";
    for (const auto& row : rows) {
        for (std::size_t i = 0; i < row.size(); ++i)
            std::cout << (i ? "  " : "") << std::string(width[i] - row[i].size(), ' ') << row[i];
        std::cout << "\n";
    }
}

std::vector<int> parseLevels(const std::string& text) {
    std::vector<int> levels;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        try {
            std::size_t used = 0;
            const int v = std::stoi(item, &used);
            if (used == item.size() && v > 0) {
                levels.push_back(v);
                continue;
            }
        } catch (const std::exception&) {
        }
        throw facet::cli::UsageError("--levels: '" + item +
                                     "' is not a detail level (70, 140, 280, 560 or 1120)");
    }
    return levels;
}

int run(const std::vector<std::string>& argv) {
    const facet::cli::Args args(argv,
                                {"model", "device", "image", "levels", "seed", "max-new-tokens"},
                                {"greedy", "json"}, {"image"});
    if (args.positionals().size() != 1)
        throw facet::cli::UsageError("expected exactly one QUESTION");
    if (args.values("image").empty())
        throw facet::cli::UsageError("at least one --image is needed to compare detail levels");
    if (args.flag("greedy") && args.value("seed"))
        throw facet::cli::UsageError("--seed and --greedy exclude each other");
    const std::filesystem::path modelDir =
        args.value("model").value_or(builtinDemoModelDir().string());

    // The levels are checked against the folder before anything touches the device.
    const auto folder = facet::model::ModelFolder::open(modelDir);
    if (!folder.usable()) {
        for (const auto& p : folder.problems())
            std::cerr << "facet-cli compare: " << p << "\n";
        return 2;
    }
    std::vector<int> compiled;
    for (std::int64_t l : folder.detailLevels())
        compiled.push_back(static_cast<int>(l));
    std::sort(compiled.begin(), compiled.end());
    const std::vector<int> levels =
        args.value("levels") ? parseLevels(*args.value("levels")) : compiled;
    if (const auto problem = compareLevelsProblem(levels, compiled)) {
        std::cerr << "facet-cli compare: " << *problem << "\n";
        return 2;
    }

    LoadOptions options;
    options.modelDir = modelDir;
    options.deviceId = static_cast<int>(args.intValue("device", 0));
    const std::atomic<bool> neverStop{false};
    const auto engine = Engine::load(options, {}, neverStop);

    CompareRequest request;
    request.levels = levels;
    Request& r = request.request;
    r.sampling = engine->defaultSampling();
    if (args.flag("greedy"))
        r.sampling.doSample = false;
    if (args.value("seed"))
        r.sampling.seed = static_cast<std::uint64_t>(args.intValue("seed", 0));
    r.sampling.maxNewTokens =
        static_cast<int>(args.intValue("max-new-tokens", r.sampling.maxNewTokens));
    for (const std::string& path : args.values("image"))
        r.newUserTurn.push_back({UserPart::Kind::Image, {}, {path, levels.front()}});
    r.newUserTurn.push_back({UserPart::Kind::Text, args.positionals().front(), {}});

    const bool json = args.flag("json");
    CliCompareSink sink(json, levels.size());
    std::signal(SIGINT, onCompareInterrupt);
    engine->createSession()->compare(request, sink, g_stop);
    std::signal(SIGINT, SIG_DFL);
    if (!json)
        printTable(sink.columns, args.values("image").size());
    for (const Column& c : sink.columns)
        if (c.error)
            return 2;
    return 0;
}

const facet::cli::Registration reg{
    "compare",
    "compare [--model DIR] [--device N] --image PATH [--image PATH]... [--levels 70,280,1120] "
    "[--seed N | --greedy] [--max-new-tokens N] [--json] QUESTION",
    &run};

} // namespace
