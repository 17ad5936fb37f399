import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// A reply: Markdown as it streams in, the current phase while waiting, the model's thinking
// (collapsed, muted), the error if the engine failed, statistics when done, and copy, regenerate
// (a new version of this reply: the conversation branches here) and the version switcher.
Pane {
    id: reply
    objectName: "replyMessage"
    required property string text
    required property string reasoning
    required property replyStats stats
    required property string error
    required property bool streaming
    required property string phase
    required property int row
    required property int branchIndex
    required property int branchCount
    // A reply chosen from a comparison: the detail level it was made at (0: an ordinary reply).
    property int level: 0
    // False while any reply streams or no model is loaded.
    required property bool canAct
    property bool showThinking: false
    signal copyRequested(string text)
    signal regenerateRequested(int row)
    signal switchRequested(int row, int index)
    padding: Theme.largeSpacing
    background: Rectangle { color: Theme.replyBubble; radius: Theme.radius; border.color: Theme.border }
    Accessible.role: Accessible.Grouping
    Accessible.name: qsTr("Reply")

    ColumnLayout {
        anchors.left: parent.left
        anchors.right: parent.right
        spacing: Theme.mediumSpacing
        Label {
            objectName: "replyLevel"
            visible: reply.level > 0
            text: qsTr("Compared answer at detail level %1 %2").arg(Labels.detailLevelName(reply.level)).arg(reply.level)
            font.pointSize: Theme.captionFontSize
            color: Theme.mutedText
        }
        RowLayout {
            visible: reply.streaming && reply.phase.length > 0
            BusyIndicator { running: parent.visible; implicitWidth: 20; implicitHeight: 20 }
            Label {
                objectName: "phaseLabel"
                text: reply.phase
                color: Theme.mutedText
                //: Accessible name of the phase line under a streaming reply.
                Accessible.name: qsTr("Progress")
                Accessible.description: text
            }
        }
        IconButton {
            objectName: "thinkingToggle"
            visible: reply.reasoning.length > 0
            iconName: reply.showThinking ? "chevron-down" : "chevron-right"
            //: Header of the folded section holding the model's reasoning (noun).
            text: qsTr("Thinking")
            label: reply.showThinking ? qsTr("Hide the model's thinking")
                                      : qsTr("Show the model's thinking")
            onClicked: reply.showThinking = !reply.showThinking
        }
        Label {
            objectName: "thinkingText"
            Layout.fillWidth: true
            visible: reply.showThinking && reply.reasoning.length > 0
            text: reply.reasoning
            textFormat: Text.PlainText
            wrapMode: Text.Wrap
            color: Theme.mutedText
            font.italic: true
            Accessible.role: Accessible.StaticText
            Accessible.name: qsTr("The model's thinking")
        }
        MarkdownBlocks {
            objectName: "replyText"
            Layout.fillWidth: true
            text: reply.text
            onCopyRequested: (code) => reply.copyRequested(code)
        }
        Label {
            Layout.fillWidth: true
            visible: reply.error.length > 0
            text: qsTr("Error: %1").arg(reply.error)
            wrapMode: Text.Wrap
            color: Theme.error
            Accessible.role: Accessible.AlertMessage
            Accessible.name: text
        }
        ReplyStats {
            Layout.fillWidth: true
            visible: !reply.streaming && reply.stats.present
            stats: reply.stats
        }
        RowLayout {
            visible: !reply.streaming
            BranchSwitcher {
                row: reply.row
                index: reply.branchIndex
                count: reply.branchCount
                canSwitch: reply.canAct
                onSwitchRequested: (r, i) => reply.switchRequested(r, i)
            }
            IconButton {
                objectName: "copyButton"
                iconName: "copy"
                label: qsTr("Copy reply")
                onClicked: reply.copyRequested(reply.text)
            }
            IconButton {
                objectName: "regenerateButton"
                enabled: reply.canAct
                iconName: "refresh-cw"
                label: qsTr("Regenerate reply (keeps this one as a version)")
                onClicked: reply.regenerateRequested(reply.row)
            }
        }
    }
}
