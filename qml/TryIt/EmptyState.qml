import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// What a new chat shows before its first message (issue #57): what Facet does in one line and,
// while the demo model is in use, its "Try it" examples as cards — the same examples as the
// banner's menu (Ctrl+T), each a button reached with Tab and picked with Space or Enter.
Item {
    id: empty
    objectName: "emptyState"
    // The examples: a DemoSamples, or any model with its roles (question, imageName, imageUrl,
    // level, compareWithLevel).
    required property var samples
    // Cards only while the demo model answers: the examples are what it was trained for.
    required property bool showExamples
    signal sampleChosen(int row)
    implicitHeight: column.implicitHeight

    ColumnLayout {
        id: column
        anchors.centerIn: parent
        width: Math.min(parent.width - 2 * Theme.wideSpacing, Theme.readingWidth)
        spacing: Theme.wideSpacing
        Label {
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            font.pointSize: Theme.headingFontSize
            font.bold: true
            color: Theme.text
            wrapMode: Text.Wrap
            //: The empty chat's heading.
            text: qsTr("Ask about your images")
        }
        Label {
            objectName: "emptyStateLine"
            Layout.fillWidth: true
            horizontalAlignment: Text.AlignHCenter
            wrapMode: Text.Wrap
            color: Theme.mutedText
            text: qsTr("Facet asks Gemma 4 on your NPU about pictures: drop, paste or attach images, choose how much detail the model sees, and ask.")
        }
        Label {
            visible: cards.visible
            Layout.fillWidth: true
            Layout.topMargin: Theme.largeSpacing
            horizontalAlignment: Text.AlignHCenter
            color: Theme.mutedText
            font.pointSize: Theme.smallFontSize
            //: Above the example cards of the demo model.
            text: qsTr("Try an example the demo model was trained for")
        }
        GridLayout {
            id: cards
            objectName: "exampleCards"
            visible: empty.showExamples && empty.samples && empty.samples.count > 0
            Layout.fillWidth: true
            columns: 3
            columnSpacing: Theme.largeSpacing
            rowSpacing: Theme.largeSpacing
            Repeater {
                model: cards.visible ? empty.samples : null
                delegate: Button {
                    id: card
                    required property int index
                    required property string question
                    required property string imageName
                    required property url imageUrl
                    required property int level
                    required property int compareWithLevel
                    objectName: "exampleCard" + index
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    // Equal columns whatever each card's text asks for.
                    Layout.preferredWidth: 1
                    padding: Theme.largeSpacing
                    Accessible.name: qsTr("Try “%1” (%2)").arg(question).arg(imageName)
                    onClicked: empty.sampleChosen(index)
                    Keys.onReturnPressed: empty.sampleChosen(index)
                    Keys.onEnterPressed: empty.sampleChosen(index)
                    background: Rectangle {
                        color: card.pressed ? Theme.pressed : card.hovered ? Theme.hover : Theme.replyBubble
                        radius: Theme.radius
                        border.width: card.visualFocus ? Theme.focusWidth : Theme.hairline
                        border.color: card.visualFocus ? Theme.focus : Theme.border
                    }
                    contentItem: ColumnLayout {
                        spacing: Theme.mediumSpacing
                        Rectangle {
                            Layout.fillWidth: true
                            Layout.preferredHeight: Theme.gridUnit * 5
                            color: Theme.imageBackground
                            radius: Theme.smallRadius
                            Image {
                                anchors.fill: parent
                                anchors.margins: Theme.smallSpacing
                                source: card.imageUrl
                                sourceSize.height: height * Screen.devicePixelRatio
                                fillMode: Image.PreserveAspectFit
                                asynchronous: true
                            }
                        }
                        Label {
                            Layout.fillWidth: true
                            text: card.question
                            wrapMode: Text.Wrap
                            maximumLineCount: 2
                            elide: Text.ElideRight
                            color: Theme.text
                        }
                        Label {
                            Layout.fillWidth: true
                            text: card.compareWithLevel > 0
                                  ? qsTr("Compare %1 and %2").arg(Math.min(card.level, card.compareWithLevel))
                                                             .arg(Math.max(card.level, card.compareWithLevel))
                                  : qsTr("Detail %1 %2").arg(Labels.levelNames[card.level]).arg(card.level)
                            elide: Text.ElideRight
                            font.pointSize: Theme.captionFontSize
                            color: Theme.mutedText
                        }
                    }
                }
            }
        }
    }
}
