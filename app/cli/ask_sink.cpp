#include "ask_sink.h"

#include "event_json.h"

#include <iostream>

namespace facet::cli {

using namespace facet::generate;

void AskSink::onPhase(const PhaseEvent& e) {
    if (json_)
        printJsonLine(phaseEventJson(e));
}

void AskSink::onText(std::string_view content, std::string_view reasoning) {
    if (json_)
        printJsonLine(textEventJson(content, reasoning));
    else
        std::cout << answer_.filter(content) << std::flush;
}

void AskSink::onFinished(const Stats& s, const std::string&) {
    if (json_) {
        printJsonLine(statsEventJson(s));
    } else {
        std::cout << answer_.finish() << "\n";
        std::cerr << "[" << s.promptTokens << " prompt tokens, " << s.generatedTokens
                  << " generated, ttft " << s.ttftMs << " ms, " << s.decodeTokensPerS
                  << " tokens/s, " << toString(s.finishReason) << "]\n";
    }
}

void AskSink::onError(const ErrorInfo& e, const Stats& s) {
    failed = true;
    error = e;
    if (json_) {
        printJsonLine(errorEventJson(e, s));
    } else {
        // A reply the server failed after it began: the text printed so far is its partial
        // answer, marked as such.
        std::cout << answer_.finish();
        if (e.failedMidReply)
            std::cout << "\n[reply cut short: the server failed it]\n";
        std::cout << std::flush;
        std::cerr << "error: " << terminalSafe(e.message) << "\n";
    }
}

} // namespace facet::cli
