#include "Attachments/imagepickerplaces.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace facet::ui {
namespace {

const QString kLastFolderKey = QStringLiteral("imagePicker/lastFolder");

bool isFolder(const QString& path) {
    return !path.isEmpty() && QFileInfo(path).isDir();
}

} // namespace

QString ImagePickerPlaces::home() const {
    return QDir::homePath();
}

QString ImagePickerPlaces::pictures() const {
    const QString path = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (!isFolder(path) || QDir(path) == QDir::home())
        return {};
    return QDir::cleanPath(path);
}

QString ImagePickerPlaces::lastFolder() const {
    const QString path = QSettings().value(kLastFolderKey).toString();
    return isFolder(path) ? path : QString();
}

QString ImagePickerPlaces::startFolder() const {
    if (const QString last = lastFolder(); !last.isEmpty())
        return last;
    if (const QString pics = pictures(); !pics.isEmpty())
        return pics;
    return home();
}

void ImagePickerPlaces::remember(const QString& folder) {
    if (!isFolder(folder) || QSettings().value(kLastFolderKey).toString() == folder)
        return;
    QSettings().setValue(kLastFolderKey, folder);
    emit lastFolderChanged();
}

QString ImagePickerPlaces::folderOf(const QString& file) const {
    if (file.isEmpty())
        return {};
    const QString folder = QFileInfo(file).absolutePath();
    return isFolder(folder) ? QDir::cleanPath(folder) : QString();
}

} // namespace facet::ui
