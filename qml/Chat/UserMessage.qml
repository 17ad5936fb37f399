import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui
import "../Attachments/Levels.js" as Levels

// A sent message: its images (thumbnail, level, token count) and text, with edit-and-resend
// (a new version of the message: the conversation branches here) and the version switcher.
Item {
    id: message
    objectName: "userMessage"
    property int row: -1
    property string text
    property var images: []
    property int branchIndex: 0
    property int branchCount: 1
    property bool editing: false
    signal editRequested(int row, string text)
    implicitHeight: bubble.implicitHeight

    Pane {
        id: bubble
        anchors.right: parent.right
        anchors.rightMargin: 16
        width: Math.min(parent.width * 0.75, Math.max(content.implicitWidth + 24, 240))
        background: Rectangle { color: Theme.userBubble; radius: Theme.radius }
        Accessible.role: Accessible.Grouping
        Accessible.name: qsTr("Your message")
        ColumnLayout {
            id: content
            anchors.left: parent.left
            anchors.right: parent.right
            Flow {
                Layout.fillWidth: true
                spacing: 6
                visible: message.images.length > 0
                Repeater {
                    model: message.images
                    delegate: ColumnLayout {
                        required property var modelData
                        spacing: 2
                        Image {
                            Layout.preferredWidth: 96
                            Layout.preferredHeight: 96
                            source: modelData.thumbnail
                            sourceSize: Qt.size(192, 192)
                            fillMode: Image.PreserveAspectFit
                            asynchronous: true
                            Accessible.role: Accessible.Graphic
                            Accessible.name: modelData.name
                        }
                        Label {
                            text: qsTr("%1 · %2 tokens").arg(Levels.label(modelData.level)).arg(modelData.tokens)
                            font.pixelSize: 11
                            color: Theme.mutedText
                        }
                    }
                }
            }
            Label {
                Layout.fillWidth: true
                visible: !message.editing && message.text.length > 0
                text: message.text
                wrapMode: Text.Wrap
                textFormat: Text.PlainText
                color: Theme.text
            }
            TextArea {
                id: editor
                Layout.fillWidth: true
                visible: message.editing
                objectName: "messageEditor"
                wrapMode: TextEdit.Wrap
                Accessible.name: qsTr("Edit message")
            }
            RowLayout {
                Layout.alignment: Qt.AlignRight
                BranchSwitcher {
                    row: message.row
                    index: message.branchIndex
                    count: message.branchCount
                }
                IconButton {
                    objectName: "editButton"
                    visible: !message.editing
                    enabled: App.engine.ready && !App.chat.busy
                    text: qsTr("Edit")
                    label: qsTr("Edit and resend")
                    onClicked: { editor.text = message.text; message.editing = true; editor.forceActiveFocus() }
                }
                IconButton {
                    visible: message.editing
                    text: qsTr("Cancel")
                    label: qsTr("Cancel editing")
                    onClicked: message.editing = false
                }
                IconButton {
                    objectName: "resendButton"
                    visible: message.editing
                    enabled: App.engine.ready && !App.chat.busy
                    text: qsTr("Send")
                    label: qsTr("Send the edited message as a new version")
                    onClicked: { message.editing = false; message.editRequested(message.row, editor.text) }
                }
            }
        }
    }
}
