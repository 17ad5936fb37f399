#pragma once
// The JSON-lines shapes of facet-cli's streamed events, shared by `ask --json` and
// `compare --json` (which adds "level" to each): phase, text, stats, error.
#include "generate/engine.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace facet::cli {

[[nodiscard]] nlohmann::json phaseEventJson(const generate::PhaseEvent& e);
[[nodiscard]] nlohmann::json textEventJson(std::string_view content, std::string_view reasoning);
[[nodiscard]] nlohmann::json statsEventJson(const generate::Stats& s);
// "message" and "stats" as ever, "kind" (facet::toString(ErrorKind)), and from a server that
// answered with an error status "http_status" and, where known, "param".
[[nodiscard]] nlohmann::json errorEventJson(const ErrorInfo& error, const generate::Stats& partial);
// One line on stdout, flushed (consumers read the stream as it comes).
void printJsonLine(const nlohmann::json& j);

} // namespace facet::cli
