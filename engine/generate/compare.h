#pragma once
// Comparing detail levels: one user turn (text + images) run once per chosen level, every image
// of the turn at that level, one column after another on the one device, each from the same
// conversation prefix and with the same sampling seed, so differences come from the level.
// Qt-free; a GUI worker calls Session::compare on its thread and forwards the per-column events.
#include "generate/engine.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace facet::generate {

struct CompareRequest {
    // History, system prompt, thinking switch, sampling and the new user turn. The `level` of the
    // turn's images is ignored: each column sets all of them to its own level.
    Request request;
    // 2..5 distinct compiled levels, one column each, run in this order. Ascending order lets
    // the most columns continue the history from the cache (see docs/architecture.md).
    std::vector<int> levels;
};

// Events of a comparison; `column` indexes CompareRequest::levels. Called on the caller's thread,
// columns strictly one after another: onColumnStarted, then the usual events of that column,
// ending in exactly one onFinished or onError.
class CompareSink {
public:
    virtual ~CompareSink() = default;
    // `seed`: the sampling seed every column uses (empty for greedy decoding).
    virtual void onColumnStarted(int column, int level, std::optional<std::uint64_t> seed) = 0;
    virtual void onPhase(int column, const PhaseEvent&) = 0;
    virtual void onText(int column, std::string_view content, std::string_view reasoning) = 0;
    // Also Cancelled (Stop pressed during this column, or before it started: then empty reply).
    virtual void onFinished(int column, const Stats&, const std::string& fullReply) = 0;
    // This column failed (device error, context full); the next columns still run.
    virtual void onError(int column, const ErrorInfo& error, const Stats& partial) = 0;
};

// Checks the levels of a comparison against the compiled ones: 2..5, distinct, compiled.
// Returns the problem ("detail level 560 is not compiled into this model (compiled: 70, 140,
// 280)"), or nothing when the levels are fine. Needs no device: the CLI calls it with the
// folder's levels before loading.
[[nodiscard]] std::optional<std::string> compareLevelsProblem(const std::vector<int>& levels,
                                                              const std::vector<int>& compiled);

} // namespace facet::generate
