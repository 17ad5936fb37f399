#pragma once
// The events of a comparison of detail levels on the worker thread, turned into the worker's
// queued per-column signals. Text is held back as in BatchingSink (at most one update per
// interval); columns run one after another, so one buffer serves them all and is flushed
// before the next column's first event.
#include "core/worker/engineworker.h"

#include <QElapsedTimer>

namespace facet::app {

class CompareBatchingSink : public generate::CompareSink {
public:
    CompareBatchingSink(EngineWorker& worker, quint64 id, int intervalMs);

    void onColumnStarted(int column, int level, std::optional<std::uint64_t> seed) override;
    void onPhase(int column, const generate::PhaseEvent& phase) override;
    void onText(int column, std::string_view content, std::string_view reasoning) override;
    void onFinished(int column, const generate::Stats& stats,
                    const std::string& fullReply) override;
    void onError(int column, const ErrorInfo& error, const generate::Stats& partial) override;

private:
    void flush();

    EngineWorker& worker_;
    quint64 id_;
    int intervalMs_;
    int column_ = -1; // whose text is buffered
    QString content_;
    QString reasoning_;
    QElapsedTimer sinceFlush_;
};

} // namespace facet::app
