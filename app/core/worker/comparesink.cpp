#include "core/worker/comparesink.h"

namespace facet::app {

CompareBatchingSink::CompareBatchingSink(EngineWorker& worker, quint64 id, int intervalMs)
    : worker_(worker), id_(id), intervalMs_(intervalMs) {
    sinceFlush_.start();
}

void CompareBatchingSink::onColumnStarted(int column, int level, std::optional<std::uint64_t>) {
    flush();
    emit worker_.columnStarted(id_, column, level);
}

void CompareBatchingSink::onPhase(int column, const generate::PhaseEvent& phase) {
    flush();
    emit worker_.columnPhase(id_, column, phase);
}

void CompareBatchingSink::onText(int column, std::string_view content, std::string_view reasoning) {
    if (column != column_)
        flush();
    column_ = column;
    content_ += QString::fromUtf8(content.data(), static_cast<qsizetype>(content.size()));
    reasoning_ += QString::fromUtf8(reasoning.data(), static_cast<qsizetype>(reasoning.size()));
    if (sinceFlush_.elapsed() >= intervalMs_)
        flush();
}

void CompareBatchingSink::onFinished(int column, const generate::Stats& stats,
                                     const std::string& fullReply) {
    flush();
    emit worker_.columnFinished(id_, column, app::statsToJson(stats),
                                QString::fromStdString(fullReply));
}

void CompareBatchingSink::onError(int column, const ErrorInfo& error,
                                  const generate::Stats& partial) {
    flush();
    emit worker_.columnFailed(id_, column, QString::fromStdString(error.message),
                              app::statsToJson(partial), error);
}

void CompareBatchingSink::flush() {
    if (column_ >= 0 && (!content_.isEmpty() || !reasoning_.isEmpty()))
        emit worker_.columnText(id_, column_, content_, reasoning_);
    content_.clear();
    reasoning_.clear();
    sinceFlush_.restart();
}

} // namespace facet::app
