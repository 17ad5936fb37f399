// bench_compare: a 5-level comparison of one 4000x3000 JPEG in one `facet-cli compare` process
// against five separate `facet-cli ask` processes (one per level), on the demo model (the
// simulator): wall time and the sum of prefilled tokens, plus whether the answers agree.
// The compare process loads the model once, decodes the JPEG once and preprocesses all five
// levels in one pass; each ask process does all of that for its own level.
#include "bench_support.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kLevels[] = {70, 140, 280, 560, 1120};
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
        const int level = askLevel ? askLevel : j.at("level").get<int>();
        if (j.at("type") == "text")
            into.replies[level] += j.at("content").get<std::string>();
        if (j.at("type") == "error")
            throw std::runtime_error("level " + std::to_string(level) + ": " +
                                     j.at("message").get<std::string>());
        if (j.at("type") == "stats") {
            const auto& s = j.at("stats");
            into.prefilled += s.at("tokens_prefilled").get<int>();
            into.prefilledPerLevel[level] = s.at("tokens_prefilled").get<int>();
            into.sharedPreprocessMs = s.value("shared_preprocess_ms", 0.0);
        }
    }
}

} // namespace

int main() {
    try {
        const fs::path work = fs::path(BENCH_DATA_DIR) / "compare";
        fs::create_directories(work);
        const fs::path jpeg = work / "photo_4000x3000.jpg";
        if (!fs::exists(jpeg)) { // the same photo-like picture bench_image uses
            facet::bench::commandOutput(
                std::string(FACET_PYTHON) + " -c " +
                quoted("import sys; sys.path.insert(0, \"" FACET_SOURCE_DIR
                       "/tests/image\"); import image_samples; from PIL import Image; "
                       "Image.fromarray(image_samples.photo(4000, 3000, 60)).save(\"" +
                       jpeg.string() + "\", quality=90)"));
        }
        Outcome compare;
        runJson(std::string(FACET_CLI) + " compare --model " + quoted(FACET_DEMO_MODEL_DIR) +
                    " --image " + quoted(jpeg.string()) +
                    " --levels 70,140,280,560,1120 --greedy --max-new-tokens " +
                    std::to_string(kMaxNewTokens) + " --json " + quoted(kQuestion),
                compare, 0);
        Outcome asks;
        for (int level : kLevels)
            runJson(std::string(FACET_CLI) + " ask --model " + quoted(FACET_DEMO_MODEL_DIR) +
                        " --image " + quoted(jpeg.string() + "@" + std::to_string(level)) +
                        " --greedy --max-new-tokens " + std::to_string(kMaxNewTokens) + " --json " +
                        quoted(kQuestion),
                    asks, level);

        bool same = true;
        for (int level : kLevels)
            same = same && compare.replies[level] == asks.replies[level];
        std::cout << "== 5-level comparison of one 4000x3000 JPEG (demo model on the simulator, "
                     "greedy, "
                  << kMaxNewTokens << " new tokens) ==\n";
        std::printf("%-34s %12s %18s\n", "", "wall ms", "prefilled tokens");
        std::printf("%-34s %12.0f %18d\n", "facet-cli compare (1 process)", compare.wallMs,
                    compare.prefilled);
        std::printf("%-34s %12.0f %18d\n", "facet-cli ask x 5 (5 processes)", asks.wallMs,
                    asks.prefilled);
        std::printf("%-34s %11.2fx %18d\n", "ratio / difference", asks.wallMs / compare.wallMs,
                    asks.prefilled - compare.prefilled);
        std::printf("per level prefilled (compare / ask):");
        for (int level : kLevels)
            std::printf("  %d: %d/%d", level, compare.prefilledPerLevel[level],
                        asks.prefilledPerLevel[level]);
        std::printf("\nshared decode + preprocessing of the 5 levels: %.0f ms; answers equal per "
                    "level: %s\n",
                    compare.sharedPreprocessMs, same ? "yes" : "NO");
        return same ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "bench_compare: " << e.what() << "\n";
        return 2;
    }
}
