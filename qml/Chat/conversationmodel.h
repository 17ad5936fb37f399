#pragma once
// The open conversation: its messages for the chat view and its details (title, system prompt,
// sampling, thinking). The one owner of the open conversation's state: every change goes through
// a method here that announces it (rows changed, detailsChanged). Changed only on the GUI thread
// (by the chat session, the conversation library and the conversation settings); streaming
// replies grow through appendReplyText().
#include "core/conversations/conversation.h"
#include "core/types/replystats.h"

#include <QAbstractListModel>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class ConversationModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the chat controller")
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
    // About how many tokens the conversation so far takes in the model's context: the last
    // reply's measured prompt + generated tokens, plus an estimate (4 characters a token) for
    // what came after it or when nothing was measured. For the composer's context meter.
    Q_PROPERTY(int historyTokens READ historyTokens NOTIFY historyTokensChanged)
public:
    enum Role {
        IdRole = Qt::UserRole + 1,
        RoleRole,
        TextRole,
        ReasoningRole,
        ImagesRole,
        StatsRole, // facet::app::ReplyStats
        ErrorRole,
        FinishReasonRole, // facet::app::FinishReason
        StreamingRole,
        PhaseRole,
        BranchIndexRole, // 0-based version at this point (see conversationbranches.h)
        BranchCountRole,
        LevelRole, // a compared reply's detail level (0: an ordinary reply)
    };
    Q_ENUM(Role)

    explicit ConversationModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // `folder` is where the conversation's images are stored.
    void setConversation(const app::Conversation& conversation, const QString& folder);
    const app::Conversation& conversation() const { return conversation_; }

    // The details; each announces detailsChanged() when it changes something.
    void setTitle(const QString& title);
    void setSystemPrompt(const QString& prompt);
    void setSampling(const std::optional<app::Sampling>& sampling);
    void setEnableThinking(bool on);
    void setCreated(const QDateTime& when);
    // Stamps the conversation as changed (before it is saved).
    void touch(const QDateTime& now);

    int appendMessage(const app::Message& message);
    void appendReplyText(int row, const QString& content, const QString& reasoning);
    void finishReply(int row, const QJsonObject& stats, app::FinishReason finishReason,
                     const QString& error);
    void setPhase(int row, const QString& phase);
    // Marks `row` as the reply streaming into the view (a conversation reopened mid-reply).
    void resumeStreaming(int row, const QString& phase);
    // Keeps rows [fromRow, end) as another branch and removes them from view, so that a new
    // version can be appended at fromRow.
    void detachTail(int fromRow);
    // Shows version `index` at `row` (rows from `row` on are replaced). False: no such version.
    bool switchBranch(int row, int index);
    // The replies of a comparison of levels to the last (user) message: `replies[chosen]` is
    // appended, the others kept as its versions (app::addComparedReplies). Returns its row.
    int appendComparedReplies(const QList<app::Message>& replies, int chosen);

    int historyTokens() const;

signals:
    void countChanged();
    void historyTokensChanged();
    void detailsChanged();

private:
    QVariantList imagesOf(const app::Message& message) const;
    void flushTextChange();

    app::Conversation conversation_;
    QString folder_;
    int streamingRow_ = -1;
    QString phase_;
    // Text updates are applied at once but announced at most once per frame: when the GUI
    // thread falls behind, the queued batches are merged into one relayout instead of one each.
    QTimer textChangeTimer_;
    int changedTextRow_ = -1;
    // Only the roles that grew (TextRole, ReasoningRole) are announced.
    QList<int> changedTextRoles_;
};

} // namespace facet::ui
