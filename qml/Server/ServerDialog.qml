import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Model → Connect to a server…: a vLLM server (vllm-rbln on Rebel NPU servers, or vLLM on GPUs)
// as the engine. The URL is asked for its models once typed (errors name the URL); the API key
// goes to the system keyring, or stays for this session only when there is none (said here);
// the levels to offer are those the server was started with: Facet cannot ask a server which
// levels it compiled, so it ticks what the server's kind suggests (GET /version: all five on
// stock vLLM, else Gemma 4's default 280) until the user ticks for themselves. "Server default"
// sends no level at all. The dialog stays open until the server answered.
Dialog {
    id: dialog
    objectName: "serverDialog"
    title: qsTr("Connect to a server")
    modal: true
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(600, (parent ? parent.width : 600) - 40)
    required property ServerConnection connection
    // The levels to offer, ascending.
    property var levels: [Labels.defaultDetailLevel]
    // The user ticked a level in this dialog: the server's kind no longer picks them.
    property bool levelsTouched: false
    // Requests send no detail level (no mm_processor_kwargs): the server's own default applies.
    property bool serverDefault: false
    property bool serverDefaultTouched: false
    // The URL was edited since it was last asked for its models: the list shown belongs to the
    // address before, so Connect waits for the answer (else a quick click would pair the new
    // URL with the old server's model name).
    property bool urlEdited: false
    readonly property bool canConnect: urlField.text.trim().length > 0 && (levels.length > 0 || serverDefault)
                                       && connection.models.length > 0 && !connection.connecting
                                       && !urlEdited

    // Fills the fields with what was used last and asks that server for its models.
    function start() {
        urlField.text = connection.rememberedUrl
        keyField.text = ""
        const remembered = connection.rememberedLevels
        levels = Array.from(remembered.length > 0 ? remembered : [Labels.defaultDetailLevel])
        levelsTouched = false
        serverDefaultTouched = false
        serverDefault = connection.rememberedServerDefault
        open()
        urlField.forceActiveFocus()
        probeNow()
    }

    function probeNow() {
        probeTimer.stop()
        urlEdited = false
        connection.probe(urlField.text, keyField.text)
        connection.lookUpKey(urlField.text)
    }

    function setLevel(level, on) {
        levelsTouched = true
        const next = levels.filter((l) => l !== level)
        if (on)
            next.push(level)
        next.sort((a, b) => a - b)
        levels = next
    }

    // Runs the connect: Main.qml asks "Stop the reply and switch?" first while a reply is
    // being written (Settings/SwitchModelDialog.qml).
    property var switchModel: (connect) => connect()
    function connectNow() {
        if (!canConnect)
            return
        const args = [urlField.text, modelBox.currentText, keyField.text, levels, serverDefault]
        dialog.switchModel(() => dialog.connection.connectTo(args[0], args[1], args[2], args[3], args[4]))
    }

    // A server of another kind answered: tick what its kind suggests, unless the user ticked.
    Connections {
        target: dialog.connection
        function onProbeChanged() {
            // The levels remembered for the server used last stay for that server.
            const sameServer = dialog.connection.probedUrl === dialog.connection.rememberedUrl
            const remembered = sameServer && dialog.connection.rememberedLevels.length > 0
            if (!dialog.levelsTouched && !remembered && dialog.connection.models.length > 0)
                dialog.levels = Array.from(dialog.connection.suggestedLevels)
            if (!dialog.serverDefaultTouched)
                dialog.serverDefault = sameServer && dialog.connection.rememberedServerDefault
        }
    }

    // The model list follows the URL as it is typed, without a request per key press.
    Timer { id: probeTimer; interval: 600; onTriggered: dialog.probeNow() }

    Connections {
        target: dialog.connection
        function onConnected() {
            keyField.text = ""
            dialog.close()
        }
    }

    contentItem: ColumnLayout {
        spacing: Theme.largeSpacing
        GridLayout {
            Layout.fillWidth: true
            columns: 2
            columnSpacing: Theme.wideSpacing

            Label { text: qsTr("Server URL") }
            TextField {
                id: urlField
                objectName: "serverUrl"
                Layout.fillWidth: true
                placeholderText: "http://npu-server:8000/v1"
                selectByMouse: true
                Accessible.name: qsTr("Server URL")
                onTextEdited: {
                    dialog.urlEdited = true
                    probeTimer.restart()
                }
                onAccepted: dialog.probeNow()
            }

            Label { text: qsTr("API key") }
            TextField {
                id: keyField
                objectName: "serverKey"
                Layout.fillWidth: true
                echoMode: TextInput.Password
                selectByMouse: true
                placeholderText: dialog.connection.hasStoredKey
                                 ? qsTr("Kept for this server (leave empty to use it)")
                                 : qsTr("None (or FACET_API_KEY)")
                Accessible.name: qsTr("API key")
                // Qt 6.4's AT-SPI bridge reports a password field without this name (its
                // placeholder is what a screen reader hears): the label beside it says "API key".
                // A key may be what the server wanted (HTTP 401): ask again with it.
                onEditingFinished: if (dialog.connection.probeError.length > 0) dialog.probeNow()
            }
            // A grid leaves out an invisible item: this cell goes with the note below, or the
            // next rows slid one cell over (the fields squeezed to the right on first open,
            // while there is no note yet; issue #55 item 8).
            Item { width: 1; height: 1; visible: keyNote.visible }
            Label {
                id: keyNote
                objectName: "keyNote"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                font.pointSize: Theme.smallFontSize
                color: dialog.connection.keyNote.startsWith(qsTr("No system keyring")) ? Theme.warning : Theme.mutedText
                text: dialog.connection.keyNote
                visible: text.length > 0
                Accessible.name: qsTr("Where the API key is kept")
                Accessible.description: text
            }

            Label { text: qsTr("Model") }
            ComboBox {
                id: modelBox
                objectName: "servedModel"
                Layout.fillWidth: true
                model: dialog.connection.models
                enabled: dialog.connection.models.length > 0
                Accessible.name: qsTr("Served model")
                // The model used last, when this server still serves it.
                onCountChanged: currentIndex = Math.max(0, find(dialog.connection.rememberedModel))
            }
            Item { width: 1; height: 1 }
            Label {
                objectName: "probeStatus"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                font.pointSize: Theme.smallFontSize
                readonly property bool failed: dialog.connection.probeError.length > 0
                color: failed ? Theme.error : Theme.mutedText
                text: dialog.connection.probing
                      ? qsTr("Asking %1 for its models…").arg(dialog.connection.probedUrl)
                      : dialog.urlEdited ? qsTr("Type the server's address; its models are listed here.")
                      : failed ? dialog.connection.probeError
                      : dialog.connection.models.length > 0
                        ? qsTr("%n model(s) served · %1 ms round trip", "", dialog.connection.models.length)
                              .arg(Math.round(dialog.connection.probeRoundTripMs))
                        : qsTr("Type the server's address; its models are listed here.")
                Accessible.name: qsTr("Server answer")
                Accessible.description: text
            }

            Label { text: qsTr("Detail levels") }
            Flow {
                Layout.fillWidth: true
                spacing: Theme.smallSpacing
                Repeater {
                    model: Labels.detailLevels
                    delegate: CheckBox {
                        required property int modelData
                        objectName: "offer" + modelData
                        text: Labels.detailLevelName(modelData) + " " + modelData
                        checked: dialog.levels.indexOf(modelData) >= 0
                        Accessible.name: qsTr("Offer detail level %1").arg(modelData)
                        onToggled: dialog.setLevel(modelData, checked)
                    }
                }
            }
            Item { width: 1; height: 1 }
            Label {
                objectName: "levelsNote"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                font.pointSize: Theme.smallFontSize
                color: Theme.mutedText
                text: (dialog.connection.kindNote.length > 0 ? dialog.connection.kindNote + " " : "")
                      + qsTr("Tick the levels the server was started with: a level a vllm-rbln server was not compiled for can stop that server.")
            }
            Item { width: 1; height: 1 }
            CheckBox {
                objectName: "serverDefault"
                Layout.fillWidth: true
                text: qsTr("Server default: send no level")
                checked: dialog.serverDefault
                Accessible.name: qsTr("Send no detail level; the server's default applies")
                ToolTip.visible: hovered
                ToolTip.delay: 600
                ToolTip.text: qsTr("For a vLLM server started without --trust-request-mm-kwargs, which refuses a detail level per request.")
                onToggled: {
                    dialog.serverDefaultTouched = true
                    dialog.serverDefault = checked
                }
            }
        }

        Label {
            objectName: "connectError"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: Theme.error
            text: dialog.connection.connectError
            visible: text.length > 0
            Accessible.name: qsTr("Connection problem")
            Accessible.description: text
        }
    }

    // Plain buttons, not a DialogButtonBox: its Accept would close the dialog before the
    // server has answered.
    footer: Pane {
        RowLayout {
            anchors.right: parent.right
            Button {
                objectName: "connectButton"
                text: dialog.connection.connecting ? qsTr("Connecting…") : qsTr("Connect")
                enabled: dialog.canConnect
                highlighted: true
                Accessible.name: qsTr("Connect to the server")
                onClicked: dialog.connectNow()
            }
            Button {
                objectName: "cancelButton"
                text: qsTr("Cancel")
                Accessible.name: qsTr("Cancel connecting to a server")
                onClicked: dialog.reject()
            }
        }
    }
    // Enter anywhere in the dialog connects, as the default button would.
    Shortcut {
        sequences: ["Return", "Enter"]
        enabled: dialog.visible && dialog.canConnect && !urlField.activeFocus
        onActivated: dialog.connectNow()
    }
}
