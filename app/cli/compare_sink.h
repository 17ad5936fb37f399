#pragma once
// What `facet-cli compare` prints for a comparison's events, the same for a local model and a
// server: each level's answer under a heading and a table of the columns' statistics, or with
// --json the events of `ask --json`, each with a "level" field, and one stats event per level
// (with "seed" when sampling).
#include "event_json.h"
#include "generate/compare.h"
#include "generate/engine.h"
#include "terminal_text.h"

#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace facet::cli {

using generate::CompareSink;
using generate::PhaseEvent;
using generate::Stats;

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
            print(column, phaseEventJson(e));
    }
    void onText(int column, std::string_view content, std::string_view reasoning) override {
        if (json_)
            print(column, textEventJson(content, reasoning));
        else
            std::cout << answer_.filter(content) << std::flush;
    }
    void onFinished(int column, const Stats& s, const std::string& reply) override {
        columns[std::size_t(column)].stats = s;
        columns[std::size_t(column)].reply = reply;
        if (json_)
            print(column, statsEventJson(s));
        else
            std::cout << answer_.finish() << "\n";
    }
    void onError(int column, const ErrorInfo& error, const Stats& s) override {
        columns[std::size_t(column)].stats = s;
        columns[std::size_t(column)].error = error.message;
        if (json_)
            print(column, errorEventJson(error, s));
        else
            std::cout << answer_.finish() << "error: " << terminalSafe(error.message) << "\n";
    }

private:
    void print(int column, nlohmann::json j) const {
        const int level = columns[std::size_t(column)].level;
        j["level"] = level;
        if (j.contains("stats"))
            j["stats"]["level"] = level;
        if (seed_ && j["type"] == "stats") // the one seed of every column (drawn when not given)
            j["seed"] = *seed_;
        printJsonLine(j);
    }
    bool json_;
    std::optional<std::uint64_t> seed_;
    TerminalText answer_; // one column streams at a time
};

// The statistics table after the answers; `turnImages`: images of the compared turn.
void printTable(const std::vector<Column>& columns, std::size_t turnImages);

// The lowest level whose answer agrees with the highest finished one's (sweep/agreement.h, the
// rule of `facet-cli sweep`): "280 gives the same answer as 1120 with 4× fewer image tokens,
// first token 0.4 s instead of 2.4 s", or that none does. A line after the table, or with
// --json one event {"type": "cheapest_agreeing", "level" (null when none), "reference_level",
// "image_tokens", "reference_image_tokens", "ttft_ms", "reference_ttft_ms", "text"}. Nothing
// when fewer than two columns finished; a server's default level (0) takes no part.
void printCheapestAgreeing(const std::vector<Column>& columns, bool json);

} // namespace facet::cli
