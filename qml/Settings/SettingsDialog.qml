import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Sampling settings and system prompt of the open conversation. Defaults come from the model's
// generation_config.json; "Reset" returns to them.
Dialog {
    id: dialog
    title: qsTr("Conversation settings")
    modal: true
    standardButtons: Dialog.Close
    anchors.centerIn: Overlay.overlay
    width: 460
    required property ConversationSettings settings
    required property ImageCacheSetting imageCache
    readonly property sampling s: settings.sampling

    GridLayout {
        anchors.fill: parent
        columns: 2
        Label { text: qsTr("System prompt") }
        TextArea {
            objectName: "systemPrompt"
            Layout.fillWidth: true
            Layout.preferredHeight: 80
            text: dialog.settings.systemPrompt
            wrapMode: TextEdit.Wrap
            placeholderText: qsTr("Optional: instructions the model follows in this conversation")
            Accessible.name: qsTr("System prompt")
            background: Rectangle { color: Theme.window; border.color: parent.activeFocus ? Theme.accent : Theme.border; radius: 4 }
            onEditingFinished: dialog.settings.systemPrompt = text
        }
        Label { text: qsTr("Thinking") }
        // One control for thinking: the "Think first" switch under the message box.
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: Theme.mutedText
            text: dialog.settings.thinking
                  ? qsTr("On for this conversation: switch it with “Think first” under the message box.")
                  : qsTr("Off for this conversation: switch it with “Think first” under the message box.")
        }
        Label { text: qsTr("Sample") }
        CheckBox {
            checked: dialog.s.doSample
            Accessible.name: qsTr("Sample (off: greedy)")
            onToggled: dialog.settings.setSamplingValue("doSample", checked)
        }
        Label { text: qsTr("Temperature") }
        SpinBox {
            from: 0; to: 200; stepSize: 5
            value: Math.round(dialog.s.temperature * 100)
            editable: true
            textFromValue: (v) => (v / 100).toFixed(2)
            valueFromText: (t) => Math.round(parseFloat(t) * 100)
            Accessible.name: qsTr("Temperature")
            onValueModified: dialog.settings.setSamplingValue("temperature", value / 100)
        }
        Label { text: qsTr("Top-k") }
        SpinBox {
            from: 0; to: 1000; editable: true
            value: dialog.s.topK
            Accessible.name: qsTr("Top-k")
            onValueModified: dialog.settings.setSamplingValue("topK", value)
        }
        Label { text: qsTr("Top-p") }
        SpinBox {
            from: 0; to: 100; stepSize: 1; editable: true
            value: Math.round(dialog.s.topP * 100)
            textFromValue: (v) => (v / 100).toFixed(2)
            valueFromText: (t) => Math.round(parseFloat(t) * 100)
            Accessible.name: qsTr("Top-p")
            onValueModified: dialog.settings.setSamplingValue("topP", value / 100)
        }
        Label { text: qsTr("Max new tokens") }
        SpinBox {
            from: 1; to: 32768; editable: true
            value: dialog.s.maxNewTokens
            Accessible.name: qsTr("Max new tokens")
            onValueModified: dialog.settings.setSamplingValue("maxNewTokens", value)
        }
        Label { text: qsTr("Seed") }
        TextField {
            Layout.fillWidth: true
            text: dialog.s.seedText
            placeholderText: qsTr("random")
            validator: RegularExpressionValidator { regularExpression: /[0-9]{0,19}/ }
            Accessible.name: qsTr("Seed (empty: random)")
            onEditingFinished: dialog.settings.setSamplingValue("seed", text)
        }
        Label {
            Layout.columnSpan: 2
            text: dialog.settings.samplingIsDefault ? qsTr("Using the model's defaults (generation_config.json)")
                                             : qsTr("Custom settings for this conversation")
            color: Theme.mutedText
        }
        Button {
            Layout.columnSpan: 2
            text: qsTr("Reset to the model's defaults")
            enabled: !dialog.settings.samplingIsDefault
            Accessible.name: text
            onClicked: dialog.settings.resetSampling()
        }

        Label {
            Layout.columnSpan: 2
            Layout.topMargin: 8
            text: qsTr("For all conversations")
            font.bold: true
        }
        Label { text: qsTr("Image cache (MB)") }
        SpinBox {
            objectName: "imageCacheMegabytes"
            from: 0
            to: dialog.imageCache.maximumMegabytes
            stepSize: 64
            editable: true
            value: dialog.imageCache.megabytes
            Accessible.name: qsTr("Image cache size in megabytes")
            onValueModified: dialog.imageCache.megabytes = value
        }
        Label {
            Layout.columnSpan: 2
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            text: qsTr("Encoded images are kept so that an image is never encoded twice at the same detail level; images are also encoded while you type. 0 turns this off.")
            color: Theme.mutedText
        }
    }
}
