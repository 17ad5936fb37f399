#include "core/worker/batchingsink.h"

namespace facet::app {

BatchingSink::BatchingSink(EngineWorker& worker, quint64 id, int intervalMs)
    : worker_(worker), id_(id), intervalMs_(intervalMs) {
    sinceFlush_.start();
}

void BatchingSink::onPhase(const generate::PhaseEvent& phase) {
    flush();
    emit worker_.phaseChanged(id_, phase);
}

void BatchingSink::onText(std::string_view content, std::string_view reasoning) {
    content_ += QString::fromUtf8(content.data(), static_cast<qsizetype>(content.size()));
    reasoning_ += QString::fromUtf8(reasoning.data(), static_cast<qsizetype>(reasoning.size()));
    if (sinceFlush_.elapsed() >= intervalMs_)
        flush();
}

void BatchingSink::onFinished(const generate::Stats& stats, const std::string& fullReply) {
    flush();
    emit worker_.finished(id_, app::statsToJson(stats), QString::fromStdString(fullReply));
}

void BatchingSink::onError(const ErrorInfo& error, const generate::Stats& partial) {
    flush();
    emit worker_.failed(id_, QString::fromStdString(error.message), app::statsToJson(partial),
                        error);
}

void BatchingSink::flush() {
    if (!content_.isEmpty() || !reasoning_.isEmpty())
        emit worker_.textArrived(id_, content_, reasoning_);
    content_.clear();
    reasoning_.clear();
    sinceFlush_.restart();
}

} // namespace facet::app
