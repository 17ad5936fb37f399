import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Where a message is written: images (chips), the message's detail level, the conversation's
// thinking switch, multi-line text.
// Enter sends, Shift+Enter starts a new line, Esc stops the reply, Ctrl+V also pastes images.
Pane {
    id: composer
    required property EngineClient engine
    required property ChatSession chat
    required property AttachmentModel attachments
    required property ConversationSettings settings
    // The open conversation's size so far and the library, for the context meter.
    required property int historyTokens
    // The engine's count of the conversation plus this draft (Chat/contextcounter.h).
    required property ContextCounter context
    signal newChatRequested()
    // "Compare levels…": the message runs at several detail levels side by side (Compare/).
    signal compareRequested()
    // "Sweep…": many images x detail levels, which level they need (Sweep/).
    signal sweepRequested()
    property alias text: input.text
    readonly property bool inputFocused: input.activeFocus
    readonly property bool canSend: composer.engine.model.ready && !composer.chat.busy && !composer.chat.held
                                    && (input.text.trim().length > 0 || composer.attachments.count > 0)
    // Levels change only how images are seen: a comparison needs one.
    readonly property bool canCompare: composer.engine.model.ready && !composer.chat.busy && !composer.chat.held
                                       && composer.attachments.count > 0
                                       && !composer.engine.serverSession.serverDefaultLevel
    // `row`: the attachment's row (region choice in "what the model sees").
    signal previewRequested(string path, string name, int level, int tokens, int imageWidth, int imageHeight, int row)
    signal regionRequested(string path, string name, int imageWidth, int imageHeight, int row)
    padding: Theme.largeSpacing
    background: Rectangle { color: Theme.window; border.color: Theme.border }

    // When the reply would not fit the context, the first Send warns (the meter shows the ways
    // out); a second Send sends anyway (the reply then ends when the context is full).
    property bool overflowWarned: false
    signal notice(string message)
    function send() {
        if (!canSend)
            return
        if (contextMeter.overflows && !overflowWarned) {
            overflowWarned = true
            notice(qsTr("The reply may not fit in the model's context (%L1 tokens). Lower the detail level, start a new chat, or press Send again to send anyway.").arg(contextMeter.maxSeqLen))
            return
        }
        overflowWarned = false
        // The text is cleared once the message is in the conversation (sent()): its images are
        // copied first, and on a failure the message stays here to send again.
        composer.chat.send(input.text)
    }
    Connections {
        target: composer.chat
        function onSent() { input.clear() }
    }
    function paste() {
        if (composer.attachments.clipboardHasImages()) {
            composer.attachments.pasteFromClipboard()
            return true
        }
        return false
    }
    function focusInput() { input.forceActiveFocus() }
    // A question put into the message box ("Try it"): focused, the cursor at its end, so Enter
    // sends it as it is and typing goes on after it.
    function putText(text) {
        input.text = text
        input.cursorPosition = input.length
        input.forceActiveFocus()
    }
    // Ctrl+O (Main.qml) opens the same picker as "Attach…".
    function attachImages() { picker.open() }

    // Several images at once, Ctrl+click and Shift+click as in a file manager: our own picker,
    // not Qt's FileDialog (ImagePickerDialog.qml says why).
    ImagePickerDialog {
        id: picker
        lastAttachedPath: composer.attachments.lastAddedPath
        onPicked: (urls) => composer.attachments.addUrls(urls)
    }

    // The draft's text is counted with the conversation as the user types.
    Binding { target: composer.context; property: "draftText"; value: input.text }

    // Top to bottom: the context meter (a thin bar), the images, the message box across the full
    // width, then one bar of actions: attach, the level with its token cost, thinking, and on the
    // right Compare, Sweep and Send (docs/design.md, "Composer", says why this order).
    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.mediumSpacing
        ContextMeter {
            id: contextMeter
            Layout.fillWidth: true
            historyTokens: composer.historyTokens
            messageTokens: composer.attachments.totalTokens + Math.ceil(input.text.length / 4)
            replyBudget: composer.settings.sampling.maxNewTokens
            maxSeqLen: composer.engine.model.ready ? composer.engine.model.info.maxSeqLen : 0
            exact: composer.context.exact
            positions: composer.context.positions
            onLowerLevelRequested: {
                const levels = composer.engine.model.detailLevels
                const lower = levels.filter(l => l < composer.attachments.messageLevel)
                composer.attachments.messageLevel = lower.length > 0 ? lower[lower.length - 1] : levels[0]
            }
            onNewChatRequested: composer.newChatRequested()
        }
        AttachmentStrip {
            Layout.fillWidth: true
            attachments: composer.attachments
            modelLevels: composer.engine.model.detailLevels
            onPreviewRequested: (path, name, level, tokens, w, h, row) => composer.previewRequested(path, name, level, tokens, w, h, row)
            onRegionRequested: (path, name, w, h, row) => composer.regionRequested(path, name, w, h, row)
        }
        ScrollView {
            Layout.fillWidth: true
            Layout.preferredHeight: Math.min(Math.max(input.implicitHeight, Theme.gridUnit * 2.5), Theme.gridUnit * 10)
            TextArea {
                id: input
                objectName: "messageInput"
                // While its images are copied the message is on its way: not edited.
                readOnly: composer.chat.sending
                placeholderText: qsTr("Ask about the images… (Enter sends, Shift+Enter new line)")
                wrapMode: TextEdit.Wrap
                Accessible.name: qsTr("Message")
                Keys.onPressed: (event) => {
                    if ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter)
                            && !(event.modifiers & Qt.ShiftModifier)) {
                        composer.send()
                        event.accepted = true
                    } else if (event.key === Qt.Key_Escape) {
                        composer.chat.stop()
                        event.accepted = true
                    } else if (event.key === Qt.Key_Tab && (event.modifiers & Qt.ControlModifier)) {
                        input.insert(input.cursorPosition, "\t")
                        event.accepted = true
                    } else if (event.key === Qt.Key_Tab || event.key === Qt.Key_Backtab) {
                        // Tab moves on like everywhere else; Ctrl+Tab types a tab.
                        const forward = event.key === Qt.Key_Tab && !(event.modifiers & Qt.ShiftModifier)
                        const next = input.nextItemInFocusChain(forward)
                        if (next)
                            next.forceActiveFocus(forward ? Qt.TabFocusReason : Qt.BacktabFocusReason)
                        event.accepted = true
                    } else if (event.matches(StandardKey.Paste)) {
                        event.accepted = composer.paste()
                    }
                }
            }
        }
        RowLayout {
            objectName: "composerBar"
            Layout.fillWidth: true
            spacing: Theme.largeSpacing
            // Wraps on narrow windows (the thinking switch moves under the levels); the
            // actions on the right stay on the bar's last line.
            Flow {
                Layout.fillWidth: true
                Layout.preferredHeight: implicitHeight
                spacing: Theme.largeSpacing
                IconButton {
                    objectName: "attachButton"
                    iconName: "paperclip"
                    label: qsTr("Attach images")
                    height: levelPicker.height
                    onClicked: picker.open()
                }
                //: Label before the level picker: the detail level (image-token budget) of the message's images.
                Label { text: qsTr("Detail:"); color: Theme.mutedText; height: levelPicker.height; verticalAlignment: Text.AlignVCenter }
                LevelPicker {
                    id: levelPicker
                    objectName: "messageLevelPicker"
                    modelLevels: composer.engine.model.detailLevels
                    serverDefault: composer.engine.serverSession.serverDefaultLevel
                    accessiblePrefix: qsTr("Message detail level")
                    onPicked: (value) => composer.attachments.messageLevel = value
                    // Not a plain `level:` binding: a click assigns `level` and would end it; the
                    // message level also changes from outside (a new model).
                    Binding on level { value: composer.attachments.messageLevel }
                }
                // What the level costs: the attached images' tokens, each at its own level.
                Label {
                    objectName: "imageTokenCost"
                    visible: composer.attachments.count > 0
                    //: Beside the level picker: the image tokens of the attached images at their detail levels.
                    text: qsTr("%L1 image tokens").arg(composer.attachments.totalTokens)
                    color: Theme.mutedText
                    font.pointSize: Theme.smallFontSize
                    height: levelPicker.height
                    verticalAlignment: Text.AlignVCenter
                    Accessible.name: text
                }
                // Per conversation: the model thinks before answering (Gemma 4's thinking mode).
                Switch {
                    objectName: "thinkingSwitch"
                    //: Switch: the model reasons (a thinking channel) before it answers.
                    text: qsTr("Think first")
                    checked: composer.settings.thinking
                    Accessible.name: qsTr("Let the model think before answering")
                    ToolTip.visible: hovered
                    ToolTip.delay: 600
                    ToolTip.text: qsTr("The model reasons before it answers: slower, often better. Saved with this conversation.")
                    onToggled: composer.settings.thinking = checked
                }
            }
            IconButton {
                objectName: "compareButton"
                Layout.alignment: Qt.AlignBottom
                visible: !composer.chat.busy
                iconName: "columns-2"
                enabled: composer.canCompare
                label: qsTr("Compare the answers at several detail levels")
                tip: qsTr("Compare levels…") + "\n"
                     + (composer.engine.serverSession.serverDefaultLevel
                        ? qsTr("This server is sent no detail level (server default): there are no levels to compare")
                        : composer.attachments.count > 0
                        ? qsTr("Ask at several detail levels and see the answers side by side")
                        : qsTr("Attach an image first: detail levels change only how images are seen"))
                onClicked: composer.compareRequested()
            }
            IconButton {
                objectName: "sweepButton"
                Layout.alignment: Qt.AlignBottom
                visible: !composer.chat.busy
                iconName: "images"
                enabled: composer.engine.model.ready && !composer.engine.serverSession.serverDefaultLevel
                label: qsTr("Sweep many images over detail levels (Ctrl+Shift+L)")
                tip: qsTr("Sweep… (Ctrl+Shift+L)") + "\n"
                     + qsTr("Which detail level do your images need? Ask about many images at several levels")
                onClicked: composer.sweepRequested()
            }
            IconButton {
                objectName: "stopButton"
                Layout.alignment: Qt.AlignBottom
                visible: composer.chat.busy
                iconName: "square"
                primary: true
                label: qsTr("Stop the reply")
                tip: qsTr("Stop (Esc)")
                onClicked: composer.chat.stop()
            }
            IconButton {
                objectName: "sendButton"
                Layout.alignment: Qt.AlignBottom
                visible: !composer.chat.busy
                iconName: "send"
                primary: true
                enabled: composer.canSend
                label: qsTr("Send message")
                tip: qsTr("Send (Enter)")
                onClicked: composer.send()
            }
        }
        Label {
            objectName: "composerStatus"
            visible: text.length > 0
            text: !composer.engine.model.ready
                  ? (composer.engine.model.state === ModelLoader.Loading ? qsTr("Loading the model…")
                                                                    : qsTr("No model loaded"))
                  : composer.chat.writingElsewhere
                    ? qsTr("A reply is being written in another conversation (see the sidebar); Stop ends it.")
                    : composer.chat.held && !composer.chat.busy
                      ? qsTr("Choose the answer to continue with: “Continue with this answer” under a column.")
                      : ""
            color: Theme.warning
            Accessible.name: qsTr("Composer status")
            Accessible.description: text
        }
    }
}
