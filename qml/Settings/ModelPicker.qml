import QtQuick
import QtQuick.Controls
import QtQuick.Controls.impl
import QtQuick.Layouts
import Facet.Ui

// The header's model picker (issue #57): the model in use with its state — a dot and a word:
// loading with its progress, ready, failed, a server answering or not — and, one click away, a
// menu of what can answer instead: the built-in demo model, the model folders used last, another
// folder, the server; and the model's details (device, runtime, levels, buckets). Its accessible
// name is "Model status" and its description the whole status line, as the status line's was.
Button {
    id: picker
    objectName: "modelPicker"
    required property ModelLoader model
    required property ServerSession server
    // The model folders used last, newest first (RecentModels).
    required property var recentFolders
    // The whole status line (StatusBar.statusText()): the description, and the tooltip.
    required property string statusText
    signal demoRequested()
    signal folderRequested(string folder)
    signal chooseFolderRequested()
    signal serverRequested()
    signal detailsRequested()

    function openMenu() {
        menu.open()
        menu.currentIndex = 0
    }

    // Not "onServer": a name of "on" and a capital is read as a signal handler, never as this
    // property (the state said Ready on a server).
    readonly property bool usingServer: server.connected
    readonly property bool loading: model.state === ModelLoader.Loading
    readonly property bool failed: model.state === ModelLoader.Failed
                                    || model.state === ModelLoader.NoModel
                                    || (usingServer && !server.answering)

    function lastPart(path) {
        const parts = String(path).split("/").filter(p => p.length > 0)
        return parts.length > 0 ? parts[parts.length - 1] : String(path)
    }
    function modelName() {
        if (loading)
            return lastPart(model.loadingDir)
        if (!model.info.loaded)
            //: The model picker when nothing is loaded.
            return qsTr("Choose a model")
        if (model.demo)
            return qsTr("Demo model")
        return model.info.name.length > 0 ? model.info.name : lastPart(model.modelDir)
    }
    function stateText() {
        if (loading)
            //: The model picker while a model loads: its progress in per cent.
            return qsTr("Loading %1 %").arg(Math.round(model.loadFraction * 100))
        if (model.state === ModelLoader.Failed)
            return qsTr("Failed")
        if (model.state === ModelLoader.NoModel)
            return qsTr("No model")
        if (usingServer)
            return server.answering ? qsTr("Server · %1 ms").arg(Math.round(server.roundTripMs))
                                    : qsTr("Server not answering")
        return qsTr("Ready")
    }

    Accessible.name: qsTr("Model status")
    Accessible.description: statusText
    ToolTip.visible: hovered && !menu.visible
    ToolTip.text: statusText
    ToolTip.delay: 500
    onClicked: openMenu()

    contentItem: RowLayout {
        spacing: Theme.mediumSpacing
        Rectangle {
            objectName: "modelStateDot"
            Layout.preferredWidth: Theme.largeSpacing
            Layout.preferredHeight: Theme.largeSpacing
            radius: Theme.smallSpacing
            color: picker.failed ? Theme.error : picker.loading ? Theme.warning : Theme.accent
        }
        Label {
            objectName: "modelName"
            text: picker.modelName()
            font.bold: true
            elide: Text.ElideMiddle
            Layout.maximumWidth: Theme.gridUnit * 16
            color: Theme.text
        }
        Label {
            objectName: "modelState"
            text: picker.stateText()
            font.pointSize: Theme.smallFontSize
            color: picker.failed ? Theme.error : Theme.mutedText
        }
        // Filled with the button text's colour as IconButton's icons are (IconImage is what a
        // button's icon is drawn with: QQuickIconImage in qtquickcontrols2's impl module).
        IconImage {
            source: "qrc:/icons/chevron-down.svg"
            sourceSize.width: Theme.gridUnit
            sourceSize.height: Theme.gridUnit
            color: picker.palette.buttonText
            Accessible.ignored: true
        }
    }

    Menu {
        id: menu
        objectName: "modelMenu"
        y: picker.height
        MenuItem {
            text: qsTr("Demo model (built in)")
            checkable: true
            checked: picker.model.demo && !picker.usingServer
            enabled: picker.model.demoModelDir.length > 0
            Accessible.name: qsTr("Load the built-in demo model")
            onTriggered: picker.demoRequested()
        }
        Instantiator {
            model: picker.recentFolders
            delegate: MenuItem {
                required property string modelData
                text: picker.lastPart(modelData)
                checkable: true
                checked: !picker.usingServer && !picker.model.demo && picker.model.modelDir === modelData
                Accessible.name: qsTr("Load the model folder %1").arg(modelData)
                ToolTip.visible: hovered
                ToolTip.text: modelData
                onTriggered: picker.folderRequested(modelData)
            }
            onObjectAdded: (index, object) => menu.insertItem(1 + index, object)
            onObjectRemoved: (index, object) => menu.removeItem(object)
        }
        MenuItem {
            text: qsTr("Model folder…")
            Accessible.name: qsTr("Open a compiled model folder")
            onTriggered: picker.chooseFolderRequested()
        }
        MenuSeparator {}
        MenuItem {
            visible: picker.usingServer
            height: visible ? implicitHeight : 0
            text: picker.server.displayUrl
            checkable: true
            checked: true
            Accessible.name: qsTr("Server in use: %1").arg(picker.server.displayUrl)
            onTriggered: picker.serverRequested()
        }
        MenuItem {
            objectName: "serverItem"
            text: qsTr("Server…")
            Accessible.name: qsTr("Connect to a server")
            onTriggered: picker.serverRequested()
        }
        MenuSeparator {}
        MenuItem {
            objectName: "detailsItem"
            text: qsTr("Details…")
            enabled: picker.model.info.loaded
            Accessible.name: qsTr("Model details")
            onTriggered: picker.detailsRequested()
        }
    }
}
