import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// A sent message: its images (thumbnail, level, token count) and text, with edit-and-resend
// (a new version of the message: the conversation branches here) and the version switcher.
Item {
    id: message
    objectName: "userMessage"
    required property int row
    required property string text
    required property var images
    required property int branchIndex
    required property int branchCount
    // False while any reply streams or no model is loaded.
    required property bool canAct
    property bool editing: false
    signal editRequested(int row, string text)
    signal switchRequested(int row, int index)
    signal previewRequested(string path, string name, int level, int tokens, int imageWidth, int imageHeight)
    implicitHeight: bubble.implicitHeight

    Pane {
        id: bubble
        anchors.right: parent.right
        anchors.rightMargin: Theme.gridUnit
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
                spacing: Theme.mediumSpacing
                visible: message.images.length > 0
                Repeater {
                    model: message.images
                    delegate: ColumnLayout {
                        required property var modelData
                        spacing: Theme.tinySpacing
                        Image {
                            Layout.preferredWidth: 96
                            Layout.preferredHeight: 96
                            source: modelData.thumbnail
                            sourceSize.width: 192
                            sourceSize.height: 192
                            fillMode: Image.PreserveAspectFit
                            asynchronous: true
                            Accessible.role: Accessible.Button
                            Accessible.name: qsTr("%1: show what the model sees").arg(modelData.name)
                            // Click: "what the model sees" at the level it was sent with.
                            TapHandler {
                                onTapped: message.previewRequested(modelData.path, modelData.name, modelData.level,
                                                                   modelData.tokens, modelData.width, modelData.height)
                            }
                            HoverHandler { cursorShape: Qt.PointingHandCursor }
                        }
                        Label {
                            text: qsTr("%1 · %L2 tokens").arg(Labels.levelNames[modelData.level]).arg(modelData.tokens)
                            font.pointSize: Theme.captionFontSize
                            color: Theme.mutedText
                        }
                        Label { // a region crop: of which image ...
                            objectName: "regionCaption"
                            visible: modelData.isRegion === true
                            Layout.maximumWidth: 160
                            elide: Text.ElideMiddle
                            text: visible ? qsTr("Region of %1").arg(modelData.regionSource) : ""
                            font.pointSize: Theme.captionFontSize
                            color: Theme.mutedText
                        }
                        Label { // ... and where, on a line of its own so eliding never cuts it
                            visible: modelData.isRegion === true
                            //: Where a region crop lies in its source image, in pixels: x, y, width × height.
                            text: visible ? qsTr("x %1, y %2, %3×%4").arg(modelData.region.x).arg(modelData.region.y)
                                            .arg(modelData.region.width).arg(modelData.region.height)
                                          : ""
                            font.pointSize: Theme.captionFontSize
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
                placeholderText: qsTr("Enter sends the new version, Shift+Enter new line, Esc cancels")
                Accessible.name: qsTr("Edit message")
                Keys.onPressed: (event) => {
                    if ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter)
                            && !(event.modifiers & Qt.ShiftModifier)) {
                        if (message.canAct) {
                            message.editing = false
                            message.editRequested(message.row, editor.text)
                        }
                        event.accepted = true
                    } else if (event.key === Qt.Key_Escape) {
                        message.editing = false
                        event.accepted = true
                    } else if (event.key === Qt.Key_Tab || event.key === Qt.Key_Backtab) {
                        const next = editor.nextItemInFocusChain(event.key === Qt.Key_Tab)
                        if (next)
                            next.forceActiveFocus(event.key === Qt.Key_Tab ? Qt.TabFocusReason : Qt.BacktabFocusReason)
                        event.accepted = true
                    }
                }
            }
            RowLayout {
                Layout.alignment: Qt.AlignRight
                BranchSwitcher {
                    row: message.row
                    index: message.branchIndex
                    count: message.branchCount
                    canSwitch: message.canAct
                    onSwitchRequested: (r, i) => message.switchRequested(r, i)
                }
                IconButton {
                    objectName: "editButton"
                    visible: !message.editing
                    enabled: message.canAct
                    iconName: "pencil"
                    label: qsTr("Edit and resend")
                    onClicked: { editor.text = message.text; message.editing = true; editor.forceActiveFocus() }
                }
                IconButton {
                    visible: message.editing
                    iconName: "x"
                    text: qsTr("Cancel")
                    label: qsTr("Cancel editing")
                    onClicked: message.editing = false
                }
                IconButton {
                    objectName: "resendButton"
                    visible: message.editing
                    enabled: message.canAct
                    iconName: "send"
                    text: qsTr("Send")
                    label: qsTr("Send the edited message as a new version")
                    onClicked: { message.editing = false; message.editRequested(message.row, editor.text) }
                }
            }
        }
    }
}
