#pragma once
// The images waiting in the composer: each with its size, its detail level (the message's level
// unless overridden for this image) and its exact soft-token cost at that level.
#include "core/types/replytypes.h"

#include <QAbstractListModel>
#include <QRect>
#include <QStringList>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class AttachmentModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(int messageLevel READ messageLevel WRITE setMessageLevel NOTIFY messageLevelChanged)
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
    Q_PROPERTY(int totalTokens READ totalTokens NOTIFY totalTokensChanged)
    // The last image the user attached from a file (dropped, picked, pasted as a file URL; not
    // pasted pixels or crops), kept after sending: the image picker offers its folder.
    Q_PROPERTY(QString lastAddedPath READ lastAddedPath NOTIFY lastAddedPathChanged)
public:
    enum Role {
        PathRole = Qt::UserRole + 1,
        NameRole,
        WidthRole,
        HeightRole,
        LevelRole,
        OverriddenRole,
        TokensRole,
        ThumbnailRole,
        IsRegionRole,     // a crop of another attached image ("Ask about this region")
        RegionRole,       // QRect in the source's pixels after EXIF orientation
        RegionSourceRole, // the source's file name
    };
    Q_ENUM(Role)

    struct Item {
        QString path;
        QString name;
        int width = 0;
        int height = 0;
        int levelOverride = 0; // 0: the message's level
        // For a region crop: the image it was cut from and where (`path` is the crop's PNG).
        QString regionSource = {};
        QString regionSourceName = {};
        QRect region = {};
        bool isRegion() const { return !regionSource.isEmpty(); }
    };

    explicit AttachmentModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    int messageLevel() const { return messageLevel_; }
    void setMessageLevel(int level);
    int totalTokens() const;
    int levelAt(int row) const;
    const QList<Item>& items() const { return items_; }
    QString lastAddedPath() const { return lastAddedPath_; }

    // The one entry point for drops, the file picker and pasted file URLs. Files that are not
    // usable images are refused with a message naming them (signal `rejected`); the others are
    // added. Returns the messages.
    Q_INVOKABLE QStringList addUrls(const QList<QUrl>& urls);
    Q_INVOKABLE QStringList addFiles(const QStringList& paths);
    // Ctrl+V: file URLs from the clipboard, or image data saved to a cache file first.
    Q_INVOKABLE QStringList pasteFromClipboard();
    Q_INVOKABLE bool clipboardHasImages() const;
    // "Ask about this region": cuts x, y, width x height (pixels of row's image after its EXIF
    // orientation) out of row's image and attaches it after that row as an image of its own, at
    // the lowest of `levels` that does not scale it down. The whole image stays as it is. Returns
    // "" or the problem (also signalled as `rejected`).
    Q_INVOKABLE QString addRegion(int row, int x, int y, int width, int height,
                                  const QList<int>& levels);
    Q_INVOKABLE void remove(int row);
    Q_INVOKABLE void setImageLevel(int row, int level);
    Q_INVOKABLE void clearImageLevel(int row);
    Q_INVOKABLE void clear();
    Q_INVOKABLE int tokensAt(int row, int level) const;

signals:
    void messageLevelChanged();
    void countChanged();
    void totalTokensChanged();
    void lastAddedPathChanged();
    void rejected(const QString& message);

private:
    QList<Item> items_;
    int messageLevel_ = app::kDefaultDetailLevel;
    QString lastAddedPath_;
};

} // namespace facet::ui
