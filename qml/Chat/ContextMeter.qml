import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// How close the conversation is to the model's max_seq_len before sending: the history, this
// message (its images at their levels and its text) and the reply budget (max new tokens). When
// the reply would not fit it says so and offers the ways out: lower the images' detail level, or
// start a new chat. `exact`: `positions` is the engine's own count (Chat/contextcounter.h) of
// the KV-cache positions the prefill will need, shown as it is; otherwise (a server counts for
// itself) the estimate from the history and the message, marked "≈".
RowLayout {
    id: meter
    objectName: "contextMeter"
    required property int historyTokens
    required property int messageTokens   // images at their levels + an estimate of the text
    required property int replyBudget     // max new tokens
    required property int maxSeqLen       // 0: no model loaded
    required property bool exact          // positions is the engine's count
    required property int positions       // KV-cache positions of the prompt, when exact
    readonly property int used: exact ? positions : historyTokens + messageTokens
    readonly property bool overflows: maxSeqLen > 0 && used + replyBudget > maxSeqLen
    signal lowerLevelRequested()
    signal newChatRequested()
    visible: maxSeqLen > 0
    spacing: Theme.mediumSpacing

    ProgressBar {
        Layout.preferredWidth: 120
        from: 0
        to: Math.max(1, meter.maxSeqLen)
        value: Math.min(meter.used + meter.replyBudget, meter.maxSeqLen)
        Accessible.name: qsTr("Context used")
    }
    Label {
        objectName: "contextText"
        Layout.fillWidth: true
        elide: Text.ElideRight
        color: meter.overflows ? Theme.error : Theme.mutedText
        font.pointSize: Theme.smallFontSize
        text: meter.exact
              ? (meter.overflows
                 ? qsTr("%L1 positions + %L2 reply tokens > %L3: the reply will not fit")
                       .arg(meter.used).arg(meter.replyBudget).arg(meter.maxSeqLen)
                 : qsTr("%L1 positions + %L2 reply tokens of %L3").arg(meter.used).arg(meter.replyBudget).arg(meter.maxSeqLen))
              : meter.overflows
              ? qsTr("≈%L1 + %L2 reply tokens > %L3: the reply will not fit")
                    .arg(meter.used).arg(meter.replyBudget).arg(meter.maxSeqLen)
              : qsTr("≈%L1 + %L2 reply tokens of %L3").arg(meter.used).arg(meter.replyBudget).arg(meter.maxSeqLen)
        Accessible.name: qsTr("Context budget")
        Accessible.description: text + " " + hint.text
        ToolTip.visible: meterHover.containsMouse
        ToolTip.text: hint.text
        // Says what the number is: the engine's count, or an estimate and why.
        Text {
            id: hint
            visible: false
            text: meter.exact
                  ? qsTr("Counted by the engine: the context positions this message's prompt takes, images at their detail levels, history and template included")
                  : qsTr("An estimate: the server counts the prompt for itself")
        }
        MouseArea { id: meterHover; anchors.fill: parent; hoverEnabled: true; acceptedButtons: Qt.NoButton }
    }
    Button {
        objectName: "contextLowerLevel"
        visible: meter.overflows && meter.messageTokens > 0
        text: qsTr("Lower detail")
        Accessible.name: qsTr("Lower the images' detail level")
        onClicked: meter.lowerLevelRequested()
    }
    Button {
        objectName: "contextNewChat"
        visible: meter.overflows
        text: qsTr("New chat")
        Accessible.name: qsTr("Start a new chat (the history is not sent)")
        onClicked: meter.newChatRequested()
    }
}
