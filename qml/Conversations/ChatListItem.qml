import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// One saved conversation in the sidebar; double-click or the menu renames it. The list is one
// Tab stop (Sidebar.qml: arrows move, Enter opens, F2 renames, Delete deletes, the Menu key
// opens the actions): neither the row nor its "⋯" button takes Tab focus, which made Tab visit
// every row twice.
ItemDelegate {
    id: item
    objectName: "chatListItem"
    focusPolicy: Qt.NoFocus
    required property string chatId
    required property string title
    required property bool current
    // The first image sent in it (image://facet/thumb/…, built from the file in C++), or empty.
    required property url thumbnail
    // The list's keyboard position while the list has focus: drawn as a focus frame.
    property bool keyboardCurrent: false
    // A reply is being written in this conversation (possibly while another one is open).
    property bool writing: false
    property bool renaming: false
    signal openRequested(string chatId)
    signal renameRequested(string chatId, string title)
    signal deleteRequested(string chatId)
    highlighted: current
    function openMenu() { menu.open() }
    text: title
    Accessible.name: qsTr("Open conversation %1").arg(title)
    onClicked: openRequested(chatId)
    onDoubleClicked: renaming = true
    background: Rectangle {
        color: item.pressed ? Theme.pressed
               : item.current ? Theme.selection : (item.hovered ? Theme.hover : "transparent")
        radius: Theme.smallRadius
        border.width: item.keyboardCurrent || item.visualFocus ? Theme.focusWidth : 0
        border.color: Theme.focus
        // The open conversation: an accent bar at its start besides the selection colour, so it
        // stands out from a hovered row and from the keyboard's frame.
        Rectangle {
            objectName: "activeBar"
            visible: item.current
            anchors.left: parent.left
            anchors.verticalCenter: parent.verticalCenter
            width: Theme.focusWidth + Theme.hairline
            height: parent.height - 2 * Theme.smallSpacing
            radius: Theme.hairline
            color: Theme.accent
        }
    }

    contentItem: RowLayout {
        spacing: Theme.largeSpacing
        // The first image of the conversation, or an empty tile of the same size so titles line up.
        Rectangle {
            Layout.preferredWidth: Theme.gridUnit * 2
            Layout.preferredHeight: Theme.gridUnit * 2
            radius: Theme.smallRadius
            color: thumb.status === Image.Ready ? Theme.imageBackground : Theme.hover
            Image {
                id: thumb
                objectName: "chatThumbnail"
                anchors.fill: parent
                source: item.thumbnail
                sourceSize.width: width * Screen.devicePixelRatio
                sourceSize.height: height * Screen.devicePixelRatio
                fillMode: Image.PreserveAspectCrop
                asynchronous: true
                cache: true
                Accessible.ignored: true
            }
        }
        Label {
            Layout.fillWidth: true
            visible: !item.renaming
            text: item.title
            elide: Text.ElideRight
            color: Theme.text
            font.bold: item.current
        }
        Label {
            objectName: "writingLabel"
            visible: item.writing && !item.renaming
            text: qsTr("writing…")
            color: Theme.mutedText
            font.italic: true
            Accessible.name: qsTr("A reply is being written in %1").arg(item.title)
        }
        TextField {
            id: field
            Layout.fillWidth: true
            visible: item.renaming
            text: item.title
            Accessible.name: qsTr("New title")
            onVisibleChanged: if (visible) { forceActiveFocus(); selectAll() }
            // Return is taken here, not left to travel on: TextInput emits accepted() and lets
            // the key go up to the list, whose Return opened its current row — renaming a
            // conversation that was not open switched to it (issue #55 item 8).
            function commit() { item.renameRequested(item.chatId, text); item.renaming = false }
            Keys.onReturnPressed: (event) => { event.accepted = true; commit() }
            Keys.onEnterPressed: (event) => { event.accepted = true; commit() }
            Keys.onEscapePressed: item.renaming = false
        }
        IconButton {
            iconName: "ellipsis"
            label: qsTr("Actions for %1").arg(item.title)
            focusPolicy: Qt.NoFocus
            onClicked: menu.open()
            Menu {
                id: menu
                MenuItem { text: qsTr("Rename"); Accessible.name: text; onTriggered: item.renaming = true }
                MenuItem { text: qsTr("Delete"); Accessible.name: text; onTriggered: item.deleteRequested(item.chatId) }
            }
        }
    }
}
