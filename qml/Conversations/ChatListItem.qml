import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// One saved conversation in the sidebar; double-click or the menu renames it.
ItemDelegate {
    id: item
    objectName: "chatListItem"
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
    text: title
    Accessible.name: qsTr("Open conversation %1").arg(title)
    onClicked: openRequested(chatId)
    onDoubleClicked: renaming = true
    background: Rectangle {
        color: item.current ? Theme.selection : (item.hovered ? Theme.hover : "transparent")
        radius: 4
        border.width: item.keyboardCurrent || item.visualFocus ? 2 : 0
        border.color: Theme.accent
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
            onAccepted: { item.renameRequested(item.chatId, text); item.renaming = false }
            Keys.onEscapePressed: item.renaming = false
        }
        IconButton {
            text: "⋯"
            label: qsTr("Actions for %1").arg(item.title)
            onClicked: menu.open()
            Menu {
                id: menu
                MenuItem { text: qsTr("Rename"); Accessible.name: text; onTriggered: item.renaming = true }
                MenuItem { text: qsTr("Delete"); Accessible.name: text; onTriggered: item.deleteRequested(item.chatId) }
            }
        }
    }
}
