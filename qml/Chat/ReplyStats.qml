import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Statistics under a reply, each a number with its unit.
Flow {
    id: flow
    property var stats: ({})
    spacing: 12
    Accessible.role: Accessible.Grouping
    Accessible.name: qsTr("Reply statistics")

    function num(key, digits) {
        const v = stats[key]
        return v === undefined ? "–" : Number(v).toFixed(digits)
    }
    function finishText(reason) {
        switch (reason) {
        case "stop_token": return qsTr("finished")
        case "max_tokens": return qsTr("token limit reached")
        case "cancelled": return qsTr("stopped")
        case "error": return qsTr("error")
        case "context_full": return qsTr("context full")
        }
        return reason || "–"
    }
    function bucketText() {
        const images = stats.images || []
        return images.map(i => i.level + "→" + i.bucket).join(", ")
    }

    Repeater {
        model: [
            { name: qsTr("prompt tokens"), text: qsTr("%1 prompt tokens").arg(flow.num("prompt_tokens", 0)) },
            { name: qsTr("image tokens"), text: qsTr("%1 image tokens").arg(flow.num("image_tokens", 0)) },
            { name: qsTr("reused tokens"), text: qsTr("%1 reused").arg(flow.num("reused_tokens", 0)) },
            { name: qsTr("generated tokens"), text: qsTr("%1 generated").arg(flow.num("generated_tokens", 0)) },
            { name: qsTr("time to first token"), text: qsTr("first token %1 ms").arg(flow.num("ttft_ms", 0)) },
            { name: qsTr("decode speed"), text: qsTr("%1 tokens/s").arg(flow.num("decode_tokens_per_s", 1)) },
            { name: qsTr("buckets"), text: qsTr("level→bucket %1").arg(flow.bucketText() || "–") },
            { name: qsTr("finish reason"), text: qsTr("ended: %1").arg(flow.finishText(flow.stats.finish_reason)) }
        ]
        delegate: Label {
            required property var modelData
            text: modelData.text
            font.pixelSize: 11
            color: Theme.mutedText
            Accessible.name: modelData.name
            Accessible.description: modelData.text
        }
    }
}
