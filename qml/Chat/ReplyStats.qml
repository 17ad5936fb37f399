import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Statistics under a reply, each a number with its unit.
Flow {
    id: flow
    required property replyStats stats
    spacing: Theme.wideSpacing
    Accessible.role: Accessible.Grouping
    Accessible.name: qsTr("Reply statistics")

    // Only what was measured: no first-token time or speed for a reply that never produced a
    // token (stopped or failed early), no speed from a single token.
    function entries() {
        const measuredFirst = stats.firstTokenSeen
        const early = stats.finishReason === ReplyTypes.Cancelled ? qsTr("stopped before the first token")
                    : stats.finishReason === ReplyTypes.Error ? qsTr("failed before the first token") : ""
        const all = [
            { name: qsTr("prompt tokens"), text: qsTr("%L1 prompt tokens").arg(stats.promptTokens) },
            // At the server default level Facet cannot count the images: the server's usage can.
            { name: qsTr("image tokens"),
              text: !stats.serverDefaultLevel ? qsTr("%L1 image tokens").arg(stats.imageTokens)
                    : stats.impliedImageTokens >= 0 ? qsTr("%L1 image tokens by the server's usage").arg(stats.impliedImageTokens)
                    : qsTr("image tokens not reported by the server") },
            { name: qsTr("reused tokens"), text: qsTr("%L1 reused", "tokens whose cache was reused").arg(stats.reusedTokens) },
            stats.imagesReused > 0 ? { name: qsTr("images reused"), text: qsTr("%n image(s) not encoded again", "", stats.imagesReused) } : null,
            { name: qsTr("generated tokens"), text: qsTr("%L1 generated", "tokens").arg(stats.generatedTokens) },
            measuredFirst ? { name: qsTr("time to first token"), text: qsTr("first token %L1 ms").arg(Math.round(stats.ttftMs)) }
                          : early.length > 0 ? { name: qsTr("time to first token"), text: early } : null,
            stats.generatedTokens > 1 ? { name: qsTr("decode speed"), text: qsTr("%1 tokens/s").arg(Number(stats.decodeTokensPerS).toLocaleString(Qt.locale(), "f", 1)) } : null,
            //: Reply statistics: a bucket is a compiled image-prefill size; "280→384" maps a detail level to the bucket used.
            stats.bucketsText.length > 0 ? { name: qsTr("buckets"), text: qsTr("level→bucket %1").arg(stats.bucketsText) } : null,
            stats.serverDefaultLevel ? { name: qsTr("detail level"), text: qsTr("server default level") } : null,
            { name: qsTr("finish reason"), text: qsTr("ended: %1").arg(stats.finishLabel || "–") },
            stats.server.length > 0 ? { name: qsTr("engine"), text: qsTr("server %1 · %2").arg(stats.server).arg(stats.servedModel) } : null
        ]
        return all // the nulls (not measured) are skipped by the delegate
    }

    Repeater {
        model: flow.entries()
        delegate: Label {
            required property var modelData
            visible: modelData !== null // a Flow leaves invisible items out
            text: modelData ? modelData.text : ""
            font.pointSize: Theme.captionFontSize
            color: Theme.mutedText
            Accessible.name: modelData ? modelData.name : ""
            Accessible.description: text
        }
    }
}
