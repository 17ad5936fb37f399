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
//
// Drawn as a thin bar (issue #57) whose numbers are in its tooltip and accessible description;
// only the warning, when the reply would not fit, takes a line of text and the two buttons, so
// the user sees it without hovering.
ColumnLayout {
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
    // The numbers in words: the warning line, and the bar's tooltip and description.
    readonly property string summary: exact
        ? (overflows
           ? qsTr("%L1 positions + %L2 reply tokens > %L3: the reply will not fit")
                 .arg(used).arg(replyBudget).arg(maxSeqLen)
           : qsTr("%L1 positions + %L2 reply tokens of %L3").arg(used).arg(replyBudget).arg(maxSeqLen))
        : overflows
        ? qsTr("≈%L1 + %L2 reply tokens > %L3: the reply will not fit")
              .arg(used).arg(replyBudget).arg(maxSeqLen)
        : qsTr("≈%L1 + %L2 reply tokens of %L3").arg(used).arg(replyBudget).arg(maxSeqLen)
    // Says what the number is: the engine's count, or an estimate and why.
    readonly property string hint: exact
        ? qsTr("Counted by the engine: the context positions this message's prompt takes, images at their detail levels, history and template included")
        : qsTr("An estimate: the server counts the prompt for itself")
    signal lowerLevelRequested()
    signal newChatRequested()
    visible: maxSeqLen > 0
    spacing: Theme.smallSpacing

    // A few px high across the composer: the prompt and the reply budget against max_seq_len,
    // in the accent, in `error` when the reply would not fit (both 3:1 on the `border` track).
    ProgressBar {
        id: bar
        objectName: "contextBar"
        Layout.fillWidth: true
        from: 0
        to: Math.max(1, meter.maxSeqLen)
        value: Math.min(meter.used + meter.replyBudget, meter.maxSeqLen)
        Accessible.name: qsTr("Context used")
        Accessible.description: meter.summary + ". " + meter.hint
        hoverEnabled: true
        ToolTip.visible: hoverArea.containsMouse
        ToolTip.text: meter.summary + "\n" + meter.hint
        ToolTip.delay: 300
        background: Rectangle {
            implicitHeight: Theme.smallSpacing
            radius: height / 2
            color: Theme.border
        }
        contentItem: Item {
            implicitHeight: Theme.smallSpacing
            Rectangle {
                width: bar.visualPosition * parent.width
                height: parent.height
                radius: height / 2
                color: meter.overflows ? Theme.error : Theme.accent
            }
        }
        // The bar is a few px high: the pointer finds it a little above and below too.
        MouseArea {
            id: hoverArea
            anchors.fill: parent
            anchors.topMargin: -Theme.smallSpacing
            anchors.bottomMargin: -Theme.smallSpacing
            hoverEnabled: true
            acceptedButtons: Qt.NoButton
        }
    }
    // The warning, in full, and the ways out: only when the reply would not fit.
    RowLayout {
        objectName: "contextWarning"
        Layout.fillWidth: true
        visible: meter.overflows
        spacing: Theme.mediumSpacing
        Label {
            objectName: "contextText"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: Theme.error
            font.pointSize: Theme.smallFontSize
            text: meter.summary
            Accessible.name: qsTr("Context budget")
            Accessible.description: text + " " + meter.hint
        }
        Button {
            objectName: "contextLowerLevel"
            visible: meter.messageTokens > 0
            text: qsTr("Lower detail")
            Accessible.name: qsTr("Lower the images' detail level")
            onClicked: meter.lowerLevelRequested()
        }
        Button {
            objectName: "contextNewChat"
            text: qsTr("New chat")
            Accessible.name: qsTr("Start a new chat (the history is not sent)")
            onClicked: meter.newChatRequested()
        }
    }
}
