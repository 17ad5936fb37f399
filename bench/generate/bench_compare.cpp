// bench_compare: a 5-level comparison of one 4000x3000 JPEG in one `facet-cli compare` process
// against five separate `facet-cli ask` processes (one per level), on the demo model (the
// simulator): wall time and the sum of prefilled tokens, plus whether the answers agree.
// The compare process loads the model once, decodes the JPEG once and preprocesses all five
// levels in one pass; each ask process does all of that for its own level.
//
// usage: bench_compare_run PYTHON SOURCE_DIR FACET_CLI DEMO_MODEL_DIR DATA_DIR [--smoke]
// --smoke: a 640x480 photo at levels 70 and 140 (the bench-smoke ctest).
#include "bench_support.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr const char* kQuestion = "What is in this photo?";
constexpr int kMaxNewTokens = 8;

std::string quoted(const std::string& s) {
    return "'" + s + "'";
}

struct Outcome {
    double wallMs = 0;
    int prefilled = 0;
    std::map<int, std::string> replies;   // level -> reply text
    std::map<int, int> prefilledPerLevel; // level -> tokens_prefilled
    double sharedPreprocessMs = 0;
};

// Runs a facet-cli command with --json and adds its text and stats events to `into`; `askLevel`
// names the level of an ask process (compare events carry their own "level").
void runJson(const std::string& command, Outcome& into, int askLevel) {
    const auto start = Clock::now();
    const std::string out = facet::bench::commandOutput(command);
    into.wallMs += std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    std::istringstream lines(out);
    std::string line;
    while (std::getline(lines, line)) {
        const auto j = nlohmann::json::parse(line);
        const std::string type = j.at("type");
        // Phases and the comparison's summary (`cheapest_agreeing`, whose level may be null)
        // are not what this bench counts.
        if (type != "text" && type != "error" && type != "stats")
            continue;
        const int level = askLevel ? askLevel : j.at("level").get<int>();
        if (type == "text")
            into.replies[level] += j.at("content").get<std::string>();
        if (type == "error")
            throw std::runtime_error("level " + std::to_string(level) + ": " +
                                     j.at("message").get<std::string>());
        if (type == "stats") {
            const auto& s = j.at("stats");
            into.prefilled += s.at("tokens_prefilled").get<int>();
            into.prefilledPerLevel[level] = s.at("tokens_prefilled").get<int>();
            into.sharedPreprocessMs = s.value("shared_preprocess_ms", 0.0);
        }
    }
}

} // namespace

int main(int argc, char** argv) {
    const facet::bench::Args args(
        argc, argv, "bench_compare_run PYTHON SOURCE_DIR FACET_CLI DEMO_MODEL_DIR DATA_DIR", 5);
    const std::string& python = args[0];
    const std::string& sourceDir = args[1];
    const std::string& cli = args[2];
    const std::string& model = args[3];
    const std::vector<int> levels =
        args.smoke ? std::vector<int>{70, 140} : std::vector<int>{70, 140, 280, 560, 1120};
    const int width = args.smoke ? 640 : 4000, height = args.smoke ? 480 : 3000;
    try {
        const fs::path work = fs::path(args[4]) / "compare";
        fs::create_directories(work);
        const std::string size = std::to_string(width) + "x" + std::to_string(height);
        const fs::path jpeg = work / ("photo_" + size + ".jpg");
        if (!fs::exists(jpeg)) { // the same photo-like picture bench_image uses
            facet::bench::commandOutput(
                quoted(python) + " -c " +
                quoted("import sys; sys.path.insert(0, \"" + sourceDir +
                       "/tests/image\"); import image_samples; from PIL import Image; "
                       "Image.fromarray(image_samples.photo(" +
                       std::to_string(width) + ", " + std::to_string(height) + ", 60)).save(\"" +
                       jpeg.string() + "\", quality=90)"));
        }
        std::string levelList;
        for (int level : levels)
            levelList += (levelList.empty() ? "" : ",") + std::to_string(level);
        Outcome compare;
        runJson(quoted(cli) + " compare --model " + quoted(model) + " --image " +
                    quoted(jpeg.string()) + " --levels " + levelList +
                    " --greedy --max-new-tokens " + std::to_string(kMaxNewTokens) + " --json " +
                    quoted(kQuestion),
                compare, 0);
        Outcome asks;
        for (int level : levels)
            runJson(quoted(cli) + " ask --model " + quoted(model) + " --image " +
                        quoted(jpeg.string() + "@" + std::to_string(level)) +
                        " --greedy --max-new-tokens " + std::to_string(kMaxNewTokens) + " --json " +
                        quoted(kQuestion),
                    asks, level);

        bool same = true;
        for (int level : levels)
            same = same && compare.replies[level] == asks.replies[level];
        std::cout << "== " << levels.size() << "-level comparison of one " << size
                  << " JPEG (demo model on the simulator, greedy, " << kMaxNewTokens
                  << " new tokens) ==\n";
        std::printf("%-34s %12s %18s\n", "", "wall ms", "prefilled tokens");
        std::printf("%-34s %12.0f %18d\n", "facet-cli compare (1 process)", compare.wallMs,
                    compare.prefilled);
        const std::string askRow = "facet-cli ask x " + std::to_string(levels.size()) + " (" +
                                   std::to_string(levels.size()) + " processes)";
        std::printf("%-34s %12.0f %18d\n", askRow.c_str(), asks.wallMs, asks.prefilled);
        std::printf("%-34s %11.2fx %18d\n", "ratio / difference", asks.wallMs / compare.wallMs,
                    asks.prefilled - compare.prefilled);
        std::printf("per level prefilled (compare / ask):");
        for (int level : levels)
            std::printf("  %d: %d/%d", level, compare.prefilledPerLevel[level],
                        asks.prefilledPerLevel[level]);
        std::printf("\nshared decode + preprocessing of the %zu levels: %.0f ms; answers equal per "
                    "level: %s\n",
                    levels.size(), compare.sharedPreprocessMs, same ? "yes" : "NO");
        return same ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "bench_compare: " << e.what() << "\n";
        return 2;
    }
}
