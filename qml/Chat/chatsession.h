#pragma once
// The chat: sends the composer's text and images to the engine, streams the reply into the open
// conversation, stops it, and branches it (regenerate any reply, edit-and-resend, switch
// versions). A reply keeps streaming when the user opens another conversation: it is written
// into a copy of its conversation (saved when it ends) and shows live again when reopened.
// Everything here runs on the GUI thread; the engine runs on its worker.
#include "core/conversations/conversation.h"

#include <QObject>

#include <QtQml/qqmlregistration.h>
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
public:
    ChatSession(app::EngineClient& engine, AttachmentModel& attachments,
                ConversationModel& conversation, ConversationLibrary& library,
                QObject* parent = nullptr);

    bool busy() const { return activeJob_ != 0; }
    QString writingId() const { return busy() ? activeConversationId_ : QString(); }
    bool writingElsewhere() const;

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
    // Called on quit (and before its conversation is deleted): a running reply is stopped, kept
    // as "cancelled" and saved.
    Q_INVOKABLE void finishForQuit();

signals:
    void busyChanged();
    void notice(const QString& message);

private:
    bool canBranch(int row, app::Message::Role role) const;
    // `sendsAttachments`: the request sends the composer's images, which the background
    // encoder may be encoding right now (it then waits for them instead of cancelling).
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
    bool stopping_ = false; // Stop pressed: the phase line says so until the reply ends
    // The conversation being written while another one is open.
    std::optional<app::Conversation> background_;
};

} // namespace facet::ui
