import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Every "choose image files" of the app (Attach…, Ctrl+O, the sweep's Add images…): a folder's
// subfolders and images as thumbnails, several chosen at once.
//
// Our own, not Qt's FileDialog: on Debian without a GTK platform theme Qt 6.4 uses its
// non-native QML FileDialog, which keeps one selected file (Ctrl+click and Shift+click only move
// it, seen under Xvfb) and reports it alone. qt/qtdeclarative, v6.4.2 and still at commit
// 14ee32ce7b75 (src/quickdialogs/quickdialogsquickimpl/qquickplatformfiledialog.cpp):
// QQuickPlatformFileDialog::selectedFiles() returns { m_dialog->selectedFile() }, the
// filesSelected connection commented out, "TODO: add support for multiple file selection
// (QTBUG-92585)". Issue #55 item 8.
//
// Mouse: click selects an image alone, Ctrl+click adds or removes it, Shift+click selects the
// range from the last click, double-click opens a folder or attaches the image. Keys in the grid:
// arrows move, Shift+arrows select a range, Space selects or deselects, Ctrl+A selects every
// image, Enter opens a folder or attaches, Backspace or Alt+Up goes up, Ctrl+L edits the path.
// The path field takes a folder (Enter goes there) or a file's full path (Enter attaches it).
// The images come out as file URLs made from the local files (ImageFolderModel), in the order
// shown.
Dialog {
    id: picker
    objectName: "imagePicker"
    // The user's choice, file URLs in the order shown; the dialog has closed.
    signal picked(var urls)
    // The last attached image (AttachmentModel.lastAddedPath): its folder is one of the places.
    property string lastAttachedPath: ""
    readonly property int selectedCount: folderModel.selectedCount
    property string acceptLabel: qsTr("Attach %n image(s)", "", selectedCount)
    readonly property alias folderModel: folderModel
    readonly property alias grid: grid
    readonly property alias pathField: pathField
    property string problem: ""

    title: qsTr("Attach images")
    modal: true
    closePolicy: Popup.CloseOnEscape
    anchors.centerIn: Overlay.overlay
    width: Overlay.overlay ? Math.min(Overlay.overlay.width - 2 * Theme.wideSpacing, Theme.gridUnit * 60)
                           : Theme.gridUnit * 60
    height: Overlay.overlay ? Math.min(Overlay.overlay.height - 2 * Theme.wideSpacing, Theme.gridUnit * 42)
                            : Theme.gridUnit * 42
    padding: Theme.largeSpacing

    // A place to jump to: a flat button whose name reads from the left, as a list of places.
    component PlaceButton: Button {
        id: place
        Layout.fillWidth: true
        flat: true
        contentItem: Label {
            text: place.text
            elide: Text.ElideRight
            horizontalAlignment: Text.AlignLeft
            verticalAlignment: Text.AlignVCenter
            color: Theme.text
        }
    }

    ImageFolderModel { id: folderModel }
    ImagePickerPlaces { id: places }

    onAboutToShow: {
        problem = ""
        if (!folderModel.setFolder(places.startFolder()))
            folderModel.setFolder(places.home)
        grid.currentIndex = folderModel.count > 0 ? 0 : -1
        folderModel.setAnchor(grid.currentIndex)
    }
    onOpened: grid.forceActiveFocus()

    function go(folder, focusRow) {
        if (!folderModel.setFolder(folder)) {
            problem = qsTr("Cannot open the folder %1").arg(folder)
            return false
        }
        problem = ""
        grid.currentIndex = focusRow >= 0 ? focusRow : (folderModel.count > 0 ? 0 : -1)
        grid.positionViewAtIndex(Math.max(grid.currentIndex, 0), GridView.Contain)
        folderModel.setAnchor(grid.currentIndex)
        return true
    }
    function goUp() {
        const left = folderModel.folder.substring(folderModel.folder.lastIndexOf("/") + 1)
        if (folderModel.canGoUp && go(folderModel.folder + "/..", -1)) {
            grid.currentIndex = Math.max(folderModel.rowOf(left), 0)
            grid.positionViewAtIndex(grid.currentIndex, GridView.Contain)
            folderModel.setAnchor(grid.currentIndex)
        }
    }
    function finish(urls) {
        if (urls.length === 0)
            return
        places.remember(folderModel.folder)
        close()
        picked(urls)
    }
    function attachSelected() { finish(folderModel.selectedUrls()) }
    // Enter in the grid or a double-click: a folder opens; an image attaches the selection, or
    // this image alone where nothing is selected.
    function activate(row) {
        if (row < 0 || row >= folderModel.count)
            return
        const cell = grid.itemAtIndex(row) as ImagePickerCell
        if (cell && cell.isFolder)
            go(cell.path, -1)
        else if (folderModel.selectedCount > 0)
            attachSelected()
        else if (cell)
            finish([folderModel.fileUrl(cell.path)])
    }
    // The path field: a folder is entered, an existing file attached (one that is not an image
    // Facet reads is refused by the attachments with its reason), anything else is said.
    function openTyped(text) {
        const path = folderModel.resolve(text)
        switch (folderModel.kindOf(text)) {
        case ImageFolderModel.Folder:
            if (go(path, -1))
                grid.forceActiveFocus()
            break
        case ImageFolderModel.Image:
        case ImageFolderModel.OtherFile:
            places.remember(places.folderOf(path))
            close()
            picked([folderModel.fileUrl(path)])
            break
        default:
            problem = qsTr("There is no file or folder %1").arg(path)
        }
    }
    function moveBy(step, event) {
        const from = grid.currentIndex
        const to = Math.max(0, Math.min(folderModel.count - 1, from + step))
        grid.currentIndex = to
        if (event.modifiers & Qt.ShiftModifier)
            folderModel.click(to, Qt.ShiftModifier | (event.modifiers & Qt.ControlModifier))
        else
            folderModel.setAnchor(to)
    }

    contentItem: ColumnLayout {
        spacing: Theme.mediumSpacing
        Keys.onPressed: (event) => {
            if (event.key === Qt.Key_L && (event.modifiers & Qt.ControlModifier)) {
                pathField.forceActiveFocus()
                pathField.selectAll()
                event.accepted = true
            }
        }

        RowLayout {
            Layout.fillWidth: true
            spacing: Theme.smallSpacing
            IconButton {
                objectName: "imagePickerUp"
                iconName: "arrow-up"
                label: qsTr("Up to the parent folder (Backspace)")
                enabled: folderModel.canGoUp
                onClicked: picker.goUp()
            }
            TextField {
                id: pathField
                objectName: "imagePickerPath"
                Layout.fillWidth: true
                text: folderModel.folder
                selectByMouse: true
                placeholderText: qsTr("A folder, or an image's full path")
                Accessible.name: qsTr("Folder or file path (Ctrl+L)")
                onAccepted: picker.openTyped(text)
                // A path typed but not used goes back to the folder shown on leaving the field.
                onActiveFocusChanged: if (!activeFocus) text = Qt.binding(() => folderModel.folder)
            }
        }

        RowLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: Theme.largeSpacing

            ColumnLayout {
                Layout.alignment: Qt.AlignTop
                // A layout fills the width by default: the grid takes what is left.
                Layout.fillWidth: false
                Layout.preferredWidth: Theme.gridUnit * 9
                spacing: Theme.smallSpacing
                //: Heading of the image picker's list of folders to jump to.
                Label { text: qsTr("Places"); color: Theme.mutedText; font.pointSize: Theme.smallFontSize }
                PlaceButton {
                    text: qsTr("Home")
                    Accessible.name: qsTr("Go to the home folder")
                    onClicked: picker.go(places.home, -1)
                }
                PlaceButton {
                    visible: places.pictures.length > 0
                    text: qsTr("Pictures")
                    Accessible.name: qsTr("Go to the Pictures folder")
                    onClicked: picker.go(places.pictures, -1)
                }
                PlaceButton {
                    readonly property string folder: places.folderOf(picker.lastAttachedPath)
                    objectName: "imagePickerLastAttached"
                    visible: folder.length > 0
                    //: Image picker place: the folder of the image attached last.
                    text: qsTr("Last attached")
                    Accessible.name: qsTr("Go to the folder of the last attached image")
                    ToolTip.visible: hovered
                    ToolTip.delay: 600
                    ToolTip.text: folder
                    onClicked: picker.go(folder, -1)
                }
            }

            Rectangle {
                Layout.fillWidth: true
                Layout.fillHeight: true
                color: Theme.window
                border.color: grid.activeFocus ? Theme.focus : Theme.border
                border.width: Theme.hairline
                radius: Theme.smallRadius

                GridView {
                    id: grid
                    objectName: "imagePickerGrid"
                    anchors.fill: parent
                    anchors.margins: Theme.hairline
                    clip: true
                    model: folderModel
                    activeFocusOnTab: true
                    keyNavigationEnabled: false
                    cellWidth: Theme.gridUnit * 8
                    cellHeight: Theme.gridUnit * 8
                    highlightFollowsCurrentItem: false
                    boundsBehavior: Flickable.StopAtBounds
                    ScrollBar.vertical: ScrollBar {}
                    Accessible.role: Accessible.List
                    Accessible.name: qsTr("Folders and images in %1").arg(folderModel.folder)
                    readonly property int columns: Math.max(1, Math.floor(width / cellWidth))

                    delegate: ImagePickerCell {
                        width: grid.cellWidth
                        height: grid.cellHeight
                        current: GridView.isCurrentItem
                        showFocus: grid.activeFocus
                        onClicked: (modifiers) => {
                            grid.currentIndex = index
                            grid.forceActiveFocus()
                            if (!isFolder)
                                folderModel.click(index, modifiers)
                        }
                        onDoubleClicked: isFolder ? picker.go(path, -1) : picker.finish([folderModel.fileUrl(path)])
                    }

                    Keys.onPressed: (event) => {
                        const ctrl = event.modifiers & Qt.ControlModifier
                        switch (event.key) {
                        // As drawn: a mirrored grid (right-to-left) starts on the right.
                        case Qt.Key_Left: picker.moveBy(grid.effectiveLayoutDirection === Qt.RightToLeft ? 1 : -1, event); break
                        case Qt.Key_Right: picker.moveBy(grid.effectiveLayoutDirection === Qt.RightToLeft ? -1 : 1, event); break
                        case Qt.Key_Up:
                            if (event.modifiers & Qt.AltModifier)
                                picker.goUp()
                            else
                                picker.moveBy(-grid.columns, event)
                            break
                        case Qt.Key_Down: picker.moveBy(grid.columns, event); break
                        case Qt.Key_Home: picker.moveBy(-folderModel.count, event); break
                        case Qt.Key_End: picker.moveBy(folderModel.count, event); break
                        case Qt.Key_PageUp: picker.moveBy(-grid.columns * Math.max(1, Math.floor(grid.height / grid.cellHeight)), event); break
                        case Qt.Key_PageDown: picker.moveBy(grid.columns * Math.max(1, Math.floor(grid.height / grid.cellHeight)), event); break
                        case Qt.Key_Space: folderModel.toggle(grid.currentIndex); break
                        case Qt.Key_Backspace: picker.goUp(); break
                        case Qt.Key_Return:
                        case Qt.Key_Enter: picker.activate(grid.currentIndex); break
                        case Qt.Key_A:
                            if (!ctrl)
                                return
                            folderModel.selectAll()
                            break
                        default:
                            return
                        }
                        event.accepted = true
                    }
                }

                Label {
                    anchors.centerIn: parent
                    visible: folderModel.count === 0
                    //: The image picker's folder has no subfolders and no image Facet reads.
                    text: qsTr("No folders or images here")
                    color: Theme.mutedText
                }
            }
        }

        Label {
            objectName: "imagePickerStatus"
            Layout.fillWidth: true
            elide: Text.ElideMiddle
            color: picker.problem.length > 0 ? Theme.error : Theme.mutedText
            text: picker.problem.length > 0
                  ? picker.problem
                  : folderModel.selectedCount > 0
                    ? qsTr("%n of %1 image(s) selected", "", folderModel.selectedCount).arg(folderModel.imageCount)
                    : qsTr("Click, Ctrl+click, Shift+click or Space to select images; Enter attaches")
            Accessible.role: Accessible.StaticText
            Accessible.name: text
        }
    }

    footer: DialogButtonBox {
        Button {
            objectName: "imagePickerCancel"
            text: qsTr("Cancel")
            // No button roles: qmllint 6.4 cannot resolve DialogButtonBox's role enums, and
            // each button says what it does itself.
            Accessible.name: qsTr("Cancel")
            onClicked: picker.reject()
        }
        Button {
            objectName: "imagePickerAttach"
            text: picker.acceptLabel
            highlighted: true
            enabled: folderModel.selectedCount > 0
            // Not an accept role: the box would close the dialog before the URLs were taken.
            Accessible.name: text
            onClicked: picker.attachSelected()
        }
    }
}
