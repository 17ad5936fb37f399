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
    property bool current: false
    property bool renaming: false
    highlighted: current
    text: title
    Accessible.name: qsTr("Open conversation %1").arg(title)
    onClicked: App.chat.openChat(chatId)
    onDoubleClicked: renaming = true

    contentItem: RowLayout {
        Label {
            Layout.fillWidth: true
            visible: !item.renaming
            text: item.title
            elide: Text.ElideRight
            color: Theme.text
        }
        TextField {
            id: field
            Layout.fillWidth: true
            visible: item.renaming
            text: item.title
            Accessible.name: qsTr("New title")
            onVisibleChanged: if (visible) { forceActiveFocus(); selectAll() }
            onAccepted: { App.chat.renameChat(item.chatId, text); item.renaming = false }
            Keys.onEscapePressed: item.renaming = false
        }
        IconButton {
            text: "⋯"
            label: qsTr("Actions for %1").arg(item.title)
            onClicked: menu.open()
            Menu {
                id: menu
                MenuItem { text: qsTr("Rename"); Accessible.name: text; onTriggered: item.renaming = true }
                MenuItem { text: qsTr("Delete"); Accessible.name: text; onTriggered: App.chat.deleteChat(item.chatId) }
            }
        }
    }
}
