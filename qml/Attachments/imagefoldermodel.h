#pragma once
// One folder as the image picker shows it (ImagePickerDialog.qml): its subfolders, then the
// image files Facet decodes (sweep::hasImageExtension, the engine's list), other files left
// out, sorted as a file manager does; and which images are selected, with the mouse and key
// rules of a file manager (click, Ctrl+click, Shift+click, Ctrl+A, Space). Qt's own FileDialog
// cannot select several files without a native dialog (ImagePickerDialog.qml says where).
//
// Paths cross to QML as local paths and file URLs made here with QUrl::fromLocalFile, thumbnails
// as image://facet/thumb/ URLs made by imageurls.h: a name with 'é', '한글', a space, '#' or
// '%' is the same file all the way. Listing reads names only (no image is opened), so a folder
// of thousands of photos lists at once; the thumbnails are decoded by the image provider on its
// thread pool, only for the cells on screen.
#include <QAbstractListModel>
#include <QList>
#include <QString>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class ImageFolderModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    // The folder shown, a local path without a trailing '/' (but "/").
    Q_PROPERTY(QString folder READ folder NOTIFY folderChanged)
    Q_PROPERTY(bool canGoUp READ canGoUp NOTIFY folderChanged)
    Q_PROPERTY(int selectedCount READ selectedCount NOTIFY selectionChanged)
    Q_PROPERTY(int imageCount READ imageCount NOTIFY folderChanged)
    Q_PROPERTY(int count READ rowCount NOTIFY folderChanged)
public:
    enum Role {
        NameRole = Qt::UserRole + 1,
        PathRole,
        FileUrlRole,
        IsFolderRole,
        ThumbnailRole, // image://facet/thumb/… for an image, empty for a folder
        SelectedRole,
    };
    Q_ENUM(Role)
    // What a typed path names (the picker's path field).
    enum Kind { Missing, Folder, Image, OtherFile };
    Q_ENUM(Kind)

    explicit ImageFolderModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    QString folder() const { return folder_; }
    bool canGoUp() const;
    int selectedCount() const;
    int imageCount() const;

    // Shows `path` (a local path; "~" is the home folder) and clears the selection. False, and
    // nothing changes, when it is not a readable folder.
    Q_INVOKABLE bool setFolder(const QString& path);
    Q_INVOKABLE bool goUp();
    // The row of a name in the folder shown, or -1 (after Up: the folder just left).
    Q_INVOKABLE int rowOf(const QString& name) const;

    // A typed path, relative to the folder shown, "~" for home: absolute and cleaned.
    Q_INVOKABLE QString resolve(const QString& typed) const;
    Q_INVOKABLE Kind kindOf(const QString& typed) const;
    Q_INVOKABLE QUrl fileUrl(const QString& path) const { return QUrl::fromLocalFile(path); }

    // A click on `row` with the keyboard modifiers held (Qt::KeyboardModifiers as an int):
    // plain selects it alone, Ctrl toggles it, Shift selects from the anchor (the last row
    // clicked without Shift) to it, Ctrl+Shift adds that range. Folders are never selected.
    Q_INVOKABLE void click(int row, int modifiers);
    Q_INVOKABLE void toggle(int row);
    // Where the next Shift+click or Shift+arrow range starts (the keyboard's position after a
    // plain arrow key).
    Q_INVOKABLE void setAnchor(int row) { anchor_ = row; }
    Q_INVOKABLE void selectAll();
    Q_INVOKABLE void clearSelection();
    // The selected images' file URLs, in the order shown.
    Q_INVOKABLE QList<QUrl> selectedUrls() const;

signals:
    void folderChanged();
    void selectionChanged();

private:
    struct Entry {
        QString name;
        QString path;
        bool folder = false;
        bool selected = false;
    };
    bool selectable(int row) const;
    void setSelected(int row, bool on);
    void selectRange(int from, int to);

    QString folder_;
    QList<Entry> entries_;
    int anchor_ = -1;
};

} // namespace facet::ui
