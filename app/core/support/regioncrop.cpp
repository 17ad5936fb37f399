#include "core/support/regioncrop.h"

#include "core/support/durablefile.h"
#include "core/support/userfiles.h"

#include "image/crop.h"

#include <QCryptographicHash>
#include <QFile>
#include <QStandardPaths>

#include <vector>

namespace facet::app {

QString saveRegionCrop(const QString& source, const QRect& rect) {
    const std::vector<std::uint8_t> png = image::croppedPng(
        QFile::encodeName(source).toStdString(),
        {rect.x(), rect.y(), rect.width(), rect.height()}); // throws facet::Error "SOURCE: …"
    const QByteArray bytes(reinterpret_cast<const char*>(png.data()),
                           static_cast<qsizetype>(png.size()));
    const QString dir =
        QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QLatin1String("/regions");
    makePrivateDir(dir);
    // Named by content: the same region asked twice is one file.
    const QString path =
        dir +
        QStringLiteral("/region-%1.png")
            .arg(QString::fromLatin1(
                QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex().left(16)));
    writeFileDurably(path, bytes, FileAccess::Private); // throws "PATH: reason"
    return path;
}

int defaultRegionLevel(int width, int height, const QList<int>& levels) {
    if (levels.isEmpty())
        return image::defaultCropLevel(width, height);
    const std::vector<int> compiled(levels.begin(), levels.end());
    return image::defaultCropLevel(width, height, compiled);
}

} // namespace facet::app
