#pragma once
// Settings → New chats (issue #57): what a new conversation starts with — the message's detail
// level, a system prompt and the thinking switch — remembered in the application settings
// (QSettings `newChat/…`). The open conversation keeps its own (ConversationSettings); these
// are read only when a chat is made (ConversationLibrary::newChat, wired in AppController).
#include "core/conversations/conversation.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class NewChatDefaults : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    // One of the five detail levels (facet::kDetailLevels); a model compiled without it gets
    // its nearest compiled level (levelFor).
    Q_PROPERTY(int level READ level WRITE setLevel NOTIFY changed)
    Q_PROPERTY(QString systemPrompt READ systemPrompt WRITE setSystemPrompt NOTIFY changed)
    Q_PROPERTY(bool thinking READ thinking WRITE setThinking NOTIFY changed)
public:
    explicit NewChatDefaults(QObject* parent = nullptr);

    int level() const { return level_; }
    // A value that is not a detail level is ignored.
    void setLevel(int level);
    QString systemPrompt() const { return systemPrompt_; }
    void setSystemPrompt(const QString& prompt);
    bool thinking() const { return thinking_; }
    void setThinking(bool on);

    // The level a new chat's message starts at with a model compiled for `compiled` (empty: no
    // model loaded, the remembered level as it is).
    int levelFor(const QList<int>& compiled) const;
    // The system prompt and thinking switch of a conversation being made.
    void applyTo(app::Conversation& conversation) const;

signals:
    void changed();

private:
    int level_;
    QString systemPrompt_;
    bool thinking_ = false;
};

} // namespace facet::ui
