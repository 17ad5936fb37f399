import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Saved conversations: new, search (title and text), open, rename, delete with undo.
Pane {
    id: sidebar
    required property ConversationLibrary library
    required property ChatListModel chats
    // The conversation a reply is being written in, "" when none.
    required property string writingId
    padding: Theme.mediumSpacing
    background: Rectangle { color: Theme.sidebar }

    function groupName(group) {
        switch (group) {
        //: Sidebar header: conversations changed today.
        case DateGroup.Today: return qsTr("Today")
        case DateGroup.Yesterday: return qsTr("Yesterday")
        //: Sidebar header: changed 2 to 6 days ago.
        case DateGroup.Last7Days: return qsTr("Last 7 days")
        //: Sidebar header: changed 7 to 29 days ago.
        case DateGroup.Last30Days: return qsTr("Last 30 days")
        }
        //: Sidebar header: changed 30 or more days ago.
        return qsTr("Older")
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.mediumSpacing
        Button {
            Layout.fillWidth: true
            text: qsTr("New chat")
            Accessible.name: qsTr("New chat (Ctrl+N)")
            onClicked: sidebar.library.newChat()
        }
        TextField {
            Layout.fillWidth: true
            placeholderText: qsTr("Search titles and text")
            Accessible.name: qsTr("Search conversations")
            Keys.onEscapePressed: text = ""
            onTextChanged: sidebar.chats.filter = text
        }
        ListView {
            id: list
            objectName: "chatList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: sidebar.chats
            // Keyboard: Tab reaches the list, arrows move, Enter opens.
            activeFocusOnTab: true
            keyNavigationEnabled: true
            currentIndex: -1
            onActiveFocusChanged: if (activeFocus && currentIndex < 0 && count > 0) currentIndex = 0
            Keys.onReturnPressed: if (currentIndex >= 0) sidebar.library.openChat(sidebar.chats.idAt(currentIndex))
            Keys.onEnterPressed: if (currentIndex >= 0) sidebar.library.openChat(sidebar.chats.idAt(currentIndex))
            // The row's actions from the keyboard (its "⋯" button takes no Tab focus).
            Keys.onPressed: (event) => {
                if (currentIndex < 0 || !currentItem)
                    return
                if (event.key === Qt.Key_F2) {
                    currentItem.renaming = true
                } else if (event.key === Qt.Key_Delete) {
                    sidebar.library.deleteChat(sidebar.chats.idAt(currentIndex))
                } else if (event.key === Qt.Key_Menu
                           || (event.key === Qt.Key_F10 && (event.modifiers & Qt.ShiftModifier))) {
                    currentItem.openMenu()
                } else {
                    return
                }
                event.accepted = true
            }
            spacing: Theme.tinySpacing
            // Date headers (Today, Yesterday, …): the list is newest first, so each group is one
            // run of rows (ChatListModel's dateGroup, Conversations/dategroup.h).
            section.property: "dateGroup"
            section.criteria: ViewSection.FullString
            section.delegate: Label {
                required property string section
                width: ListView.view ? ListView.view.width : implicitWidth
                topPadding: Theme.largeSpacing
                bottomPadding: Theme.tinySpacing
                leftPadding: Theme.smallSpacing
                text: sidebar.groupName(Number(section))
                font.pointSize: Theme.captionFontSize
                font.bold: true
                color: Theme.mutedText
                Accessible.role: Accessible.Heading
                Accessible.name: text
            }
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Conversations")
            delegate: ChatListItem {
                width: list.width
                current: chatId === sidebar.library.currentId
                keyboardCurrent: list.activeFocus && ListView.isCurrentItem
                writing: chatId === sidebar.writingId
                onOpenRequested: (id) => sidebar.library.openChat(id)
                onRenameRequested: (id, title) => sidebar.library.renameChat(id, title)
                onDeleteRequested: (id) => sidebar.library.deleteChat(id)
            }
            Label {
                anchors.centerIn: parent
                visible: list.count === 0
                text: sidebar.chats.filter.length > 0 ? qsTr("No match") : qsTr("No saved conversations")
                color: Theme.mutedText
            }
        }
        Pane {
            Layout.fillWidth: true
            visible: sidebar.library.undoTitle.length > 0
            padding: Theme.smallSpacing
            background: Rectangle { color: Theme.replyBubble; radius: Theme.radius }
            RowLayout {
                anchors.fill: parent
                Label {
                    Layout.fillWidth: true
                    text: qsTr("Deleted “%1”").arg(sidebar.library.undoTitle)
                    elide: Text.ElideRight
                    color: Theme.text
                }
                Button {
                    text: qsTr("Undo")
                    Accessible.name: qsTr("Undo delete")
                    onClicked: sidebar.library.undoDelete()
                }
            }
        }
    }
}
