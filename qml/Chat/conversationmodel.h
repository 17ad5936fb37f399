#pragma once
// The messages of the open conversation, for the chat view. Changed only on the GUI thread by
// the chat controller; streaming replies grow through appendReplyText().
#include "conversation.h"

#include <QAbstractListModel>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class ConversationModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the chat controller")
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
public:
    enum Role {
        IdRole = Qt::UserRole + 1,
        RoleRole,
        TextRole,
        ReasoningRole,
        ImagesRole,
        StatsRole,
        ErrorRole,
        FinishReasonRole,
        StreamingRole,
        PhaseRole,
        BranchIndexRole, // 0-based version at this point (see conversationbranches.h)
        BranchCountRole,
    };
    Q_ENUM(Role)

    explicit ConversationModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // `folder` is where the conversation's images are stored.
    void setConversation(const app::Conversation& conversation, const QString& folder);
    const app::Conversation& conversation() const { return conversation_; }
    app::Conversation& conversationForUpdate() { return conversation_; }

    int appendMessage(const app::Message& message);
    void appendReplyText(int row, const QString& content, const QString& reasoning);
    void finishReply(int row, const QJsonObject& stats, const QString& finishReason,
                     const QString& error);
    void setPhase(int row, const QString& phase);
    // Keeps rows [fromRow, end) as another branch and removes them from view, so that a new
    // version can be appended at fromRow.
    void detachTail(int fromRow);
    // Shows version `index` at `row` (rows from `row` on are replaced). False: no such version.
    bool switchBranch(int row, int index);
    int streamingRow() const { return streamingRow_; }

signals:
    void countChanged();

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
