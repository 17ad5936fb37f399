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
        id: entry
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
        required property int branchIndex
        required property int branchCount
        width: view.width
        implicitHeight: loader.item ? loader.item.implicitHeight : 0
        Loader {
            id: loader
            width: parent.width
            sourceComponent: entry.role === "user" ? userComponent : replyComponent
        }
        Component {
            id: userComponent
            UserMessage {
                width: entry.width
                row: entry.index
                text: entry.text
                images: entry.images
                branchIndex: entry.branchIndex
                branchCount: entry.branchCount
                onEditRequested: (r, t) => view.editRequested(r, t)
            }
        }
        Component {
            id: replyComponent
            ReplyMessage {
                width: entry.width
                text: entry.text
                reasoning: entry.reasoning
                stats: entry.stats
                error: entry.error
                finishReason: entry.finishReason
                streaming: entry.streaming
                phase: entry.phase
                row: entry.index
                branchIndex: entry.branchIndex
                branchCount: entry.branchCount
            }
        }
    }
}
