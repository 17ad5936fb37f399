#pragma once
// The sidebar: every saved conversation, newest first, filtered by a search over title and text;
// each with its date group (the list's section headers) and its first image's thumbnail.
#include "Conversations/dategroup.h"

#include <QAbstractListModel>
#include <QDateTime>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class ChatListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the chat controller")
    Q_PROPERTY(QString filter READ filter WRITE setFilter NOTIFY filterChanged)
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
public:
    enum Role { IdRole = Qt::UserRole + 1, TitleRole, UpdatedRole, DateGroupRole, ThumbnailRole };
    Q_ENUM(Role)

    struct Entry {
        QString id;
        QString title;
        QDateTime updated;
        QString searchText; // lower case
        QString firstImage; // absolute path of the first image sent, empty when none
    };

    explicit ChatListModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    QString filter() const { return filter_; }
    void setFilter(const QString& filter);

    void setEntries(QList<Entry> entries);
    // Adds or updates one conversation and moves it to its place (newest first).
    void upsert(const Entry& entry);
    void remove(const QString& id);
    Q_INVOKABLE int rowOf(const QString& id) const;
    Q_INVOKABLE QString idAt(int row) const;
    // Every entry, whether or not the filter shows it; newest first.
    [[nodiscard]] const QList<Entry>& entries() const { return all_; }
    // The day the date groups are counted from: today, and again after each midnight. Tests
    // set it.
    void setToday(const QDate& today);

signals:
    void filterChanged();
    void countChanged();

private:
    bool matches(const Entry& entry) const;
    void rebuildVisible();

    QList<Entry> all_;   // newest first
    QList<int> visible_; // indexes into all_
    QString filter_;
    QDate today_;
    QTimer midnight_; // the groups move on at midnight
};

} // namespace facet::ui
