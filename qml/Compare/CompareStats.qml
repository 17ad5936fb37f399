import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// The numbers of one compared column, one per line so they read in a narrow column: per image
// its soft tokens and image-prefill bucket, then prefill, first token, speed, time, how it ended.
ColumnLayout {
    id: box
    required property replyStats stats
    spacing: Theme.tinySpacing
    Accessible.role: Accessible.Grouping
    Accessible.name: qsTr("Column statistics")

    function entries() {
        const s = stats
        const out = []
        for (let i = 0; i < s.images.length; ++i)
            out.push({ name: qsTr("image %1").arg(i + 1),
                       text: s.images[i].level === 0 ? qsTr("image %1: server default level").arg(i + 1)
                             : qsTr("image %1: %2 soft tokens, bucket %3").arg(i + 1).arg(s.images[i].softTokens).arg(s.images[i].bucket) })
        // Level 0 (the server's default): only the server's usage knows the soft tokens.
        if (s.serverDefaultLevel && s.impliedImageTokens >= 0)
            out.push({ name: qsTr("image tokens"), text: qsTr("%L1 image tokens by the server's usage").arg(s.impliedImageTokens) })
        out.push({ name: qsTr("prompt tokens"), text: qsTr("%1 prompt tokens (%2 reused)").arg(s.promptTokens).arg(s.reusedTokens) })
        out.push({ name: qsTr("prefill chunks"), text: qsTr("%1 prefill chunks").arg(s.prefillChunks) })
        if (s.firstTokenSeen)
            out.push({ name: qsTr("time to first token"), text: qsTr("first token %1 ms").arg(s.ttftMs.toFixed(0)) })
        if (s.generatedTokens > 1)
            out.push({ name: qsTr("decode speed"), text: qsTr("%1 tokens/s").arg(s.decodeTokensPerS.toFixed(1)) })
        out.push({ name: qsTr("generated tokens"), text: qsTr("%1 generated").arg(s.generatedTokens) })
        out.push({ name: qsTr("total time"), text: qsTr("total %1 ms").arg(s.totalMs.toFixed(0)) })
        out.push({ name: qsTr("finish reason"), text: qsTr("ended: %1").arg(s.finishLabel || "–") })
        return out
    }

    Repeater {
        model: box.entries()
        delegate: Label {
            required property var modelData
            Layout.fillWidth: true
            text: modelData.text
            wrapMode: Text.Wrap
            font.pointSize: Theme.captionFontSize
            color: Theme.mutedText
            Accessible.name: modelData.name
            Accessible.description: text
        }
    }
}
