import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Saved conversations: new, search (title and text), open, rename, delete with undo.
Pane {
    id: sidebar
    padding: 6
    background: Rectangle { color: Theme.sidebar }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6
        Button {
            Layout.fillWidth: true
            text: qsTr("New chat")
            Accessible.name: qsTr("New chat (Ctrl+N)")
            onClicked: App.chat.newChat()
        }
        TextField {
            Layout.fillWidth: true
            placeholderText: qsTr("Search titles and text")
            Accessible.name: qsTr("Search conversations")
            onTextChanged: App.chats.filter = text
        }
        ListView {
            id: list
            objectName: "chatList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: App.chats
            spacing: 2
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Conversations")
            delegate: ChatListItem {
                width: list.width
                current: chatId === App.chat.currentId
            }
            Label {
                anchors.centerIn: parent
                visible: list.count === 0
                text: App.chats.filter.length > 0 ? qsTr("No match") : qsTr("No saved conversations")
                color: Theme.mutedText
            }
        }
        Pane {
            Layout.fillWidth: true
            visible: App.chat.undoTitle.length > 0
            padding: 4
            background: Rectangle { color: Theme.replyBubble; radius: Theme.radius }
            RowLayout {
                anchors.fill: parent
                Label {
                    Layout.fillWidth: true
                    text: qsTr("Deleted “%1”").arg(App.chat.undoTitle)
                    elide: Text.ElideRight
                    color: Theme.text
                }
                Button {
                    text: qsTr("Undo")
                    Accessible.name: qsTr("Undo delete")
                    onClicked: App.chat.undoDelete()
                }
            }
        }
    }
}
