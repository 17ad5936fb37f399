#include "event_json.h"

#include "generate/stats_json.h"
#include "terminal_text.h"

#include <iostream>

namespace facet::cli {

using namespace facet::generate;

nlohmann::json phaseEventJson(const PhaseEvent& e) {
    nlohmann::json j = {{"type", "phase"}, {"phase", toString(e.phase)}};
    if (e.phase == Phase::Vision) {
        j["image"] = e.imageIndex;
        j["images"] = e.imageCount;
        j["level"] = e.level;
    }
    return j;
}

nlohmann::json textEventJson(std::string_view content, std::string_view reasoning) {
    return {{"type", "text"}, {"content", content}, {"reasoning", reasoning}};
}

nlohmann::json statsEventJson(const Stats& s) {
    return {{"type", "stats"}, {"stats", statsToJson(s)}};
}

nlohmann::json errorEventJson(const ErrorInfo& error, const Stats& partial) {
    nlohmann::json j = {{"type", "error"},
                        {"message", error.message},
                        {"kind", toString(error.kind)},
                        {"stats", statsToJson(partial)}};
    if (error.httpStatus != 0)
        j["http_status"] = error.httpStatus;
    if (!error.param.empty())
        j["param"] = error.param;
    if (error.failedMidReply)
        j["failed_mid_reply"] = true;
    return j;
}

void printJsonLine(const nlohmann::json& j) {
    // Invalid UTF-8 (a non-UTF-8 path in an error) is replaced, never a type_error.316; DEL and
    // C1 controls, which dump() leaves raw, are escaped (a terminal may obey them).
    std::cout << escapeJsonControls(
                     j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace))
              << "\n"
              << std::flush;
}

} // namespace facet::cli
