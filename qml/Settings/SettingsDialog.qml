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
    readonly property var s: App.chat.sampling

    GridLayout {
        anchors.fill: parent
        columns: 2
        Label { text: qsTr("System prompt") }
        TextArea {
            Layout.fillWidth: true
            Layout.preferredHeight: 80
            text: App.chat.systemPrompt
            wrapMode: TextEdit.Wrap
            Accessible.name: qsTr("System prompt")
            onEditingFinished: App.chat.systemPrompt = text
        }
        Label { text: qsTr("Thinking") }
        CheckBox {
            objectName: "thinkingCheck"
            checked: App.chat.thinking
            text: qsTr("Think before answering")
            Accessible.name: qsTr("Let the model think before answering")
            onToggled: App.chat.thinking = checked
        }
        Label { text: qsTr("Sample") }
        CheckBox {
            checked: dialog.s.doSample
            Accessible.name: qsTr("Sample (off: greedy)")
            onToggled: App.chat.setSamplingValue("doSample", checked)
        }
        Label { text: qsTr("Temperature") }
        SpinBox {
            from: 0; to: 200; stepSize: 5
            value: Math.round(dialog.s.temperature * 100)
            editable: true
            textFromValue: (v) => (v / 100).toFixed(2)
            valueFromText: (t) => Math.round(parseFloat(t) * 100)
            Accessible.name: qsTr("Temperature")
            onValueModified: App.chat.setSamplingValue("temperature", value / 100)
        }
        Label { text: qsTr("Top-k") }
        SpinBox {
            from: 0; to: 1000; editable: true
            value: dialog.s.topK
            Accessible.name: qsTr("Top-k")
            onValueModified: App.chat.setSamplingValue("topK", value)
        }
        Label { text: qsTr("Top-p") }
        SpinBox {
            from: 0; to: 100; stepSize: 1; editable: true
            value: Math.round(dialog.s.topP * 100)
            textFromValue: (v) => (v / 100).toFixed(2)
            valueFromText: (t) => Math.round(parseFloat(t) * 100)
            Accessible.name: qsTr("Top-p")
            onValueModified: App.chat.setSamplingValue("topP", value / 100)
        }
        Label { text: qsTr("Max new tokens") }
        SpinBox {
            from: 1; to: 32768; editable: true
            value: dialog.s.maxNewTokens
            Accessible.name: qsTr("Max new tokens")
            onValueModified: App.chat.setSamplingValue("maxNewTokens", value)
        }
        Label { text: qsTr("Seed") }
        TextField {
            Layout.fillWidth: true
            text: dialog.s.seed
            placeholderText: qsTr("random")
            validator: RegularExpressionValidator { regularExpression: /[0-9]{0,19}/ }
            Accessible.name: qsTr("Seed (empty: random)")
            onEditingFinished: App.chat.setSamplingValue("seed", text)
        }
        Label {
            Layout.columnSpan: 2
            text: App.chat.samplingIsDefault ? qsTr("Using the model's defaults (generation_config.json)")
                                             : qsTr("Custom settings for this conversation")
            color: Theme.mutedText
        }
        Button {
            Layout.columnSpan: 2
            text: qsTr("Reset to the model's defaults")
            enabled: !App.chat.samplingIsDefault
            Accessible.name: text
            onClicked: App.chat.resetSampling()
        }
    }
}
