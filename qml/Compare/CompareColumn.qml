import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// One level of a comparison: its phase while it runs, what the model sees of each image at this
// level (click for the full view), the answer with the words that differ from the baseline
// column highlighted, its statistics or error, and the two choices: make it the baseline, or
// continue the conversation with it.
Pane {
    id: column
    objectName: "compareColumn"
    required property int index
    required property int level
    required property string text
    required property string markedText
    required property int changedWords
    required property string reasoning
    required property string phase
    required property string error
    required property replyStats stats
    required property bool started
    required property bool ended
    required property bool isBaseline
    required property bool isCheapestAgreeing
    required property var images
    // The comparison still runs: no column can be continued with yet.
    required property bool running
    signal baselineRequested(int column)
    signal continueRequested(int column)
    signal previewRequested(string path, string name, int level, int tokens, int imageWidth, int imageHeight)
    property bool showThinking: false
    readonly property string levelText: qsTr("%1 %2").arg(Labels.detailLevelName(level)).arg(level)
    padding: Theme.largeSpacing
    background: Rectangle {
        color: Theme.replyBubble
        radius: Theme.radius
        border.color: column.isBaseline ? Theme.accent : Theme.border
        border.width: column.isBaseline ? Theme.focusWidth : Theme.hairline
    }
    Accessible.role: Accessible.Grouping
    Accessible.name: qsTr("Answer at detail level %1").arg(levelText)

    ColumnLayout {
        anchors.left: parent.left
        anchors.right: parent.right
        spacing: Theme.mediumSpacing
        RowLayout {
            Layout.fillWidth: true
            Label {
                objectName: "columnLevel"
                Layout.fillWidth: true
                text: column.levelText
                font.bold: true
                color: Theme.text
                elide: Text.ElideRight
            }
            Label {
                objectName: "columnCheapestAgreeing"
                visible: column.isCheapestAgreeing
                text: qsTr("cheapest that agrees")
                color: Theme.accent
                font.bold: true
                font.pointSize: Theme.captionFontSize
                Accessible.name: qsTr("The lowest level that gives the highest level's answer")
            }
            Label {
                visible: column.isBaseline
                text: qsTr("baseline")
                color: Theme.accent
                font.pointSize: Theme.captionFontSize
            }
        }
        RowLayout {
            visible: !column.ended
            BusyIndicator { running: column.started && !column.ended; visible: running; implicitWidth: 18; implicitHeight: 18 }
            Label {
                objectName: "columnPhase"
                Layout.fillWidth: true
                text: column.phase
                wrapMode: Text.Wrap
                color: Theme.mutedText
                font.pointSize: Theme.smallFontSize
                Accessible.name: qsTr("Progress at level %1").arg(column.level)
                Accessible.description: text
            }
        }
        // What the model sees at this level: the resized image with its soft-token grid.
        Flow {
            Layout.fillWidth: true
            spacing: Theme.smallSpacing
            Repeater {
                model: column.images
                delegate: AbstractButton {
                    id: seenButton
                    required property var modelData
                    objectName: "seenThumbnail"
                    implicitWidth: Math.min(Math.round(64 * modelData.width / Math.max(1, modelData.height)), column.availableWidth)
                    implicitHeight: 64
                    activeFocusOnTab: true
                    Accessible.role: Accessible.Button
                    Accessible.name: qsTr("What the model sees at level %1: %2, %3 soft tokens").arg(column.level).arg(modelData.name).arg(modelData.tokens)
                    onClicked: column.previewRequested(modelData.path, modelData.name, column.level, modelData.tokens, modelData.width, modelData.height)
                    contentItem: Image {
                        source: seenButton.modelData.seen
                        sourceSize.height: 128
                        fillMode: Image.PreserveAspectFit
                        asynchronous: true
                        smooth: true
                    }
                    background: Rectangle {
                        color: "transparent"
                        border.color: seenButton.activeFocus ? Theme.focus : Theme.border
                        border.width: seenButton.activeFocus ? Theme.focusWidth : Theme.hairline
                    }
                    ToolTip.visible: hovered
                    ToolTip.delay: 500
                    ToolTip.text: qsTr("%1 soft tokens at this level — click for the full view").arg(modelData.tokens)
                }
            }
        }
        // With "Think first" on: the model's thinking at this level, collapsed like in a reply.
        IconButton {
            objectName: "columnThinkingToggle"
            visible: column.reasoning.length > 0
            iconName: column.showThinking ? "chevron-down" : "chevron-right"
            text: qsTr("Thinking")
            label: column.showThinking ? qsTr("Hide the model's thinking at level %1").arg(column.level)
                                       : qsTr("Show the model's thinking at level %1").arg(column.level)
            onClicked: column.showThinking = !column.showThinking
        }
        Label {
            Layout.fillWidth: true
            visible: column.showThinking && column.reasoning.length > 0
            text: column.reasoning
            textFormat: Text.PlainText
            wrapMode: Text.Wrap
            color: Theme.mutedText
            font.italic: true
            font.pointSize: Theme.smallFontSize
            Accessible.role: Accessible.StaticText
            Accessible.name: qsTr("The model's thinking at level %1").arg(column.level)
        }
        TextEdit {
            objectName: "columnText"
            Layout.fillWidth: true
            readOnly: true
            selectByMouse: true
            activeFocusOnTab: true
            textFormat: TextEdit.RichText
            wrapMode: TextEdit.Wrap
            text: column.markedText
            color: Theme.text
            selectionColor: Theme.accent
            Accessible.role: Accessible.StaticText
            Accessible.name: qsTr("Answer at level %1").arg(column.level)
            Accessible.description: column.text
        }
        Label {
            objectName: "columnDifference"
            Layout.fillWidth: true
            visible: column.ended && !column.isBaseline
            text: column.changedWords === 0 ? qsTr("Same words as the baseline")
                                            : qsTr("%n word(s) differ from the baseline", "", column.changedWords)
            wrapMode: Text.Wrap
            font.pointSize: Theme.captionFontSize
            color: Theme.mutedText
        }
        Label {
            objectName: "columnError"
            Layout.fillWidth: true
            visible: column.error.length > 0
            text: qsTr("Error: %1").arg(column.error)
            wrapMode: Text.Wrap
            color: Theme.error
            Accessible.role: Accessible.AlertMessage
            Accessible.name: text
        }
        CompareStats {
            Layout.fillWidth: true
            visible: column.ended && column.stats.present
            stats: column.stats
        }
        Button {
            objectName: "baselineButton"
            Layout.fillWidth: true
            text: column.isBaseline ? qsTr("Baseline") : qsTr("Use as baseline")
            checkable: true
            checked: column.isBaseline
            enabled: !column.isBaseline
            font.pointSize: Theme.smallFontSize
            Accessible.name: qsTr("Mark the differences against level %1").arg(column.level)
            onClicked: column.baselineRequested(column.index)
        }
        Button {
            objectName: "continueButton"
            Layout.fillWidth: true
            text: qsTr("Continue with this answer")
            enabled: column.ended && !column.running
            highlighted: column.isBaseline
            font.pointSize: Theme.smallFontSize
            Accessible.name: qsTr("Continue the conversation with the answer at level %1").arg(column.level)
            onClicked: column.continueRequested(column.index)
        }
    }
}
