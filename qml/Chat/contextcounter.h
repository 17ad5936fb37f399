#pragma once
// The context meter's number (Chat/ContextMeter.qml): the open conversation plus the composer's
// draft (its text and its images at their levels), built into a request by the same
// buildRequest the Send path uses and counted by the engine on its worker
// (app::PromptCounter → generate::Session::countPrompt): the KV-cache positions that reply's
// prefill will need, what the engine checks against max_seq_len. Counted once the draft has
// settled for kSettleMs (typing changes it at every key). Where the engine cannot count (a
// server counts for itself) `exact` is false and the meter shows its estimate, marked as one.
#include <QObject>
#include <QString>
#include <QTimer>

#include <QtQml/qqmlregistration.h>

namespace facet::app {
class EngineClient;
}

namespace facet::ui {

class AttachmentModel;
class ConversationLibrary;
class ConversationModel;

class ContextCounter : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    // The composer's text (the composer sets it as the user types).
    Q_PROPERTY(QString draftText READ draftText WRITE setDraftText NOTIFY draftTextChanged)
    // The last count is the engine's for the conversation and draft as they are now.
    Q_PROPERTY(bool exact READ exact NOTIFY countChanged)
    Q_PROPERTY(int positions READ positions NOTIFY countChanged)
    Q_PROPERTY(int promptTokens READ promptTokens NOTIFY countChanged)
    // Why the engine would refuse this request (an unreadable image, a level it lacks), or "".
    Q_PROPERTY(QString problem READ problem NOTIFY countChanged)
    // A change is waiting for its count (the numbers are the previous state's until then).
    Q_PROPERTY(bool pending READ pending NOTIFY countChanged)
public:
    static constexpr int kSettleMs = 250;

    ContextCounter(app::EngineClient& engine, ConversationModel& conversation,
                   AttachmentModel& attachments, ConversationLibrary& library,
                   QObject* parent = nullptr);

    QString draftText() const { return draftText_; }
    void setDraftText(const QString& text);
    bool exact() const { return exact_; }
    int positions() const { return positions_; }
    int promptTokens() const { return promptTokens_; }
    QString problem() const { return problem_; }
    bool pending() const { return pending_; }

signals:
    void draftTextChanged();
    void countChanged();

private:
    void schedule();
    void count();
    void setCount(bool exact, int promptTokens, int positions, const QString& problem);

    app::EngineClient& engine_;
    ConversationModel& conversation_;
    AttachmentModel& attachments_;
    ConversationLibrary& library_;
    QString draftText_;
    QTimer settle_;
    bool exact_ = false;
    int positions_ = 0;
    int promptTokens_ = 0;
    QString problem_;
    bool pending_ = false;
};

} // namespace facet::ui
