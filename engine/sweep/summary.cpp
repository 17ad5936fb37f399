#include "sweep/summary.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace facet::sweep {
namespace {

double median(std::vector<double> v) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Nearest rank: the smallest value with at least p of the values at or below it.
double percentile(std::vector<double> v, double p) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(v.size())));
    return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
}

std::string percentText(double fraction) {
    char buffer[32];
    const double pct = fraction * 100;
    // Whole percents when exact, else one decimal: 94.6 % must not read as a threshold's 95 %.
    std::snprintf(buffer, sizeof buffer,
                  std::fabs(pct - std::round(pct)) < 1e-9 ? "%.0f%%" : "%.1f%%", pct);
    return buffer;
}

} // namespace

std::string timesText(double a, double b) {
    if (a <= 0)
        return "?×";
    const double r = b / a;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, std::fabs(r - std::round(r)) < 0.05 ? "%.0f×" : "%.1f×",
                  r);
    return buffer;
}

std::string secondsText(double ms) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, ms < 10'000 ? "%.1f s" : "%.0f s", ms / 1000);
    return buffer;
}

std::optional<Agreement> agreementWith(const RunRecord& run, const RunRecord* reference) {
    if (!run.done() || !reference || !reference->done())
        return std::nullopt;
    return compareAnswers(reference->answer, run.answer);
}

SweepSummary summarize(const std::vector<RunRecord>& runs, const std::vector<int>& levels,
                       int reference, double threshold) {
    std::map<std::pair<std::string, std::string>, const RunRecord*> refs;
    for (const RunRecord& r : runs)
        if (r.key.level == reference)
            refs[{r.key.image, r.key.question}] = &r;

    SweepSummary out;
    out.reference = reference;
    out.threshold = threshold;
    std::vector<int> sorted = levels;
    std::sort(sorted.begin(), sorted.end());
    for (int level : sorted) {
        LevelSummary s;
        s.level = level;
        std::vector<double> ttfts;
        double differing = 0;
        double imageTokens = 0;
        for (const RunRecord& r : runs) {
            if (r.key.level != level)
                continue;
            if (!r.done()) {
                ++s.errors;
                continue;
            }
            ++s.runs;
            ttfts.push_back(r.ttftMs);
            imageTokens += r.softTokens;
            s.totalMs += r.totalMs;
            const auto ref = refs.find({r.key.image, r.key.question});
            if (const auto a = agreementWith(r, ref == refs.end() ? nullptr : ref->second)) {
                ++s.compared;
                s.agreeing += a->same ? 1 : 0;
                differing += a->differingWords;
            }
        }
        if (s.compared) {
            s.agreement = static_cast<double>(s.agreeing) / s.compared;
            s.meanDifferingWords = differing / s.compared;
        }
        if (s.runs) {
            s.meanImageTokens = imageTokens / s.runs;
            s.meanTotalMs = s.totalMs / s.runs;
        }
        s.medianTtftMs = median(ttfts);
        s.p95TtftMs = percentile(ttfts, 0.95);
        out.levels.push_back(s);
    }

    Recommendation& rec = out.recommendation;
    rec.reference = reference;
    rec.threshold = threshold;
    const auto refIt = std::find_if(out.levels.begin(), out.levels.end(),
                                    [&](const LevelSummary& s) { return s.level == reference; });
    if (refIt == out.levels.end() || refIt->runs == 0) {
        rec.text = "No finished run at the reference level " + std::to_string(reference) +
                   ": nothing to compare with.";
        return out;
    }
    const LevelSummary& ref = *refIt;
    std::vector<const LevelSummary*> candidates;
    for (const LevelSummary& s : out.levels)
        if (s.level != reference && s.compared > 0 && s.meanImageTokens <= ref.meanImageTokens)
            candidates.push_back(&s);
    std::sort(candidates.begin(), candidates.end(), [](const auto* a, const auto* b) {
        return a->meanImageTokens != b->meanImageTokens ? a->meanImageTokens < b->meanImageTokens
                                                        : a->level < b->level;
    });
    const std::string refName = std::to_string(reference);
    for (const LevelSummary* s : candidates) {
        if (s->agreement + 1e-12 < threshold)
            continue;
        rec.level = s->level;
        rec.text = std::to_string(s->level) + " agrees with " + refName + " on " +
                   percentText(s->agreement) + " of " + std::to_string(s->compared) +
                   " answers (threshold " + percentText(threshold) + ") with " +
                   timesText(s->meanImageTokens, ref.meanImageTokens) +
                   " fewer image tokens, first token " + secondsText(s->medianTtftMs) +
                   " instead of " + secondsText(ref.medianTtftMs) + " (median), " +
                   secondsText(s->meanTotalMs) + " instead of " + secondsText(ref.meanTotalMs) +
                   " a run.";
        return out;
    }
    if (candidates.empty()) {
        rec.text = "No level cheaper than " + refName + " was compared with it.";
        return out;
    }
    const auto best =
        std::max_element(candidates.begin(), candidates.end(),
                         [](const auto* a, const auto* b) { return a->agreement < b->agreement; });
    rec.text = "No level cheaper than " + refName + " agrees with it on " + percentText(threshold) +
               " of the answers (best: " + std::to_string((*best)->level) + " at " +
               percentText((*best)->agreement) + "); keep " + refName + ".";
    return out;
}

nlohmann::json summaryToJson(const SweepSummary& summary) {
    nlohmann::json levels = nlohmann::json::array();
    for (const LevelSummary& s : summary.levels)
        levels.push_back({{"level", s.level},
                          {"runs", s.runs},
                          {"errors", s.errors},
                          {"compared", s.compared},
                          {"agreeing", s.agreeing},
                          {"agreement", s.agreement},
                          {"mean_differing_words", s.meanDifferingWords},
                          {"median_ttft_ms", s.medianTtftMs},
                          {"p95_ttft_ms", s.p95TtftMs},
                          {"mean_image_tokens", s.meanImageTokens},
                          {"mean_total_ms", s.meanTotalMs},
                          {"total_ms", s.totalMs}});
    const Recommendation& r = summary.recommendation;
    return {{"reference", summary.reference},
            {"threshold", summary.threshold},
            {"levels", levels},
            {"recommendation",
             {{"level", r.level ? nlohmann::json(*r.level) : nlohmann::json(nullptr)},
              {"reference", r.reference},
              {"threshold", r.threshold},
              {"text", r.text}}}};
}

std::optional<CheapestAgreeing> cheapestAgreeing(const std::vector<ComparedLevel>& finished) {
    if (finished.size() < 2)
        return std::nullopt;
    std::vector<ComparedLevel> sorted = finished;
    std::sort(sorted.begin(), sorted.end(),
              [](const auto& a, const auto& b) { return a.level < b.level; });
    CheapestAgreeing out;
    out.highest = sorted.back();
    const std::string high = std::to_string(out.highest.level);
    for (std::size_t i = 0; i + 1 < sorted.size(); ++i) {
        const ComparedLevel& c = sorted[i];
        if (!compareAnswers(out.highest.answer, c.answer).same)
            continue;
        out.level = c;
        out.text = std::to_string(c.level) + " gives the same answer as " + high + " with " +
                   timesText(c.imageTokens, out.highest.imageTokens) +
                   " fewer image tokens, first token " + secondsText(c.ttftMs) + " instead of " +
                   secondsText(out.highest.ttftMs);
        return out;
    }
    out.text = "no lower level gives the same answer as " + high;
    return out;
}

} // namespace facet::sweep
