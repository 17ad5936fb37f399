#include "Attachments/attachmentmodel.h"

#include "Attachments/imageurls.h"
#include "core/support/imagefacts.h"
#include "core/support/pastedimage.h"
#include "core/support/regioncrop.h"

#include <QClipboard>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMimeData>

#include <algorithm>
#include <exception>

namespace facet::ui {

AttachmentModel::AttachmentModel(QObject* parent) : QAbstractListModel(parent) {}

int AttachmentModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(items_.size());
}

int AttachmentModel::levelAt(int row) const {
    const Item& item = items_.at(row);
    return item.levelOverride > 0 ? item.levelOverride : messageLevel_;
}

int AttachmentModel::tokensAt(int row, int level) const {
    if (row < 0 || row >= items_.size())
        return 0;
    return app::softTokensFor(items_[row].width, items_[row].height, level);
}

QVariant AttachmentModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Item& item = items_.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case NameRole:
        return item.name;
    case PathRole:
        return item.path;
    case WidthRole:
        return item.width;
    case HeightRole:
        return item.height;
    case LevelRole:
        return levelAt(index.row());
    case OverriddenRole:
        return item.levelOverride > 0;
    case TokensRole:
        return tokensAt(index.row(), levelAt(index.row()));
    case ThumbnailRole:
        return thumbnailUrl(item.path);
    case IsRegionRole:
        return item.isRegion();
    case RegionRole:
        return item.region;
    case RegionSourceRole:
        return item.regionSourceName;
    default:
        return {};
    }
}

QHash<int, QByteArray> AttachmentModel::roleNames() const {
    return {{PathRole, "path"},
            {NameRole, "name"},
            {WidthRole, "imageWidth"},
            {HeightRole, "imageHeight"},
            {LevelRole, "level"},
            {OverriddenRole, "overridden"},
            {TokensRole, "tokens"},
            {ThumbnailRole, "thumbnail"},
            {IsRegionRole, "isRegion"},
            {RegionRole, "region"},
            {RegionSourceRole, "regionSource"}};
}

void AttachmentModel::setMessageLevel(int level) {
    if (level == messageLevel_)
        return;
    messageLevel_ = level;
    emit messageLevelChanged();
    if (!items_.isEmpty()) {
        emit dataChanged(index(0), index(rowCount() - 1), {LevelRole, TokensRole});
        emit totalTokensChanged();
    }
}

int AttachmentModel::totalTokens() const {
    int total = 0;
    for (int row = 0; row < items_.size(); ++row)
        total += tokensAt(row, levelAt(row));
    return total;
}

QStringList AttachmentModel::addUrls(const QList<QUrl>& urls) {
    QStringList paths;
    QStringList problems;
    for (const QUrl& url : urls) {
        if (url.isLocalFile())
            paths << url.toLocalFile();
        else
            problems << tr("%1: only local files can be attached").arg(url.toDisplayString());
    }
    for (const QString& p : problems)
        emit rejected(p);
    const int before = rowCount();
    problems += addFiles(paths);
    if (rowCount() > before && items_.constLast().path != lastAddedPath_) {
        lastAddedPath_ = items_.constLast().path;
        emit lastAddedPathChanged();
    }
    return problems;
}

QStringList AttachmentModel::addFiles(const QStringList& paths) {
    QStringList problems;
    for (const QString& path : paths) {
        try {
            const app::ImageFacts facts = app::inspectImage(path);
            beginInsertRows({}, rowCount(), rowCount());
            items_.append({path, QFileInfo(path).fileName(), facts.width, facts.height, 0});
            endInsertRows();
        } catch (const std::exception& e) {
            problems << QString::fromStdString(e.what());
            emit rejected(problems.last());
        }
    }
    if (problems.size() < paths.size()) {
        emit countChanged();
        emit totalTokensChanged();
    }
    return problems;
}

QStringList AttachmentModel::pasteFromClipboard() {
    const QMimeData* mime = QGuiApplication::clipboard()->mimeData();
    if (!mime)
        return {};
    if (mime->hasUrls())
        return addUrls(mime->urls());
    if (mime->hasImage()) {
        try {
            return addFiles({app::savePastedImage(qvariant_cast<QImage>(mime->imageData()))});
        } catch (const std::exception& e) {
            emit rejected(QString::fromStdString(e.what()));
            return {QString::fromStdString(e.what())};
        }
    }
    return {};
}

bool AttachmentModel::clipboardHasImages() const {
    const QMimeData* mime = QGuiApplication::clipboard()->mimeData();
    if (!mime)
        return false;
    if (mime->hasImage())
        return true;
    const QList<QUrl> urls = mime->urls();
    return std::any_of(urls.begin(), urls.end(), [](const QUrl& u) { return u.isLocalFile(); });
}

QString AttachmentModel::addRegion(int row, int x, int y, int width, int height,
                                   const QList<int>& levels) {
    if (row < 0 || row >= items_.size())
        return {};
    const Item& source = items_.at(row);
    const QRect rect(x, y, width, height);
    Item crop;
    try {
        crop.path = app::saveRegionCrop(source.path, rect);
    } catch (const std::exception& e) {
        const QString problem = QString::fromStdString(e.what());
        emit rejected(problem);
        return problem;
    }
    crop.name = QFileInfo(crop.path).fileName();
    crop.width = width;
    crop.height = height;
    crop.levelOverride = app::defaultRegionLevel(width, height, levels);
    // A region of a region is a region of the first image, in its pixels.
    crop.regionSource = source.isRegion() ? source.regionSource : source.path;
    crop.regionSourceName = source.isRegion() ? source.regionSourceName : source.name;
    crop.region = source.isRegion() ? rect.translated(source.region.topLeft()) : rect;
    beginInsertRows({}, row + 1, row + 1);
    items_.insert(row + 1, crop);
    endInsertRows();
    emit countChanged();
    emit totalTokensChanged();
    return {};
}

void AttachmentModel::remove(int row) {
    if (row < 0 || row >= items_.size())
        return;
    beginRemoveRows({}, row, row);
    items_.removeAt(row);
    endRemoveRows();
    emit countChanged();
    emit totalTokensChanged();
}

void AttachmentModel::setImageLevel(int row, int level) {
    if (row < 0 || row >= items_.size())
        return;
    items_[row].levelOverride = level;
    emit dataChanged(index(row), index(row), {LevelRole, OverriddenRole, TokensRole});
    emit totalTokensChanged();
}

void AttachmentModel::clearImageLevel(int row) {
    setImageLevel(row, 0);
}

void AttachmentModel::clear() {
    if (items_.isEmpty())
        return;
    beginResetModel();
    items_.clear();
    endResetModel();
    emit countChanged();
    emit totalTokensChanged();
}

} // namespace facet::ui
