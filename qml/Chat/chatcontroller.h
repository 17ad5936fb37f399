#pragma once
// The chat: sends the composer's text and images to the engine, streams the reply into the open
// conversation, branches it (regenerate any reply, edit-and-resend, switch versions), and keeps
// conversations on disk (sidebar: new, open, rename, delete with undo, search; export; per
// conversation settings). Everything here runs on the GUI thread; the engine runs on its worker.
// Implemented in chatcontroller.cpp (chat and branches), chatcontroller_library.cpp (sidebar,
// saving, export) and chatcontroller_settings.cpp (system prompt, sampling, thinking).
#include "conversationstore.h"

#include <QObject>
#include <QUrl>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

namespace facet::generate {
struct PhaseEvent;
}

namespace facet::ui {

class AttachmentModel;
class ChatListModel;
class ConversationModel;
class EngineClient;

class ChatController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    Q_PROPERTY(QString currentId READ currentId NOTIFY currentChanged)
    Q_PROPERTY(QString title READ title NOTIFY currentChanged)
    Q_PROPERTY(QString systemPrompt READ systemPrompt WRITE setSystemPrompt NOTIFY currentChanged)
    Q_PROPERTY(QVariantMap sampling READ sampling NOTIFY samplingChanged)
    Q_PROPERTY(bool samplingIsDefault READ samplingIsDefault NOTIFY samplingChanged)
    Q_PROPERTY(bool thinking READ thinking WRITE setThinking NOTIFY currentChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
    Q_PROPERTY(QString undoTitle READ undoTitle NOTIFY undoChanged)
    Q_PROPERTY(QStringList storeProblems READ storeProblems NOTIFY storeProblemsChanged)
public:
    ChatController(EngineClient& engine, AttachmentModel& attachments,
                   ConversationModel& conversation, ChatListModel& chats,
                   app::ConversationStore& store, QObject* parent = nullptr);
    ~ChatController() override;

    QString currentId() const;
    QString title() const;
    QString systemPrompt() const;
    void setSystemPrompt(const QString& prompt);
    QVariantMap sampling() const;
    bool samplingIsDefault() const;
    bool thinking() const;
    void setThinking(bool on);
    bool busy() const { return activeJob_ != 0; }
    QString undoTitle() const { return undoTitle_; }
    QStringList storeProblems() const { return storeProblems_; }

    // Reads the conversations on disk into the sidebar (problems go to storeProblems).
    void loadConversations();

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
    Q_INVOKABLE void newChat();
    Q_INVOKABLE void openChat(const QString& id);
    Q_INVOKABLE void renameChat(const QString& id, const QString& title);
    Q_INVOKABLE void deleteChat(const QString& id);
    Q_INVOKABLE void undoDelete();
    Q_INVOKABLE void setSamplingValue(const QString& key, const QVariant& value);
    Q_INVOKABLE void resetSampling();
    Q_INVOKABLE bool exportMarkdown(const QUrl& file);
    Q_INVOKABLE bool exportJson(const QUrl& file);
    Q_INVOKABLE void copyText(const QString& text);
    // Called on quit: a running reply is stopped, kept as "cancelled" and saved.
    Q_INVOKABLE void finishForQuit();

signals:
    void currentChanged();
    void samplingChanged();
    void busyChanged();
    void undoChanged();
    void storeProblemsChanged();
    void notice(const QString& message);

private:
    bool canBranch(int row, app::Message::Role role) const;
    void startReply(int userRow);
    void endActiveReply(const QJsonObject& stats, const QString& finishReason,
                        const QString& error);
    void onPhase(quint64 id, const generate::PhaseEvent& phase);
    void save();
    void saveConversation(const app::Conversation& conversation);
    app::Sampling effectiveSampling() const;
    bool writeExport(const QUrl& file, const QByteArray& bytes);

    EngineClient& engine_;
    AttachmentModel& attachments_;
    ConversationModel& conversation_;
    ChatListModel& chats_;
    app::ConversationStore& store_;
    quint64 activeJob_ = 0;
    int activeRow_ = -1;
    QString undoId_;
    QString undoTitle_;
    QStringList storeProblems_;
};

} // namespace facet::ui
