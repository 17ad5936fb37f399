import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// The model's internals, one click from the header's model picker (issue #57): what the status
// line used to list in one long row — device, runtime library and version, detail levels,
// image-prefill buckets, context length; on a server its URL, round trip and health — as a
// table, with a Copy button for a bug report.
Dialog {
    id: details
    objectName: "modelDetails"
    required property ModelLoader model
    required property ServerSession server
    signal copyRequested(string text)
    title: qsTr("Model details")
    modal: true
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(Theme.gridUnit * 36, (parent ? parent.width : Theme.gridUnit * 36) - Theme.gridUnit * 2)
    standardButtons: Dialog.Close

    readonly property modelInfo info: model.info
    readonly property bool usingServer: server.connected
    // [label, value] rows; a row without a value is left out.
    readonly property var rows: {
        const r = [[qsTr("Model"), info.name]]
        if (usingServer) {
            r.push([qsTr("Server"), server.displayUrl])
            r.push([qsTr("Round trip"), server.answering ? qsTr("%1 ms").arg(Math.round(server.roundTripMs))
                                                         : qsTr("not answering: %1").arg(server.healthNote)])
            r.push([qsTr("Detail levels"), server.serverDefaultLevel ? qsTr("server default level")
                                                                     : model.detailLevels.join(", ")])
        } else {
            r.push([qsTr("Folder"), model.modelDir])
            r.push([qsTr("Device"), String(info.deviceId)])
            r.push([qsTr("Runtime"), (info.simulated ? qsTr("built-in simulator") : qsTr("RBLN runtime"))
                                     + " · " + String(info.runtimeFile).split("/").pop() + " " + info.runtimeVersion])
            r.push([qsTr("Detail levels"), info.detailLevels.join(", ")])
            r.push([qsTr("Image buckets"), info.bucketsText])
            r.push([qsTr("Context"), info.maxSeqLen > 0 ? qsTr("%L1 tokens").arg(info.maxSeqLen) : ""])
        }
        return r.filter(row => String(row[1]).length > 0)
    }
    function asText() {
        return rows.map(row => row[0] + ": " + row[1]).join("\n")
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.largeSpacing
        GridLayout {
            Layout.fillWidth: true
            columns: 2
            columnSpacing: Theme.wideSpacing
            rowSpacing: Theme.smallSpacing
            Repeater {
                model: details.rows.length * 2
                delegate: Label {
                    required property int index
                    readonly property var row: details.rows[Math.floor(index / 2)]
                    readonly property bool isLabel: index % 2 === 0
                    Layout.fillWidth: !isLabel
                    Layout.alignment: Qt.AlignTop
                    text: isLabel ? row[0] : row[1]
                    color: isLabel ? Theme.mutedText : Theme.text
                    wrapMode: isLabel ? Text.NoWrap : Text.WrapAnywhere
                    Accessible.name: isLabel ? text : row[0] + ": " + row[1]
                }
            }
        }
        Button {
            objectName: "copyModelDetails"
            text: qsTr("Copy")
            Accessible.name: qsTr("Copy the model details")
            onClicked: details.copyRequested(details.asText())
        }
    }
}
