#pragma once
// What a level sweep found: per level how often its answer agrees with the reference level's
// answer to the same image and question (agreement.h), its first-token times and image
// tokens, and the recommendation — the cheapest level whose agreement reaches the threshold,
// with what it saves against the reference. Also the one-line verdict of `facet-cli compare`
// (the lowest level that gives the highest one's answer), by the same agreement rule.
#include "sweep/agreement.h"
#include "sweep/run_log.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace facet::sweep {

struct LevelSummary {
    int level = 0;
    int runs = 0;                  // finished runs at this level
    int errors = 0;                // failed runs (not in the numbers below)
    int compared = 0;              // runs whose image and question have a finished reference run
    int agreeing = 0;              // of those, answers equal to the reference's after normalising
    double agreement = 0;          // agreeing / compared (0 when nothing was compared)
    double meanDifferingWords = 0; // mean word-diff fraction over the compared runs
    double medianTtftMs = 0;
    double p95TtftMs = 0; // nearest rank
    double meanImageTokens = 0;
    double meanTotalMs = 0;
    double totalMs = 0; // all runs at this level together
};

struct Recommendation {
    std::optional<int> level; // the cheapest level below the reference that reaches it
    int reference = 0;
    double threshold = 0;
    std::string text; // a sentence for people, also when no level reaches the threshold
};

struct SweepSummary {
    int reference = 0;
    double threshold = 0;
    std::vector<LevelSummary> levels; // ascending
    Recommendation recommendation;
};

// The agreement of `run` with the reference run of its image and question, when that finished.
[[nodiscard]] std::optional<Agreement> agreementWith(const RunRecord& run,
                                                     const RunRecord* reference);

// `runs`: one record per key (latest()); `levels` the swept levels; `reference` one of them.
// Cheaper means fewer mean image tokens (ties: the lower level); only levels cheaper than the
// reference and with at least one compared run are candidates.
[[nodiscard]] SweepSummary summarize(const std::vector<RunRecord>& runs,
                                     const std::vector<int>& levels, int reference,
                                     double threshold);

[[nodiscard]] nlohmann::json summaryToJson(const SweepSummary& summary);

// "4×", "2.5×": how many times fewer (b / a), one decimal unless whole.
[[nodiscard]] std::string timesText(double a, double b);
// "0.4 s", "2.4 s", "12 s".
[[nodiscard]] std::string secondsText(double ms);

// One column of a comparison, for compare's verdict.
struct ComparedLevel {
    int level = 0;
    std::string answer;
    int imageTokens = 0;
    double ttftMs = 0;
};

struct CheapestAgreeing {
    std::optional<ComparedLevel> level; // the lowest level agreeing with the highest one
    ComparedLevel highest;
    // "280 gives the same answer as 1120 with 4× fewer image tokens, first token 0.4 s instead
    // of 2.4 s", or "no lower level gives the same answer as 1120".
    std::string text;
};

// Nothing when fewer than two columns finished.
[[nodiscard]] std::optional<CheapestAgreeing>
cheapestAgreeing(const std::vector<ComparedLevel>& finished);

} // namespace facet::sweep
