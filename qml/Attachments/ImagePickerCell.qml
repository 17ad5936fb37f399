import QtQuick
import QtQuick.Controls
import QtQuick.Controls.impl
import Facet.Ui

// One cell of the image picker's grid (ImagePickerDialog.qml): a folder's icon or an image's
// thumbnail with its name. Not a Tab stop of its own: the grid is one, and the keyboard moves
// through it (ImagePickerDialog.qml). Clicks go to the dialog, which knows the selection rules.
Item {
    id: cell
    required property int index
    required property string name
    required property string path
    required property url thumbnail
    required property bool isFolder
    required property bool selected
    // The keyboard's position in the grid, framed while the grid has the focus.
    property bool current: false
    property bool showFocus: false
    signal clicked(int modifiers)
    signal doubleClicked()

    Accessible.role: Accessible.ListItem
    Accessible.name: isFolder ? qsTr("Folder %1").arg(name) : name
    Accessible.selectable: !isFolder
    Accessible.selected: selected

    Rectangle {
        anchors.fill: parent
        anchors.margins: Theme.tinySpacing
        radius: Theme.smallRadius
        color: cell.selected ? Theme.selection
                             : mouse.pressed ? Theme.pressed : mouse.containsMouse ? Theme.hover : "transparent"
        border.width: cell.current && cell.showFocus ? Theme.focusWidth : 0
        border.color: Theme.focus
    }

    Item {
        id: picture
        anchors.top: parent.top
        anchors.topMargin: Theme.mediumSpacing
        anchors.horizontalCenter: parent.horizontalCenter
        width: parent.width - 2 * Theme.largeSpacing
        height: width * 3 / 4

        IconImage {
            visible: cell.isFolder
            anchors.centerIn: parent
            source: "qrc:/icons/folder.svg"
            sourceSize.width: parent.height * 0.7
            sourceSize.height: parent.height * 0.7
            color: Theme.mutedText
        }
        Rectangle {
            visible: !cell.isFolder && thumb.status === Image.Ready
            anchors.centerIn: thumb
            width: thumb.paintedWidth
            height: thumb.paintedHeight
            color: Theme.imageBackground
        }
        // Decoded on the image provider's thread pool (imageprovider.h), only while the cell
        // exists: a folder of thousands of photos lists at once and fills in as it scrolls.
        Image {
            id: thumb
            visible: !cell.isFolder
            anchors.fill: parent
            source: cell.isFolder ? "" : cell.thumbnail
            sourceSize.width: width
            sourceSize.height: height
            fillMode: Image.PreserveAspectFit
            asynchronous: true
        }
        // While the thumbnail is decoded: a plain tile (a spinner per cell cost more than the
        // cells themselves when a folder of photos opens).
        Rectangle {
            anchors.fill: parent
            visible: !cell.isFolder && thumb.status === Image.Loading
            color: Theme.hover
            radius: Theme.smallRadius
        }
        Label {
            anchors.centerIn: parent
            visible: !cell.isFolder && thumb.status === Image.Error
            //: In the image picker, where a thumbnail could not be made (the file is not a readable image).
            text: qsTr("No preview")
            color: Theme.mutedText
            font.pointSize: Theme.captionFontSize
        }
    }

    Label {
        anchors.top: picture.bottom
        anchors.topMargin: Theme.smallSpacing
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.leftMargin: Theme.smallSpacing
        anchors.rightMargin: Theme.smallSpacing
        horizontalAlignment: Text.AlignHCenter
        text: cell.name
        elide: Text.ElideMiddle
        color: Theme.text
        font.pointSize: Theme.smallFontSize
    }

    MouseArea {
        id: mouse
        anchors.fill: parent
        hoverEnabled: true
        onClicked: (event) => cell.clicked(event.modifiers)
        onDoubleClicked: cell.doubleClicked()
    }

    ToolTip.visible: mouse.containsMouse && !mouse.pressed
    ToolTip.delay: 800
    ToolTip.text: cell.name
}
