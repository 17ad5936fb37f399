#include "Chat/conversationmodel.h"

#include "Attachments/imageurls.h"
#include "core/conversations/conversationbranches.h"
#include "core/conversations/conversationcompare.h"

#include <QRect>
#include <QUrl>

#include <utility>

namespace facet::ui {

ConversationModel::ConversationModel(QObject* parent) : QAbstractListModel(parent) {
    textChangeTimer_.setSingleShot(true);
    textChangeTimer_.setInterval(16);
    connect(&textChangeTimer_, &QTimer::timeout, this, &ConversationModel::flushTextChange);
}

void ConversationModel::flushTextChange() {
    textChangeTimer_.stop();
    const int row = std::exchange(changedTextRow_, -1);
    const QList<int> roles = std::exchange(changedTextRoles_, {});
    if (row >= 0 && row < rowCount() && !roles.isEmpty())
        emit dataChanged(index(row), index(row), roles);
}

int ConversationModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(conversation_.messages.size());
}

QVariantList ConversationModel::imagesOf(const app::Message& m) const {
    QVariantList list;
    for (const auto& image : m.images) {
        const QString path = folder_ + QLatin1Char('/') + image.file;
        list.append(
            QVariantMap{{"path", path},
                        {"thumbnail", thumbnailUrl(path)},
                        {"name", image.originalName},
                        {"level", image.level},
                        {"tokens", image.softTokens},
                        {"width", image.width},
                        {"height", image.height},
                        // a region crop: which image it was cut from, and where
                        {"isRegion", image.region.has_value()},
                        {"regionSource", image.region ? image.region->sourceName : QString()},
                        {"region", image.region ? QRect(image.region->x, image.region->y,
                                                        image.region->width, image.region->height)
                                                : QRect()}});
    }
    return list;
}

QVariant ConversationModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const app::Message& m = conversation_.messages.at(index.row());
    switch (role) {
    case IdRole:
        return m.id;
    case RoleRole:
        return m.role == app::Message::Role::User ? QStringLiteral("user")
                                                  : QStringLiteral("model");
    case Qt::DisplayRole:
    case TextRole:
        return m.text;
    case ReasoningRole:
        return m.reasoning;
    case ImagesRole:
        return imagesOf(m);
    case StatsRole:
        return QVariant::fromValue(app::replyStatsFromJson(m.stats));
    case ErrorRole:
        return m.error;
    case FinishReasonRole:
        return QVariant::fromValue(m.finishReason);
    case StreamingRole:
        return index.row() == streamingRow_;
    case PhaseRole:
        return index.row() == streamingRow_ ? phase_ : QString();
    case BranchIndexRole:
        return app::branchPosition(conversation_, index.row()).index;
    case BranchCountRole:
        return app::branchPosition(conversation_, index.row()).count;
    case LevelRole:
        return m.level;
    default:
        return {};
    }
}

QHash<int, QByteArray> ConversationModel::roleNames() const {
    return {{IdRole, "messageId"},
            {RoleRole, "role"},
            {TextRole, "text"},
            {ReasoningRole, "reasoning"},
            {ImagesRole, "images"},
            {StatsRole, "stats"},
            {ErrorRole, "error"},
            {FinishReasonRole, "finishReason"},
            {StreamingRole, "streaming"},
            {PhaseRole, "phase"},
            {BranchIndexRole, "branchIndex"},
            {BranchCountRole, "branchCount"},
            {LevelRole, "level"}};
}

void ConversationModel::setConversation(const app::Conversation& conversation,
                                        const QString& folder) {
    changedTextRow_ = -1;
    textChangeTimer_.stop();
    beginResetModel();
    conversation_ = conversation;
    folder_ = folder;
    streamingRow_ = -1;
    phase_.clear();
    endResetModel();
    emit countChanged();
    emit historyTokensChanged();
    emit detailsChanged();
}

int ConversationModel::historyTokens() const {
    const auto& messages = conversation_.messages;
    qsizetype measuredUpTo = 0; // messages [0, measuredUpTo) are counted by the stats
    int tokens = 0;
    for (qsizetype i = messages.size(); i-- > 0;) {
        const auto stats = app::replyStatsFromJson(messages[i].stats);
        if (messages[i].role == app::Message::Role::Model && stats.present) {
            tokens = stats.promptTokens + stats.generatedTokens;
            measuredUpTo = i + 1;
            break;
        }
    }
    for (qsizetype i = measuredUpTo; i < messages.size(); ++i) {
        const auto& m = messages[i];
        tokens += static_cast<int>((m.text.size() + m.reasoning.size() + 3) / 4) + 4;
        for (const auto& image : m.images)
            tokens += image.softTokens + 2;
    }
    return tokens;
}

void ConversationModel::setTitle(const QString& title) {
    if (title == conversation_.title)
        return;
    conversation_.title = title;
    emit detailsChanged();
}

