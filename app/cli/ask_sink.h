#pragma once
// What `facet-cli ask` prints for a request's events, the same for a local model and a
// server: the answer on stdout and a stats line on stderr, or with --json one event per line.
// Text from the model or the server reaches the terminal without its control characters.
#include "generate/engine.h"
#include "terminal_text.h"

#include <optional>
#include <string>
#include <string_view>

namespace facet::cli {

class AskSink : public generate::EventSink {
public:
    explicit AskSink(bool json) : json_(json) {}
    bool failed = false;
    std::optional<ErrorInfo> error; // the failure, typed (the remote CLI checks /health by it)

    void onPhase(const generate::PhaseEvent& e) override;
    void onText(std::string_view content, std::string_view reasoning) override;
    void onFinished(const generate::Stats& s, const std::string&) override;
    void onError(const ErrorInfo& error, const generate::Stats& s) override;

private:
    bool json_;
    TerminalText answer_; // the streamed answer, a character cut between pieces held
};

} // namespace facet::cli
