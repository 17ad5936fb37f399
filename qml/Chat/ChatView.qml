import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// The open conversation: user messages and streamed replies. Follows the newest text unless the
// user has scrolled up.
ListView {
    id: view
    objectName: "chatView"
    required property ChatSession chat
    required property ConversationModel conversation
    required property bool engineReady
    // A comparison of levels shows under the last question until the user continues with one.
    required property CompareSession compare
    readonly property bool canAct: engineReady && !chat.busy && !chat.held
    property bool followTail: true
    signal previewRequested(string path, string name, int level, int tokens, int imageWidth, int imageHeight)
    model: conversation
    spacing: Theme.wideSpacing
    clip: true
    topMargin: Theme.wideSpacing
    bottomMargin: Theme.wideSpacing
    reuseItems: false
    Accessible.role: Accessible.List
    Accessible.name: qsTr("Messages")
    ScrollBar.vertical: ScrollBar { Accessible.name: qsTr("Scroll messages") }

    onMovementEnded: followTail = atYEnd
    // Once per event-loop turn however many changes arrive (a zero-interval timer: the linter of
    // Qt 6.4 cannot type Qt.callLater).
    onContentHeightChanged: if (followTail) tailTimer.restart()
    onCountChanged: if (followTail) tailTimer.restart()
    Timer { id: tailTimer; interval: 0; onTriggered: view.positionViewAtEnd() }

    footer: Item {
        width: view.width
        height: compareLoader.active ? compareLoader.implicitHeight + Theme.wideSpacing : 0
        // The comparison keeps the whole width: its columns sit side by side.
        Loader {
            id: compareLoader
            y: Theme.wideSpacing
            width: parent.width
            active: view.compare.active
            sourceComponent: Component {
                CompareView {
                    compare: view.compare
                    onPreviewRequested: (p, n, l, t, w, h) => view.previewRequested(p, n, l, t, w, h)
                }
            }
        }
    }

    delegate: Item {
        id: entry
        required property int index
        required property string role
        required property string text
        required property string reasoning
        required property var images
        required property replyStats stats
        required property string error
        required property bool streaming
        required property string phase
        required property int branchIndex
        required property int branchCount
        required property int level
        width: view.width
        implicitHeight: loader.implicitHeight
        // The reading column: lines of a readable length, centred, however wide the window.
        Loader {
            id: loader
            x: Math.round((parent.width - width) / 2)
            width: Math.min(parent.width, Theme.readingWidth)
            sourceComponent: entry.role === "user" ? userComponent : replyComponent
        }
        Component {
            id: userComponent
            UserMessage {
                width: loader.width
                row: entry.index
                text: entry.text
                images: entry.images
                branchIndex: entry.branchIndex
                branchCount: entry.branchCount
                canAct: view.canAct
                onEditRequested: (r, t) => view.chat.editAndResend(r, t)
                onSwitchRequested: (r, i) => view.chat.switchBranch(r, i)
                onPreviewRequested: (p, n, l, t, w, h) => view.previewRequested(p, n, l, t, w, h)
            }
        }
        Component {
            id: replyComponent
            ReplyMessage {
                width: loader.width
                text: entry.text
                reasoning: entry.reasoning
                stats: entry.stats
                error: entry.error
                streaming: entry.streaming
                phase: entry.phase
                row: entry.index
                branchIndex: entry.branchIndex
                branchCount: entry.branchCount
                level: entry.level
                canAct: view.canAct
                onCopyRequested: (t) => view.chat.copyText(t)
                onRegenerateRequested: (r) => view.chat.regenerate(r)
                onSwitchRequested: (r, i) => view.chat.switchBranch(r, i)
            }
        }
    }
}
