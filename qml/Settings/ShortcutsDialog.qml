import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Help → Keyboard shortcuts (F1): every key the window answers to, in one list. Main.qml and
// the composer define them; keep this list in step with those.
Dialog {
    id: dialog
    objectName: "shortcutsDialog"
    title: qsTr("Keyboard shortcuts")
    modal: true
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(560, (parent ? parent.width : 560) - 40)
    standardButtons: Dialog.Close

    readonly property var shortcuts: [
        { keys: "Ctrl+N", action: qsTr("New chat") },
        { keys: "Ctrl+B", action: qsTr("Hide or show the conversations") },
        { keys: "Ctrl+O", action: qsTr("Attach images") },
        { keys: "Ctrl+V", action: qsTr("Paste images (or text into the message box)") },
        { keys: "Enter", action: qsTr("Send the message") },
        { keys: "Shift+Enter", action: qsTr("New line in the message") },
        { keys: "Ctrl+Tab", action: qsTr("Tab character in the message") },
        { keys: "Esc", action: qsTr("Stop the reply being written") },
        { keys: "Ctrl+E", action: qsTr("Export the conversation (Markdown or JSON)") },
        { keys: "Ctrl+T", action: qsTr("Try it: example images and questions (demo model)") },
        { keys: "Ctrl+Shift+L", action: qsTr("Sweep: which detail level do many images need") },
        { keys: "Tab, Shift+Tab", action: qsTr("Move between controls") },
        { keys: "F1", action: qsTr("This list of keyboard shortcuts") },
        { keys: "Ctrl+Q", action: qsTr("Quit") }
    ]

    ListView {
        id: list
        objectName: "shortcutList"
        anchors.fill: parent
        implicitHeight: contentHeight
        clip: true
        focus: true
        keyNavigationEnabled: true
        model: dialog.shortcuts
        Accessible.role: Accessible.List
        Accessible.name: qsTr("Keyboard shortcuts")
        delegate: RowLayout {
            required property var modelData
            required property int index
            width: list.width
            spacing: Theme.gridUnit
            Accessible.role: Accessible.ListItem
            Accessible.name: qsTr("%1: %2").arg(modelData.keys).arg(modelData.action)
            Label {
                Layout.preferredWidth: 130
                topPadding: Theme.smallSpacing
                bottomPadding: Theme.smallSpacing
                text: modelData.keys
                font.bold: true
                color: Theme.text
            }
            Label {
                Layout.fillWidth: true
                text: modelData.action
                wrapMode: Text.Wrap
                color: Theme.text
            }
        }
    }
}
