#pragma once
// Prompt counting, one of the engine client's jobs (engineclient.h): what a request will put
// into the KV cache, counted on the worker thread by the engine itself
// (EngineBackend::countPrompt; the session it reads belongs to that thread, and the GUI thread
// never waits). At most one count is on its way: a newer request while one runs replaces the
// one waiting, and is sent when the running one answers, so counts never queue up behind a
// reply the worker is writing.
#include "core/worker/engineworker.h"

#include <QObject>
#include <QString>

#include <optional>

namespace facet::app {

class PromptCounter : public QObject {
    Q_OBJECT
public:
    explicit PromptCounter(EngineWorker& worker, QObject* parent = nullptr);

    // Asks for a count of `request` in conversation `sessionKey`; `counted` answers (for the
    // latest request only: a count that a newer one replaced is not announced).
    void count(const QString& sessionKey, generate::Request request);
    // A count is on its way.
    bool busy() const { return inFlight_ != 0; }

signals:
    // See EngineWorker::promptCounted.
    void counted(bool exact, int promptTokens, int imageTokens, int positions,
                 const QString& problem);

private:
    struct Pending {
        QString sessionKey;
        generate::Request request;
    };
    void send(Pending pending);

    EngineWorker& worker_;
    quint64 inFlight_ = 0;
    std::optional<Pending> waiting_;
};

} // namespace facet::app
