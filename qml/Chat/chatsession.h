#pragma once
// The chat: sends the composer's text and images to the engine, streams the reply into the open
// conversation, stops it, and branches it (regenerate any reply, edit-and-resend, switch
// versions). A reply keeps streaming when the user opens another conversation: it is written
// into a copy of its conversation (saved when it ends) and shows live again when reopened.
// Everything here runs on the GUI thread; the engine runs on its worker.
#include "core/conversations/conversation.h"

#include <QObject>

#include <QtQml/qqmlregistration.h>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QFutureWatcherBase;

namespace facet::generate {
struct PhaseEvent;
}
namespace facet::app {
class EngineClient;
}

namespace facet::ui {

class AttachmentModel;
class ConversationLibrary;
class ConversationModel;

class ChatSession : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
    // The conversation a reply is being written in ("" when idle), for the sidebar.
    Q_PROPERTY(QString writingId READ writingId NOTIFY busyChanged)
    // A reply streams in a conversation that is not the open one.
    Q_PROPERTY(bool writingElsewhere READ writingElsewhere NOTIFY busyChanged)
    // A comparison of levels holds the open conversation (running, or waiting for the answer to
    // continue with): nothing is sent or branched until it lets go.
    Q_PROPERTY(bool held READ held NOTIFY busyChanged)
    // The composer's images are being checked and copied into the conversation (off the GUI
    // thread): the message is not in the conversation yet and the composer keeps it until
    // sent() (or a notice says why it was not).
    Q_PROPERTY(bool sending READ sending NOTIFY busyChanged)
public:
    ChatSession(app::EngineClient& engine, AttachmentModel& attachments,
                ConversationModel& conversation, ConversationLibrary& library,
                QObject* parent = nullptr);
    ~ChatSession() override;

    bool busy() const { return sending_ || activeJob_ != 0 || static_cast<bool>(heldStop_); }
    bool sending() const { return sending_; }
    QString writingId() const {
        return activeJob_ != 0 ? activeConversationId_ : heldStop_ ? heldId_ : QString();
    }
    bool writingElsewhere() const;
    bool held() const { return !heldId_.isEmpty(); }

    // Used by the comparison (Compare/comparesession.h). hold(): conversation `conversationId`
    // is in its hands; while `stop` is set the chat counts as busy and Stop calls it (call
    // again without one when the run ends). release(): the chat is free again.
    void hold(const QString& conversationId, std::function<void()> stop);
    void release();
    // Appends the composer's text and images as a user message of the open conversation, then
    // calls `then(row)` and emits sent(). The images are checked (a regular file, within the
    // attachment size limit, an image the engine reads: its header) and copied into the
    // conversation's folder on a pool thread, so a slow disk, a FIFO or a huge file never blocks
    // the window. When one fails, or another conversation was opened meanwhile, a notice names
    // the file or the reason, nothing is appended and the composer keeps text and images.
    // Stop (stop(), cancelSending()) or opening another conversation while they are copied sends
    // nothing either. `otherwise` is called whenever nothing was appended. Without images it
    // completes before returning.
    void appendUserMessage(const QString& text, std::function<void(int row)> then,
                           std::function<void()> otherwise = {});
    // Stop while the images are copied: the copy ends after the image it is on, nothing is
    // appended, no notice (the message is still in the composer, where the user sees it).
    void cancelSending();
    // Quitting: the copy is cancelled and waited for (at most the image it is on), so nothing
    // writes into the store once the application is gone. Nothing is appended; no signal.
    void abandonSending();

    Q_INVOKABLE bool send(const QString& text);
    Q_INVOKABLE void stop();
    // A new reply to the user message before `row` (default: the last reply). The old reply and
    // everything after it stay as another version at that point (see conversationbranches.h).
    Q_INVOKABLE void regenerate(int row = -1);
    // Edit a sent user message and resend it: the conversation branches at `row`; the original
    // message with its replies stays as another version there.
    Q_INVOKABLE void editAndResend(int row, const QString& text);
    // Shows version `index` (0-based) at `row` of the open conversation; refused while busy.
    Q_INVOKABLE void switchBranch(int row, int index);
    Q_INVOKABLE void copyText(const QString& text);
    // A running reply is stopped, kept as "cancelled" and saved: before its conversation is
    // deleted, and once on quit (AppController::finishBeforeQuit).
    void stopAndKeepReply();

signals:
    void busyChanged();
    // The message left the composer (it is in the conversation now): the composer clears its text.
    void sent();
    void notice(const QString& message);

private:
    bool canBranch(int row, app::Message::Role role) const;
    // Why the composer's images cannot go to the server in use (mixed detail levels), or "".
    QString mixedLevelsForServer() const;
    // `sendsAttachments`: the request sends the composer's images, which the background
    // encoder may be encoding right now (it then waits for them instead of cancelling).
    // On a server: a notice when earlier images go at this request's one level.
    void noteServerLevel(const generate::Request& request);
    void startReply(int userRow, bool sendsAttachments = false);
    void endActiveReply(const QJsonObject& stats, app::FinishReason finishReason,
                        const QString& error);
    void onPhase(quint64 id, const generate::PhaseEvent& phase);
    enum class SendCancel { No, Stopped, Left };
    void cancelSend(SendCancel why);
    // Copies no message uses: see forgetCopies in the .cpp.
    void forgetCopies(const QString& conversationId);
    void onLeaving();
    void onOpened(const QString& id);
    [[nodiscard]] std::optional<app::Conversation> liveCopy(const QString& id) const;

    app::EngineClient& engine_;
    AttachmentModel& attachments_;
    ConversationModel& conversation_;
    ConversationLibrary& library_;
    quint64 activeJob_ = 0;
    int activeRow_ = -1;
    QString activeConversationId_;
    QString activePhase_;
    bool sending_ = false; // appendUserMessage's images are being copied
    SendCancel sendCancel_ = SendCancel::No;
    // Read by the copying task between images; shared so that it outlives either side.
    std::shared_ptr<std::atomic<bool>> sendCancelled_;
    QFutureWatcherBase* sendWatcher_ = nullptr; // the copy in flight (a child), or none
    QString sendingConversationId_;
    bool stopping_ = false;          // Stop pressed: the phase line says so until the reply ends
    QString heldId_;                 // the conversation a comparison holds
    std::function<void()> heldStop_; // stops that comparison while it runs
    // The conversation being written while another one is open.
    std::optional<app::Conversation> background_;
};

} // namespace facet::ui
