import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// How close the conversation is to the model's max_seq_len before sending: the history, this
// message (its images at their levels and its text) and the reply budget (max new tokens). When
// the reply would not fit it says so and offers the ways out: lower the images' detail level, or
// start a new chat.
RowLayout {
    id: meter
    objectName: "contextMeter"
    required property int historyTokens
    required property int messageTokens   // images at their levels + an estimate of the text
    required property int replyBudget     // max new tokens
    required property int maxSeqLen       // 0: no model loaded
    readonly property int used: historyTokens + messageTokens
    readonly property bool overflows: maxSeqLen > 0 && used + replyBudget > maxSeqLen
    signal lowerLevelRequested()
    signal newChatRequested()
    visible: maxSeqLen > 0
    spacing: 6

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
        font.pixelSize: 12
        text: meter.overflows
              ? qsTr("≈%L1 + %L2 reply tokens > %L3: the reply will not fit")
                    .arg(meter.used).arg(meter.replyBudget).arg(meter.maxSeqLen)
              : qsTr("≈%L1 + %L2 reply tokens of %L3").arg(meter.used).arg(meter.replyBudget).arg(meter.maxSeqLen)
        Accessible.name: qsTr("Context budget")
        Accessible.description: text
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
