import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import Facet.Ui

// Where a message is written: images (chips), the message's detail level, the conversation's
// thinking switch, multi-line text.
// Enter sends, Shift+Enter starts a new line, Esc stops the reply, Ctrl+V also pastes images.
Pane {
    id: composer
    property alias text: input.text
    readonly property bool inputFocused: input.activeFocus
    readonly property bool canSend: App.engine.ready && !App.chat.busy
                                    && (input.text.trim().length > 0 || App.attachments.count > 0)
    signal previewRequested(string path, string name, int level, int tokens, int imageWidth, int imageHeight)
    padding: 8
    background: Rectangle { color: Theme.window; border.color: Theme.border }

    function send() {
        if (canSend && App.chat.send(input.text))
            input.clear()
    }
    function paste() {
        if (App.attachments.clipboardHasImages()) {
            App.attachments.pasteFromClipboard()
            return true
        }
        return false
    }
    function focusInput() { input.forceActiveFocus() }

    FileDialog {
        id: picker
        title: qsTr("Attach images")
        fileMode: FileDialog.OpenFiles
        nameFilters: [qsTr("Images (*.jpg *.jpeg *.png *.webp *.bmp *.gif)"), qsTr("All files (*)")]
        onAccepted: App.attachments.addUrls(selectedFiles)
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6
        AttachmentStrip {
            Layout.fillWidth: true
            modelLevels: App.engine.detailLevels
            onPreviewRequested: (path, name, level, tokens, w, h) => composer.previewRequested(path, name, level, tokens, w, h)
        }
        RowLayout {
            Layout.fillWidth: true
            Label { text: qsTr("Detail:"); color: Theme.mutedText }
            LevelPicker {
                objectName: "messageLevelPicker"
                level: App.attachments.messageLevel
                modelLevels: App.engine.detailLevels
                accessiblePrefix: qsTr("Message detail level")
                onPicked: (value) => App.attachments.messageLevel = value
            }
            Item { Layout.fillWidth: true }
            // Per conversation: the model thinks before answering (Gemma 4's thinking mode).
            Switch {
                objectName: "thinkingSwitch"
                text: qsTr("Think first")
                checked: App.chat.thinking
                Accessible.name: qsTr("Let the model think before answering")
                onToggled: App.chat.thinking = checked
            }
        }
        RowLayout {
            Layout.fillWidth: true
            IconButton {
                objectName: "attachButton"
                text: qsTr("Attach…")
                label: qsTr("Attach images")
                onClicked: picker.open()
            }
            ScrollView {
                Layout.fillWidth: true
                Layout.preferredHeight: Math.min(Math.max(input.implicitHeight, 40), 160)
                TextArea {
                    id: input
                    objectName: "messageInput"
                    placeholderText: qsTr("Ask about the images… (Enter sends, Shift+Enter new line)")
                    wrapMode: TextEdit.Wrap
                    Accessible.name: qsTr("Message")
                    Keys.onPressed: (event) => {
                        if ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter)
                                && !(event.modifiers & Qt.ShiftModifier)) {
                            composer.send()
                            event.accepted = true
                        } else if (event.key === Qt.Key_Escape) {
                            App.chat.stop()
                            event.accepted = true
                        } else if (event.matches(StandardKey.Paste)) {
                            event.accepted = composer.paste()
                        }
                    }
                }
            }
            Button {
                objectName: "stopButton"
                visible: App.chat.busy
                text: qsTr("Stop")
                Accessible.name: qsTr("Stop the reply")
                onClicked: App.chat.stop()
            }
            Button {
                objectName: "sendButton"
                visible: !App.chat.busy
                text: qsTr("Send")
                enabled: composer.canSend
                highlighted: true
                Accessible.name: qsTr("Send message")
                onClicked: composer.send()
            }
        }
        Label {
            objectName: "composerStatus"
            visible: text.length > 0
            text: App.engine.ready ? "" : (App.engine.state === EngineClient.Loading
                                           ? qsTr("Loading the model…") : qsTr("No model loaded"))
            color: Theme.warning
            Accessible.name: qsTr("Composer status")
            Accessible.description: text
        }
    }
}
