#include "core/support/pastedimage.h"

#include "core/support/durablefile.h"
#include "core/support/userfiles.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QDir>
#include <QStandardPaths>

#include <stdexcept>

namespace facet::app {

QString savePastedImage(const QImage& image) {
    if (image.isNull())
        throw std::runtime_error("pasted image: the clipboard holds no readable image");
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!image.convertToFormat(QImage::Format_RGB888).save(&buffer, "PNG"))
        throw std::runtime_error("pasted image: could not be encoded as PNG");
    const QString dir =
        QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QLatin1String("/pasted");
    makePrivateDir(dir);
    const QString name =
        QStringLiteral("pasted-%1.png")
            .arg(QString::fromLatin1(
                QCryptographicHash::hash(png, QCryptographicHash::Sha256).toHex().left(12)));
    const QString path = dir + QLatin1Char('/') + name;
    writeFileDurably(path, png, FileAccess::Private); // throws "PATH: reason"
    return path;
}

} // namespace facet::app