void ConversationModel::setSystemPrompt(const QString& prompt) {
    if (prompt == conversation_.systemPrompt)
        return;
    conversation_.systemPrompt = prompt;
    emit detailsChanged();
}

void ConversationModel::setSampling(const std::optional<app::Sampling>& sampling) {
    if (sampling == conversation_.sampling)
        return;
    conversation_.sampling = sampling;
    emit detailsChanged();
}

void ConversationModel::setEnableThinking(bool on) {
    if (on == conversation_.enableThinking)
        return;
    conversation_.enableThinking = on;
    emit detailsChanged();
}

void ConversationModel::setCreated(const QDateTime& when) {
    conversation_.created = when;
}

void ConversationModel::touch(const QDateTime& now) {
    conversation_.updated = now;
}

int ConversationModel::appendMessage(const app::Message& message) {
    const int row = rowCount();
    beginInsertRows({}, row, row);
    conversation_.messages.append(message);
    if (message.role == app::Message::Role::Model)
        streamingRow_ = row;
    endInsertRows();
    emit countChanged();
    emit historyTokensChanged();
    return row;
}

int ConversationModel::appendComparedReplies(const QList<app::Message>& replies, int chosen) {
    flushTextChange();
    const int row = rowCount();
    app::Conversation next = conversation_;
    app::addComparedReplies(next, replies, chosen); // throws before anything changed
    beginInsertRows({}, row, row);
    conversation_ = std::move(next);
    endInsertRows();
    emit countChanged();
    emit historyTokensChanged();
    return row;
}

void ConversationModel::appendReplyText(int row, const QString& content, const QString& reasoning) {
    if (row < 0 || row >= rowCount())
        return;
    app::Message& m = conversation_.messages[row];
    m.text += content;
    m.reasoning += reasoning;
    if (changedTextRow_ != row)
        flushTextChange();
    changedTextRow_ = row;
    if (!content.isEmpty() && !changedTextRoles_.contains(TextRole))
        changedTextRoles_.append(TextRole);
    if (!reasoning.isEmpty() && !changedTextRoles_.contains(ReasoningRole))
        changedTextRoles_.append(ReasoningRole);
    if (!textChangeTimer_.isActive())
        textChangeTimer_.start();
}

void ConversationModel::finishReply(int row, const QJsonObject& stats,
                                    app::FinishReason finishReason, const QString& error) {
    if (row < 0 || row >= rowCount())
        return;
    flushTextChange();
    app::Message& m = conversation_.messages[row];
    m.stats = stats;
    m.finishReason = finishReason;
    m.error = error;
    if (streamingRow_ == row) {
        streamingRow_ = -1;
        phase_.clear();
    }
    const QModelIndex i = index(row);
    emit dataChanged(i, i, {StatsRole, FinishReasonRole, ErrorRole, StreamingRole, PhaseRole});
    emit historyTokensChanged();
}

void ConversationModel::resumeStreaming(int row, const QString& phase) {
    if (row < 0 || row >= rowCount())
        return;
    streamingRow_ = row;
    phase_ = phase;
    const QModelIndex i = index(row);
    emit dataChanged(i, i, {StreamingRole, PhaseRole});
}

void ConversationModel::setPhase(int row, const QString& phase) {
    if (row != streamingRow_ || row < 0 || phase == phase_)
        return;
    phase_ = phase;
    const QModelIndex i = index(row);
    emit dataChanged(i, i, {PhaseRole});
}

void ConversationModel::detachTail(int fromRow) {
    if (fromRow < 0 || fromRow >= rowCount())
        return;
    flushTextChange();
    beginRemoveRows({}, fromRow, rowCount() - 1);
    app::detachTail(conversation_, fromRow);
    if (streamingRow_ >= fromRow) {
        streamingRow_ = -1;
        phase_.clear();
    }
    endRemoveRows();
    emit countChanged();
    emit historyTokensChanged();
}

bool ConversationModel::switchBranch(int row, int index) {
    const app::BranchPosition at = app::branchPosition(conversation_, row);
    if (row < 0 || row >= rowCount() || index < 0 || index >= at.count)
        return false;
    if (index == at.index)
        return true;
    flushTextChange();
    // Rows from `row` on are replaced: announced as removal and insertion so the view keeps the
    // delegates above.
    beginRemoveRows({}, row, rowCount() - 1);
    app::switchBranch(conversation_, row, index);
    const QList<app::Message> shown = conversation_.messages;
    conversation_.messages = shown.mid(0, row);
    if (streamingRow_ >= row) {
        streamingRow_ = -1;
        phase_.clear();
    }
    endRemoveRows();
    beginInsertRows({}, row, static_cast<int>(shown.size()) - 1);
    conversation_.messages = shown;
    endInsertRows();
    emit countChanged();
    emit historyTokensChanged();
    return true;
}

} // namespace facet::ui
