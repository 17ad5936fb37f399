#pragma once
// The chat: sends the composer's text and images to the engine, streams the reply into the open
// conversation, stops it, and branches it (regenerate any reply, edit-and-resend, switch
// versions). A reply keeps streaming when the user opens another conversation: it is written
// into a copy of its conversation (saved when it ends) and shows live again when reopened.
// Everything here runs on the GUI thread; the engine runs on its worker.
#include "core/conversations/conversation.h"

#include <QObject>

#include <QtQml/qqmlregistration.h>
#include <functional>
#include <optional>

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
public:
    ChatSession(app::EngineClient& engine, AttachmentModel& attachments,
                ConversationModel& conversation, ConversationLibrary& library,
                QObject* parent = nullptr);

    bool busy() const { return activeJob_ != 0 || static_cast<bool>(heldStop_); }
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
    // Appends the composer's text and images as a user message of the open conversation (the
    // images copied into its folder, the composer emptied). Returns its row, or -1 after a
    // notice when an image could not be stored.
    int appendUserMessage(const QString& text);

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
    bool stopping_ = false;          // Stop pressed: the phase line says so until the reply ends
    QString heldId_;                 // the conversation a comparison holds
    std::function<void()> heldStop_; // stops that comparison while it runs
    // The conversation being written while another one is open.
    std::optional<app::Conversation> background_;
};

} // namespace facet::ui
