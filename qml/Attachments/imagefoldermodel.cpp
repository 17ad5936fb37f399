#include "Attachments/imagefoldermodel.h"

#include "Attachments/imageurls.h"
#include "sweep/image_scan.h"

#include <QCollator>
#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace facet::ui {
namespace {

QString expandHome(const QString& typed) {
    if (typed == QLatin1String("~"))
        return QDir::homePath();
    if (typed.startsWith(QLatin1String("~/")))
        return QDir::homePath() + typed.mid(1);
    return typed;
}

// The engine's list of the extensions it decodes (the name is UTF-8 on Linux).
bool isImageName(const QString& name) {
    return sweep::hasImageExtension(std::filesystem::path(name.toStdString()));
}

} // namespace

ImageFolderModel::ImageFolderModel(QObject* parent) : QAbstractListModel(parent) {}

int ImageFolderModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(entries_.size());
}

QVariant ImageFolderModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry& e = entries_.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case NameRole:
        return e.name;
    case PathRole:
        return e.path;
    case FileUrlRole:
        return QUrl::fromLocalFile(e.path);
    case IsFolderRole:
        return e.folder;
    case ThumbnailRole:
        return e.folder ? QUrl() : thumbnailUrl(e.path);
    case SelectedRole:
        return e.selected;
    default:
        return {};
    }
}

QHash<int, QByteArray> ImageFolderModel::roleNames() const {
    return {{NameRole, "name"},         {PathRole, "path"},           {FileUrlRole, "fileUrl"},
            {IsFolderRole, "isFolder"}, {ThumbnailRole, "thumbnail"}, {SelectedRole, "selected"}};
}

bool ImageFolderModel::canGoUp() const {
    return !folder_.isEmpty() && !QDir(folder_).isRoot();
}

int ImageFolderModel::selectedCount() const {
    return static_cast<int>(
        std::count_if(entries_.begin(), entries_.end(), [](const Entry& e) { return e.selected; }));
}

int ImageFolderModel::imageCount() const {
    return static_cast<int>(
        std::count_if(entries_.begin(), entries_.end(), [](const Entry& e) { return !e.folder; }));
}

bool ImageFolderModel::setFolder(const QString& path) {
    const QFileInfo info(resolve(path));
    if (!info.isDir() || !info.isReadable())
        return false;
    const QDir dir(info.absoluteFilePath());
    // Names only: no file is opened, so thousands of entries list in milliseconds.
    const QFileInfoList found =
        dir.entryInfoList(QDir::AllDirs | QDir::Files | QDir::NoDotAndDotDot, QDir::NoSort);
    QList<Entry> entries;
    entries.reserve(found.size());
    for (const QFileInfo& f : found) {
        const bool isFolder = f.isDir();
        if (isFolder || isImageName(f.fileName()))
            entries.append({f.fileName(), f.absoluteFilePath(), isFolder});
    }
    // As a file manager sorts: folders first, then by name as the user's language orders it,
    // numbers by value (IMG_2 before IMG_10), case ignored.
    QCollator collator;
    collator.setNumericMode(true);
    collator.setCaseSensitivity(Qt::CaseInsensitive);
    std::stable_sort(entries.begin(), entries.end(), [&](const Entry& a, const Entry& b) {
        if (a.folder != b.folder)
            return a.folder;
        return collator.compare(a.name, b.name) < 0;
    });
    beginResetModel();
    folder_ = QDir::cleanPath(dir.absolutePath());
    entries_ = std::move(entries);
    anchor_ = -1;
    endResetModel();
    emit folderChanged();
    emit selectionChanged();
    return true;
}

bool ImageFolderModel::goUp() {
    if (!canGoUp())
        return false;
    QDir dir(folder_);
    return dir.cdUp() && setFolder(dir.absolutePath());
}

int ImageFolderModel::rowOf(const QString& name) const {
    for (int row = 0; row < entries_.size(); ++row)
        if (entries_[row].name == name)
            return row;
    return -1;
}

QString ImageFolderModel::resolve(const QString& typed) const {
    const QString path = expandHome(typed.trimmed());
    if (path.isEmpty())
        return folder_;
    return QDir::cleanPath(QDir(folder_.isEmpty() ? QDir::currentPath() : folder_).filePath(path));
}

ImageFolderModel::Kind ImageFolderModel::kindOf(const QString& typed) const {
    const QFileInfo info(resolve(typed));
    if (!info.exists())
        return Missing;
    if (info.isDir())
        return Folder;
    return isImageName(info.fileName()) ? Image : OtherFile;
}

bool ImageFolderModel::selectable(int row) const {
    return row >= 0 && row < entries_.size() && !entries_[row].folder;
}

void ImageFolderModel::setSelected(int row, bool on) {
    if (!selectable(row) || entries_[row].selected == on)
        return;
    entries_[row].selected = on;
    emit dataChanged(index(row), index(row), {SelectedRole});
}

void ImageFolderModel::selectRange(int from, int to) {
    for (int row = std::min(from, to); row <= std::max(from, to); ++row)
        setSelected(row, true);
}

void ImageFolderModel::click(int row, int modifiers) {
    if (row < 0 || row >= entries_.size())
        return;
    const auto mods = Qt::KeyboardModifiers::fromInt(modifiers);
    const bool ctrl = mods.testFlag(Qt::ControlModifier);
    const bool shift = mods.testFlag(Qt::ShiftModifier);
    if (shift && anchor_ >= 0) {
        if (!ctrl)
            clearSelection();
        selectRange(anchor_, row);
    } else if (ctrl) {
        setSelected(row, !entries_[row].selected);
        anchor_ = row;
    } else {
        clearSelection();
        setSelected(row, true);
        anchor_ = row;
    }
    emit selectionChanged();
}

void ImageFolderModel::toggle(int row) {
    if (!selectable(row))
        return;
    setSelected(row, !entries_[row].selected);
    anchor_ = row;
    emit selectionChanged();
}

void ImageFolderModel::selectAll() {
    for (int row = 0; row < entries_.size(); ++row)
        setSelected(row, true);
    emit selectionChanged();
}

void ImageFolderModel::clearSelection() {
    for (int row = 0; row < entries_.size(); ++row)
        setSelected(row, false);
    emit selectionChanged();
}

QList<QUrl> ImageFolderModel::selectedUrls() const {
    QList<QUrl> urls;
    for (const Entry& e : entries_)
        if (e.selected)
            urls << QUrl::fromLocalFile(e.path);
    return urls;
}

} // namespace facet::ui
