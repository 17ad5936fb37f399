#pragma once
// Compare levels…: the composer's question and images run once per chosen detail level
// (generate/compare.h through the engine worker), the answers streaming into one column each
// (comparemodel.h). When it ends the user continues with one column: that answer becomes the
// turn's reply and the others its versions, saved in the conversation. Until then the
// comparison holds the conversation (ChatSession::hold). Leaving the conversation or quitting
// keeps what was compared: a running comparison is stopped and the baseline column continued.
#include "Compare/comparemodel.h"

#include <QDateTime>
#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace facet::generate {
struct PhaseEvent;
}
namespace facet::app {
class EngineClient;
}

namespace facet::ui {

class AttachmentModel;
class ChatSession;
class ConversationLibrary;
class ConversationModel;

class CompareSession : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    Q_PROPERTY(bool running READ running NOTIFY stateChanged)
    // Columns are on screen: running, or ended and waiting for the answer to continue with.
    Q_PROPERTY(bool active READ active NOTIFY stateChanged)
    Q_PROPERTY(QString conversationId READ conversationId NOTIFY stateChanged)
    Q_PROPERTY(facet::ui::CompareModel* columns READ columns CONSTANT)
    // Said under a comparison that sampled on a server once it has ended with answers that
    // differ: the seed may not hold there, so they can differ by chance as well as by level.
    // Empty otherwise (running, greedy, local, or every answer the same).
    Q_PROPERTY(QString seedNote READ seedNote NOTIFY stateChanged)
public:
    CompareSession(app::EngineClient& engine, AttachmentModel& attachments,
                   ConversationModel& conversation, ConversationLibrary& library, ChatSession& chat,
                   QObject* parent = nullptr);

    // From start(): its images being copied, then the engine running it.
    bool running() const { return preparing_ || job_ != 0; }
    bool active() const { return !conversationId_.isEmpty(); }
    QString conversationId() const { return conversationId_; }
    CompareModel* columns() const { return columns_; }
    QString seedNote() const { return seedNote_; }

    // The levels offered first: every compiled level of the loaded model (at most 5).
    Q_INVOKABLE QList<int> defaultLevels() const;
    // Why these levels cannot be compared ("" when they can): 2 to 5 distinct compiled levels.
    Q_INVOKABLE QString levelsProblem(const QList<int>& levels) const;
    // Why the composer's message cannot be compared now ("" when it can).
    Q_INVOKABLE QString startProblem() const;
    // Sends the composer's text and images as a comparison of `levels` (ascending order runs
    // best: the history prefix stays in the cache). False, with a notice, when refused; true
    // once accepted: active and running from here; the question joins the conversation and the
    // engine starts once its images are copied (ChatSession::sent()), or, when they cannot be,
    // the comparison closes with the chat's notice.
    Q_INVOKABLE bool start(const QString& text, const QList<int>& levels);
    Q_INVOKABLE void stop();
    // Makes `column` the turn's reply, the other columns its versions; saves. False while
    // running or without a comparison.
    Q_INVOKABLE bool continueWith(int column);
    // On quit (AppController::finishBeforeQuit): a running comparison is stopped and, like a
    // waiting one, continued with its baseline column, so nothing compared is lost.
    void stopAndKeepComparison();

signals:
    void stateChanged();
    void notice(const QString& message);

private:
    // The comparison of the question at `userRow`, once it is in the conversation.
    void run(int userRow, const QList<int>& levels);
    void onColumnStarted(quint64 id, int column, int level);
    void onPhase(quint64 id, int column, const generate::PhaseEvent& phase);
    void onEnded(quint64 id, const QString& error);
    // Stops a running comparison at once (its later events are ignored) and continues with the
    // baseline column (or the first that ran).
    void keepAndClose();
    void close();
    // Two columns that ran to their end answered differently.
    bool answersDiffer() const;

    app::EngineClient& engine_;
    AttachmentModel& attachments_;
    ConversationModel& conversation_;
    ConversationLibrary& library_;
    ChatSession& chat_;
    CompareModel* columns_;
    quint64 job_ = 0;
    bool preparing_ = false; // start() accepted; the question's images are being copied
    QString seedNote_;
    bool sampledOnServer_ = false;
    QString conversationId_;
    QDateTime started_;
};

} // namespace facet::ui
