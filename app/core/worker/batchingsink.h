#pragma once
// Receives engine events on the worker thread and turns them into the worker's queued signals,
// holding text back until `intervalMs` have passed since the last update so the GUI thread gets
// at most one text update per interval however fast tokens come.
#include "core/worker/engineworker.h"

#include <QElapsedTimer>

namespace facet::app {

class BatchingSink : public generate::EventSink {
public:
    BatchingSink(EngineWorker& worker, quint64 id, int intervalMs);

    void onPhase(const generate::PhaseEvent& phase) override;
    void onText(std::string_view content, std::string_view reasoning) override;
    void onFinished(const generate::Stats& stats, const std::string& fullReply) override;
    void onError(const ErrorInfo& error, const generate::Stats& partial) override;

private:
    void flush();

    EngineWorker& worker_;
    quint64 id_;
    int intervalMs_;
    QString content_;
    QString reasoning_;
    QElapsedTimer sinceFlush_;
};

} // namespace facet::app
