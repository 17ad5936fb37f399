import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import Facet.Ui

// The header: the sidebar's toggle, the model picker (the model in use and its state; the demo
// model, recent folders, another folder, a server; ModelPicker.qml) with its details one click
// away (device, runtime library and version, detail levels and buckets; ModelDetailsPopup.qml),
// Export, Help and Settings; load progress; problems in full; the demo model's banner with its
// "Try it" menu. statusText() is the whole status line: the picker's description and tooltip.
// On a vLLM server: "server URL · model · N ms round trip" (GET /v1/models, timed again every
// 10 s by ServerSession, and after a reply that failed on the server) and the levels offered,
// or "not answering" with why.
Pane {
    id: bar
    required property EngineClient engine
    // Export needs something to export.
    required property bool canExport
    // The demo model's examples, for the banner's "Try it" menu (TryIt/DemoBanner.qml).
    required property DemoSamples samples
    // A reply (or a comparison) is being written: switching the model asks first.
    required property bool replying
    signal stopReplyRequested()
    signal settingsRequested()
    signal smokeTestRequested()
    signal serverRequested()
    signal copyRequested(string text)
    signal exportRequested(string format)
    signal shortcutsRequested()
    signal sampleChosen(int row)
    // The model folders used last (RecentModels.folders), offered by the model picker.
    required property var recentFolders
    // The conversations' sidebar is hidden (Ctrl+B or the first button toggles it).
    required property bool sidebarCollapsed
    signal sidebarToggled()
    padding: Theme.mediumSpacing
    readonly property modelInfo info: engine.model.info

    // Every switch of the model (a folder, the demo model, a server: Main.qml routes the server
    // dialog's here) goes through this: mid-reply the load would wait for the reply's end.
    function switchModel(load) {
        if (bar.replying)
            switchDialog.ask(load)
        else
            load()
    }
    SwitchModelDialog {
        id: switchDialog
        onStopReplyRequested: bar.stopReplyRequested()
    }

    // Ctrl+E (Main.qml): the Export button's menu, to pick Markdown or JSON with the keyboard.
    function openExportMenu() {
        if (!bar.canExport)
            return
        exportMenu.open()
        // From the keyboard (Ctrl+E) the first format is highlighted at once: Enter picks it.
        exportMenu.currentIndex = 0
    }

    // Ctrl+T (Main.qml): the demo banner's "Try it" menu, while the demo model is in use.
    readonly property bool canTry: demoBanner.visible && demoBanner.canTry
    function openTryItMenu() {
        if (bar.canTry)
            demoBanner.openMenu()
    }

    function statusText() {
        switch (bar.engine.model.state) {
        case ModelLoader.Loading:
            return qsTr("Loading %1 — %2").arg(bar.engine.model.loadingDir).arg(bar.engine.model.loadStep)
        case ModelLoader.Failed:
            return qsTr("Could not load the model: %1").arg(bar.engine.model.lastError)
        case ModelLoader.NoModel:
            return qsTr("No model loaded") + (bar.engine.model.lastError ? " (" + bar.engine.model.lastError + ")" : "")
        }
        if (!info.loaded)
            return ""
        if (bar.engine.serverSession.connected) {
            const server = bar.engine.serverSession
            const levels = server.serverDefaultLevel ? qsTr("server default level")
                                                     : qsTr("levels %1").arg(bar.engine.model.detailLevels.join(", "))
            // Whether it answers now: a dead server never keeps its last good round trip.
            if (!server.answering)
                return qsTr("server %1 · %2 · not answering: %3").arg(server.displayUrl).arg(info.name).arg(server.healthNote)
            return qsTr("server %1 · %2 · %3 ms round trip · %4").arg(server.displayUrl).arg(info.name)
                   .arg(Math.round(server.roundTripMs)).arg(levels)
                   + (server.healthNote.length > 0 ? " · " + server.healthNote : "")
        }
        return qsTr("%1 · device %2 · %3 %4 %5 · levels %6 · buckets %7")
               .arg(info.name).arg(info.deviceId)
               .arg(info.simulated ? qsTr("built-in simulator") : qsTr("RBLN runtime"))
               .arg(String(info.runtimeFile).split("/").pop()).arg(info.runtimeVersion)
               .arg(info.detailLevels.join(", ")).arg(info.bucketsText)
    }

    Dialog {
        id: problemDialog
        objectName: "loadProblemDialog"
        title: qsTr("Why %1 could not be loaded").arg(bar.engine.model.loadProblemFolder)
        modal: true
        parent: Overlay.overlay
        anchors.centerIn: parent
        width: Math.min(760, (parent ? parent.width : 760) - 40)
        height: Math.min(480, (parent ? parent.height : 480) - 40)
        standardButtons: Dialog.Close
        ColumnLayout {
            anchors.fill: parent
            ScrollView {
                Layout.fillWidth: true
                Layout.fillHeight: true
                TextArea {
                    objectName: "loadProblemText"
                    readOnly: true
                    selectByMouse: true
                    wrapMode: TextEdit.Wrap
                    text: bar.engine.model.loadProblem
                    Accessible.name: qsTr("Load problem text")
                }
            }
            Button {
                text: qsTr("Copy")
                Accessible.name: qsTr("Copy the load problem")
                onClicked: bar.copyRequested(bar.engine.model.loadProblemFolder + ":\n" + bar.engine.model.loadProblem)
            }
        }
    }

    AboutDialog {
        id: aboutDialog
        model: bar.engine.model
        server: bar.engine.serverSession
    }

    ModelDetailsPopup {
        id: modelDetails
        model: bar.engine.model
        server: bar.engine.serverSession
        onCopyRequested: (text) => bar.copyRequested(text)
    }

    ShownFolderDialog {
        id: folderDialog
        title: qsTr("Choose a compiled Gemma 4 model folder")
        onAccepted: {
            const selected = selectedFolder
            const shown = currentFolder
            bar.switchModel(() => bar.engine.model.loadChosenFolder(selected, shown))
        }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.smallSpacing
        RowLayout {
            Layout.fillWidth: true
            IconButton {
                objectName: "sidebarButton"
                iconName: bar.sidebarCollapsed ? "panel-left-open" : "panel-left-close"
                label: bar.sidebarCollapsed ? qsTr("Show the conversations (Ctrl+B)")
                                            : qsTr("Hide the conversations (Ctrl+B)")
                onClicked: bar.sidebarToggled()
            }
            ModelPicker {
                id: picker
                model: bar.engine.model
                server: bar.engine.serverSession
                recentFolders: bar.recentFolders
                statusText: bar.statusText()
                onDemoRequested: bar.switchModel(() => bar.engine.model.loadDemoModel())
                onFolderRequested: (folder) => bar.switchModel(() => bar.engine.model.loadModelDir(folder, 0, ""))
                onChooseFolderRequested: folderDialog.open()
                onServerRequested: bar.serverRequested()
                onDetailsRequested: modelDetails.open()
            }
            IconButton {
                objectName: "modelDetailsButton"
                iconName: "info"
                label: qsTr("Model details")
                enabled: bar.engine.model.info.loaded
                onClicked: modelDetails.open()
            }
            Button {
                visible: bar.engine.model.state === ModelLoader.Loading
                text: qsTr("Cancel")
                Accessible.name: qsTr("Cancel loading")
                onClicked: bar.engine.model.cancelLoad()
            }
            Item { Layout.fillWidth: true }
            // The actions as icons (issue #57), each with its tooltip and accessible name; the
            // menus open below their button (a Menu's own position is over it).
            IconButton {
                id: exportButton
                objectName: "exportButton"
                iconName: "download"
                label: qsTr("Export conversation")
                enabled: bar.canExport
                onClicked: exportMenu.open()
                Menu {
                    id: exportMenu
                    objectName: "exportMenu"
                    y: exportButton.height
                    MenuItem { text: qsTr("Markdown…"); Accessible.name: qsTr("Export as Markdown"); onTriggered: bar.exportRequested("md") }
                    MenuItem { text: qsTr("JSON…"); Accessible.name: qsTr("Export as JSON"); onTriggered: bar.exportRequested("json") }
                }
            }
            IconButton {
                id: helpButton
                objectName: "helpButton"
                iconName: "circle-help"
                label: qsTr("Help menu")
                onClicked: helpMenu.open()
                Menu {
                    id: helpMenu
                    objectName: "helpMenu"
                    y: helpButton.height
                    MenuItem {
                        objectName: "keyboardShortcuts"
                        text: qsTr("Keyboard shortcuts (F1)")
                        Accessible.name: qsTr("Keyboard shortcuts")
                        onTriggered: bar.shortcutsRequested()
                    }
                    MenuItem {
                        objectName: "aboutFacet"
                        text: qsTr("About Facet")
                        Accessible.name: text
                        onTriggered: aboutDialog.open()
                    }
                    MenuItem {
                        objectName: "runSmokeTest"
                        text: qsTr("Run smoke test…")
                        enabled: bar.engine.model.ready && !bar.engine.serverSession.connected
                        Accessible.name: qsTr("Run the smoke test of the NPU install")
                        onTriggered: bar.smokeTestRequested()
                    }
                }
            }
            IconButton {
                objectName: "settingsButton"
                iconName: "settings"
                // Named and tipped what it opens, as the other header buttons are: the dialog
                // has more sections than sampling, system prompt and language now.
                //: Button opening the settings dialog (this conversation, new chats, appearance, images, servers).
                label: qsTr("Settings")
                onClicked: bar.settingsRequested()
            }
        }
        ProgressBar {
            Layout.fillWidth: true
            visible: bar.engine.model.state === ModelLoader.Loading
            value: bar.engine.model.loadFraction
            Accessible.name: qsTr("Model load progress")
        }
        DemoBanner {
            id: demoBanner
            objectName: "demoBanner"
            Layout.fillWidth: true
            visible: bar.engine.model.ready && bar.engine.model.demo
            samples: bar.samples
            onSampleChosen: (row) => bar.sampleChosen(row)
        }
        // A folder that failed to load while the model in use stayed (or the start-up note when
        // the folder used last failed): one line here, the full text in a dialog to copy.
        Pane {
            objectName: "loadProblemPanel"
            Layout.fillWidth: true
            visible: bar.engine.model.loadProblem.length > 0
            padding: Theme.mediumSpacing
            background: Rectangle { color: Theme.replyBubble; border.color: Theme.warning; radius: Theme.smallRadius }
            RowLayout {
                anchors.fill: parent
                Label {
                    Layout.fillWidth: true
                    elide: Text.ElideRight
                    color: Theme.text
                    text: qsTr("Could not load %1: %2").arg(bar.engine.model.loadProblemFolder)
                                                        .arg(bar.engine.model.loadProblem.split("\n")[0])
                    Accessible.name: qsTr("Model load problem")
                    Accessible.description: text
                }
                Button {
                    objectName: "loadProblemDetails"
                    text: qsTr("Details…")
                    Accessible.name: qsTr("Show the whole load problem")
                    onClicked: problemDialog.open()
                }
                Button {
                    text: qsTr("Choose another folder…")
                    Accessible.name: qsTr("Choose another model folder")
                    onClicked: folderDialog.open()
                }
                IconButton {
                    iconName: "x"
                    label: qsTr("Dismiss the load problem")
                    onClicked: bar.engine.model.clearLoadProblem()
                }
            }
        }
        Repeater {
            model: bar.engine.model.ready ? bar.info.problems : []
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
