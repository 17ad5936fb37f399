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
    }

    contentItem: RowLayout {
        Label {
            Layout.fillWidth: true
            visible: !item.renaming
            text: item.title
            elide: Text.ElideRight
            color: Theme.text
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
