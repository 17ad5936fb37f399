#include "Conversations/chatlistmodel.h"

#include "Attachments/imageurls.h"

#include <algorithm>
#include <chrono>

namespace facet::ui {

ChatListModel::ChatListModel(QObject* parent) : QAbstractListModel(parent) {
    midnight_.setSingleShot(true);
    connect(&midnight_, &QTimer::timeout, this, [this] { setToday(QDate::currentDate()); });
    setToday(QDate::currentDate());
}

void ChatListModel::setToday(const QDate& today) {
    today_ = today;
    // A second past midnight, so the new day has begun when the timer fires.
    const QDateTime now = QDateTime::currentDateTime();
    const QDateTime next(now.date().addDays(1), QTime(0, 0, 1));
    midnight_.start(std::chrono::milliseconds(std::max<qint64>(1000, now.msecsTo(next))));
    if (!visible_.isEmpty())
        emit dataChanged(index(0), index(static_cast<int>(visible_.size()) - 1), {DateGroupRole});
}

int ChatListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(visible_.size());
}

QVariant ChatListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry& e = all_.at(visible_.at(index.row()));
    switch (role) {
    case IdRole:
        return e.id;
    case Qt::DisplayRole:
    case TitleRole:
        return e.title;
    case UpdatedRole:
        return e.updated;
    case DateGroupRole:
        // The ListView's section key: compared as text, so one run of rows per group.
        return static_cast<int>(dateGroupOf(e.updated.toLocalTime().date(), today_));
    case ThumbnailRole:
        return e.firstImage.isEmpty() ? QUrl() : thumbnailUrl(e.firstImage);
    default:
        return {};
    }
}

QHash<int, QByteArray> ChatListModel::roleNames() const {
    return {{IdRole, "chatId"},
            {TitleRole, "title"},
            {UpdatedRole, "updated"},
            {DateGroupRole, "dateGroup"},
            {ThumbnailRole, "thumbnail"}};
}

bool ChatListModel::matches(const Entry& e) const {
    if (filter_.trimmed().isEmpty())
        return true;
    const QStringList words = filter_.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    return std::all_of(words.begin(), words.end(), [&](const QString& w) {
        return e.searchText.contains(w) || e.title.toLower().contains(w);
    });
}

void ChatListModel::rebuildVisible() {
    beginResetModel();
    visible_.clear();
    for (int i = 0; i < all_.size(); ++i)
        if (matches(all_[i]))
            visible_.append(i);
    endResetModel();
    emit countChanged();
}

void ChatListModel::setFilter(const QString& filter) {
    if (filter == filter_)
        return;
    filter_ = filter;
    emit filterChanged();
    rebuildVisible();
}

void ChatListModel::setEntries(QList<Entry> entries) {
    std::stable_sort(entries.begin(), entries.end(),
                     [](const Entry& a, const Entry& b) { return a.updated > b.updated; });
    all_ = std::move(entries);
    rebuildVisible();
}

void ChatListModel::upsert(const Entry& entry) {
    auto it =
        std::find_if(all_.begin(), all_.end(), [&](const Entry& e) { return e.id == entry.id; });
    // Same place and still visible: a plain data change keeps the view's selection and scroll.
    if (it != all_.end() && (it == all_.begin() || entry.updated <= (it - 1)->updated) &&
        matches(entry) == matches(*it)) {
        *it = entry;
        const int visibleRow = rowOf(entry.id);
        if (visibleRow >= 0)
            emit dataChanged(index(visibleRow), index(visibleRow));
        return;
    }
    if (it != all_.end())
        all_.erase(it);
    auto pos = std::find_if(all_.begin(), all_.end(),
                            [&](const Entry& e) { return e.updated <= entry.updated; });
    all_.insert(pos, entry);
    rebuildVisible();
}

void ChatListModel::remove(const QString& id) {
    auto it = std::find_if(all_.begin(), all_.end(), [&](const Entry& e) { return e.id == id; });
    if (it == all_.end())
        return;
    all_.erase(it);
    rebuildVisible();
}

int ChatListModel::rowOf(const QString& id) const {
    for (int row = 0; row < visible_.size(); ++row)
        if (all_[visible_[row]].id == id)
            return row;
    return -1;
}

QString ChatListModel::idAt(int row) const {
    return row >= 0 && row < visible_.size() ? all_[visible_[row]].id : QString();
}

} // namespace facet::ui
