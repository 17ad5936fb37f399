#include "core/worker/promptcounter.h"

#include <utility>

namespace facet::app {

PromptCounter::PromptCounter(EngineWorker& worker, QObject* parent)
    : QObject(parent), worker_(worker) {
    connect(&worker_, &EngineWorker::promptCounted, this,
            [this](quint64 id, bool exact, int promptTokens, int imageTokens, int positions,
                   const QString& problem) {
                if (id != inFlight_)
                    return;
                inFlight_ = 0;
                if (waiting_) { // a newer draft: its count is the one to show
                    send(*std::exchange(waiting_, std::nullopt));
                    return;
                }
                emit counted(exact, promptTokens, imageTokens, positions, problem);
            });
}

void PromptCounter::count(const QString& sessionKey, generate::Request request) {
    Pending pending{sessionKey, std::move(request)};
    if (inFlight_ != 0) {
        waiting_ = std::move(pending);
        return;
    }
    send(std::move(pending));
}

void PromptCounter::send(Pending pending) {
    inFlight_ = worker_.nextRequestId();
    QMetaObject::invokeMethod(
        &worker_,
        [w = &worker_, id = inFlight_, p = std::move(pending)] {
            w->countPrompt(id, p.sessionKey, p.request);
        },
        Qt::QueuedConnection);
}

} // namespace facet::app
