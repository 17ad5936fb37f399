import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import Facet.Ui

// The model status line: device, runtime library (real or the built-in simulator) and version,
// model name, detail levels and buckets; load progress; problems in full; the demo-model note.
Pane {
    id: bar
    signal settingsRequested()
    signal exportRequested(string format)
    padding: 6
    readonly property var info: App.engine.info

    function statusText() {
        switch (App.engine.state) {
        case EngineClient.Loading:
            return qsTr("Loading %1 — %2").arg(App.engine.modelDir).arg(App.engine.loadStep)
        case EngineClient.Failed:
            return qsTr("Could not load the model: %1").arg(App.engine.lastError)
        case EngineClient.NoModel:
            return qsTr("No model loaded") + (App.engine.lastError ? " (" + App.engine.lastError + ")" : "")
        }
        if (!info || !info.bucketForLevel)
            return ""
        const buckets = Object.keys(info.bucketForLevel).map(l => l + "→" + info.bucketForLevel[l]).join(", ")
        return qsTr("%1 · device %2 · %3 %4 %5 · levels %6 · buckets %7")
               .arg(info.name).arg(info.deviceId)
               .arg(info.simulated ? qsTr("built-in simulator") : qsTr("RBLN runtime"))
               .arg(String(info.runtimeFile).split("/").pop()).arg(info.runtimeVersion)
               .arg(info.detailLevels.join(", ")).arg(buckets)
    }

    FolderDialog {
        id: folderDialog
        title: qsTr("Choose a compiled Gemma 4 model folder")
        onAccepted: App.engine.loadModel(selectedFolder)
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 4
        RowLayout {
            Layout.fillWidth: true
            Label {
                objectName: "statusLine"
                Layout.fillWidth: true
                text: bar.statusText()
                elide: Text.ElideRight
                color: App.engine.state === EngineClient.Failed ? Theme.error : Theme.text
                Accessible.name: qsTr("Model status")
                Accessible.description: text
                ToolTip.visible: statusHover.containsMouse
                ToolTip.text: text
                MouseArea { id: statusHover; anchors.fill: parent; hoverEnabled: true; acceptedButtons: Qt.NoButton }
            }
            Button {
                visible: App.engine.state === EngineClient.Loading
                text: qsTr("Cancel")
                Accessible.name: qsTr("Cancel loading")
                onClicked: App.engine.cancelLoad()
            }
            Button {
                text: qsTr("Model folder…")
                Accessible.name: qsTr("Open a compiled model folder")
                onClicked: folderDialog.open()
            }
            Button {
                visible: !App.engine.demo && App.engine.demoModelDir.length > 0
                text: qsTr("Demo model")
                Accessible.name: qsTr("Load the built-in demo model")
                onClicked: App.engine.loadDemoModel()
            }
            Button {
                text: qsTr("Export")
                Accessible.name: qsTr("Export conversation")
                enabled: App.conversation.count > 0
                onClicked: exportMenu.open()
                Menu {
                    id: exportMenu
                    MenuItem { text: qsTr("Markdown…"); Accessible.name: qsTr("Export as Markdown"); onTriggered: bar.exportRequested("md") }
                    MenuItem { text: qsTr("JSON…"); Accessible.name: qsTr("Export as JSON"); onTriggered: bar.exportRequested("json") }
                }
            }
            Button {
                text: qsTr("Settings")
                Accessible.name: qsTr("Sampling settings and system prompt")
                onClicked: bar.settingsRequested()
            }
        }
        ProgressBar {
            Layout.fillWidth: true
            visible: App.engine.state === EngineClient.Loading
            value: App.engine.loadFraction
            Accessible.name: qsTr("Model load progress")
        }
        Label {
            objectName: "demoNote"
            Layout.fillWidth: true
            visible: App.engine.ready && App.engine.demo
            wrapMode: Text.Wrap
            color: Theme.warning
            text: qsTr("Demo model on the simulated device: its weights are random, so its answers are meaningless. Choose a compiled model folder for real answers.")
            Accessible.name: qsTr("Demo model note")
            Accessible.description: text
        }
        Repeater {
            model: App.engine.ready ? bar.info.problems : []
            delegate: Label {
                required property string modelData
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                color: Theme.warning
                text: qsTr("Problem: %1").arg(modelData)
                Accessible.name: text
            }
        }
    }
}
