#include "Attachments/imageurls.h"

namespace facet::ui {
namespace {

QUrl providerUrl(const QString& what, const QString& path) {
    // Every byte of the path but unreserved ASCII percent-encoded, so '/' '#' '?' '%' and
    // spaces stay inside the one segment; strict parsing keeps it exactly so.
    return QUrl(QStringLiteral("image://facet/") + what +
                    QString::fromLatin1(QUrl::toPercentEncoding(path)),
                QUrl::StrictMode);
}

} // namespace

QUrl thumbnailUrl(const QString& path) {
    return providerUrl(QStringLiteral("thumb/"), path);
}

QUrl seenUrl(int level, const QString& path) {
    return providerUrl(QStringLiteral("seen/%1/").arg(level), path);
}

QString pathFromImageId(QStringView encodedPath) {
    return QUrl::fromPercentEncoding(encodedPath.toUtf8());
}

} // namespace facet::ui
