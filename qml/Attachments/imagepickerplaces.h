#pragma once
// The image picker's places and memory (ImagePickerDialog.qml): the home folder, Pictures where
// the system names one that exists, and the folder the picker last attached from, kept in the
// settings so the next session opens there.
#include <QObject>
#include <QString>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class ImagePickerPlaces : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString home READ home CONSTANT)
    // "" where there is no Pictures folder (QStandardPaths::PicturesLocation, which falls back
    // to the home folder itself: then "" too).
    Q_PROPERTY(QString pictures READ pictures CONSTANT)
    // "" until the picker has attached something, or when that folder is gone.
    Q_PROPERTY(QString lastFolder READ lastFolder NOTIFY lastFolderChanged)
public:
    using QObject::QObject;

    QString home() const;
    QString pictures() const;
    QString lastFolder() const;
    // Where the picker opens: the last folder, else Pictures, else home.
    Q_INVOKABLE QString startFolder() const;
    Q_INVOKABLE void remember(const QString& folder);
    // The folder of a local file (the last attached image's), "" when it does not exist.
    Q_INVOKABLE QString folderOf(const QString& file) const;

signals:
    void lastFolderChanged();
};

} // namespace facet::ui
