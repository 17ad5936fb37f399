import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// The open conversation: user messages and streamed replies. Follows the newest text unless the
// user has scrolled up.
ListView {
    id: view
    objectName: "chatView"
    property bool followTail: true
    signal editRequested(int row, string text)
    model: App.conversation
    spacing: 12
    clip: true
    topMargin: 12
    bottomMargin: 12
    reuseItems: false
    Accessible.role: Accessible.List
    Accessible.name: qsTr("Messages")
    ScrollBar.vertical: ScrollBar { Accessible.name: qsTr("Scroll messages") }

    onMovementEnded: followTail = atYEnd
    onContentHeightChanged: if (followTail) Qt.callLater(positionViewAtEnd)
    onCountChanged: if (followTail) Qt.callLater(positionViewAtEnd)

    delegate: Item {
        id: row
        required property int index
        required property string role
        required property string text
        required property string reasoning
        required property var images
        required property var stats
        required property string error
        required property string finishReason
        required property bool streaming
        required property string phase
        width: view.width
        implicitHeight: loader.item ? loader.item.implicitHeight : 0
        Loader {
            id: loader
            width: parent.width
            sourceComponent: row.role === "user" ? userComponent : replyComponent
        }
        Component {
            id: userComponent
            UserMessage {
                width: row.width
                row: row.index
                text: row.text
                images: row.images
                onEditRequested: (r, t) => view.editRequested(r, t)
            }
        }
        Component {
            id: replyComponent
            ReplyMessage {
                width: row.width
                text: row.text
                reasoning: row.reasoning
                stats: row.stats
                error: row.error
                finishReason: row.finishReason
                streaming: row.streaming
                phase: row.phase
                isLast: row.index === view.count - 1
            }
        }
    }
}
