#include "compare_sink.h"

#include "sweep/summary.h"

#include <algorithm>
#include <cstdio>

namespace facet::cli {

using generate::ImageStats;

namespace {

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

} // namespace

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
        // Level 0 is a server's own default (remote::kServerDefaultLevel): no level was sent.
        rows.push_back({c.level == 0 ? std::string("default") : std::to_string(c.level),
                        s.remote && s.remote->impliedImageTokens && c.level == 0
                            ? "server: " + std::to_string(*s.remote->impliedImageTokens)
                            : joined(turn, &ImageStats::softTokens),
                        joined(turn, &ImageStats::bucket), std::to_string(s.promptTokens),
                        fixed(s.ttftMs, 1), fixed(s.decodeTokensPerS, 1), fixed(s.totalMs, 1),
                        generate::toString(s.finishReason), std::to_string(s.reusedTokens)});
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

void printCheapestAgreeing(const std::vector<Column>& columns, bool json) {
    std::vector<sweep::ComparedLevel> finished;
    for (const Column& c : columns)
        if (c.stats && !c.error && c.level > 0 &&
            c.stats->finishReason != generate::FinishReason::Cancelled)
            finished.push_back({c.level, c.reply, c.stats->imageTokens, c.stats->ttftMs});
    const auto verdict = sweep::cheapestAgreeing(finished);
    if (!verdict)
        return;
    if (!json) {
        std::cout << "\n" << verdict->text << "\n";
        return;
    }
    nlohmann::json j = {{"type", "cheapest_agreeing"},
                        {"level", nullptr},
                        {"reference_level", verdict->highest.level},
                        {"reference_image_tokens", verdict->highest.imageTokens},
                        {"reference_ttft_ms", verdict->highest.ttftMs},
                        {"text", verdict->text}};
    if (verdict->level) {
        j["level"] = verdict->level->level;
        j["image_tokens"] = verdict->level->imageTokens;
        j["ttft_ms"] = verdict->level->ttftMs;
    }
    printJsonLine(j);
}

} // namespace facet::cli
