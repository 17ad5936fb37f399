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
        case "stop": return qsTr("finished")
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
            { name: qsTr("prompt tokens"), value: flow.num("prompt_tokens", 0) },
            { name: qsTr("image tokens"), value: flow.num("image_tokens", 0) },
            { name: qsTr("reused"), value: flow.num("reused_tokens", 0) },
            { name: qsTr("generated"), value: flow.num("generated_tokens", 0) },
            { name: qsTr("first token ms"), value: flow.num("ttft_ms", 0) },
            { name: qsTr("tokens/s"), value: flow.num("decode_tokens_per_s", 1) },
            { name: qsTr("buckets"), value: flow.bucketText() || "–" },
            { name: qsTr("end"), value: flow.finishText(flow.stats.finish_reason) }
        ]
        delegate: Label {
            required property var modelData
            text: modelData.value + " " + modelData.name
            font.pixelSize: 11
            color: Theme.mutedText
            Accessible.name: modelData.name
            Accessible.description: modelData.value
        }
    }
}
