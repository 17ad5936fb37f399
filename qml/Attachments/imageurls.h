#pragma once
// URLs of the app's image provider (image://facet/…, imageprovider.h) for a local file, and the
// file back from the id the provider is handed. Built here, never glued together in QML: a name
// with 'é', '한글', a space, '#' or '%' must reach the provider as the same file.
#include <QObject>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

// image://facet/thumb/<path, percent-encoded as one segment>
QUrl thumbnailUrl(const QString& path);
// image://facet/seen/<level>/<path, percent-encoded as one segment>
QUrl seenUrl(int level, const QString& path);

// The path in an id that Qt Quick hands to the provider: the URL after "image://facet/", as
// QUrl::toString() writes it by default (QQuickPixmap's imageId(), qt/qtdeclarative
// src/quick/util/qquickpixmapcache.cpp, 6.4), which decodes letters outside ASCII and spaces but
// leaves '%' as "%25". Decoding it as UTF-8 gives the path back in either form.
QString pathFromImageId(QStringView encodedPath);

// The same for QML: ImageUrls.seen(level, path).
class ImageUrls : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
public:
    using QObject::QObject;
    Q_INVOKABLE QUrl thumbnail(const QString& path) const { return thumbnailUrl(path); }
    Q_INVOKABLE QUrl seen(int level, const QString& path) const { return seenUrl(level, path); }
};

} // namespace facet::ui
