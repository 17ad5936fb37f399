#pragma once
// One chat request to the server, start to end: level check, expected image tokens, the
// streamed POST, and the local engine's events and statistics. Shared by generate() and each
// column of compare().
#include "generate/engine.h"
#include "remote/remote_engine_data.h"

#include <atomic>
#include <optional>

namespace facet::remote {

// A comparison's first column, against which later columns read what the server's usage
// implies about the images: same text, so prompt_tokens differ only by image tokens.
struct ImageTokenBaseline {
    int promptTokens = 0;
    int expectedImageTokens = 0;
};

// Runs the request and reports to the sink (exactly one onFinished or onError). Returns the
// stats reported, and whether the reply finished without an error.
struct RequestOutcome {
    generate::Stats stats;
    bool ok = false;
};
RequestOutcome runRequest(const RemoteEngineData& data, const generate::Request& request,
                          generate::EventSink& sink, const std::atomic<bool>& stop,
                          const std::optional<ImageTokenBaseline>& baseline = std::nullopt);

} // namespace facet::remote
