import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import Facet.Ui

// "Export as Markdown/JSON": a save dialog of our own (Qt 6.4's non-native FileDialog has no
// file-name field in SaveFile mode, so nothing could be typed): the folder (used last, else
// Documents; "Choose…" opens a folder dialog), a proposed file name from the title, a warning
// when it would replace a file. The images go beside the file into "<name>-images/".
Dialog {
    id: dialog
    objectName: "exportDialog"
    required property ConversationLibrary library
    property string format: "md"
    readonly property bool replaces: nameField.text.trim().length > 0
                                     && library.exportExists(folderField.text, nameField.text, format)
    title: format === "md" ? qsTr("Export as Markdown") : qsTr("Export as JSON")
    modal: true
    anchors.centerIn: Overlay.overlay
    width: Math.min(600, (parent ? parent.width : 600) - 40)

    function openFor(fmt) {
        format = fmt
        folderField.text = library.exportFolder()
        nameField.text = library.proposedExportName(fmt)
        open()
        nameField.forceActiveFocus()
        nameField.select(0, Math.max(0, nameField.text.lastIndexOf(".")))
    }

    ShownFolderDialog {
        id: folderPicker
        title: qsTr("Choose the export folder")
        onAccepted: folderField.text = dialog.library.localPath(currentFolder)
    }

    GridLayout {
        anchors.fill: parent
        columns: 3
        Label { text: qsTr("Folder") }
        TextField {
            id: folderField
            objectName: "exportFolder"
            Layout.fillWidth: true
            Accessible.name: qsTr("Export folder")
            onAccepted: dialog.accept()
        }
        Button {
            objectName: "exportChooseFolder"
            text: qsTr("Choose…")
            Accessible.name: qsTr("Choose the export folder")
            onClicked: {
                folderPicker.currentFolder = dialog.library.fileUrl(folderField.text)
                folderPicker.open()
            }
        }
        Label { text: qsTr("File name") }
        TextField {
            id: nameField
            objectName: "exportName"
            Layout.fillWidth: true
            Layout.columnSpan: 2
            Accessible.name: qsTr("Export file name")
            onAccepted: if (exportButton.enabled) dialog.accept()
        }
        Label {
            Layout.columnSpan: 3
            Layout.fillWidth: true
            visible: dialog.replaces
            wrapMode: Text.Wrap
            color: Theme.warning
            text: qsTr("%1 exists: Export replaces it.").arg(dialog.library.exportPath(folderField.text, nameField.text, dialog.format))
        }
    }

    footer: Pane {
        RowLayout {
            anchors.right: parent.right
            Button {
                id: exportButton
                objectName: "exportConfirm"
                text: dialog.replaces ? qsTr("Replace") : qsTr("Export")
                enabled: nameField.text.trim().length > 0 && folderField.text.trim().length > 0
                highlighted: true
                Accessible.name: text
                onClicked: dialog.accept()
            }
            Button {
                objectName: "exportCancel"
                text: qsTr("Cancel")
                Accessible.name: qsTr("Cancel export")
                onClicked: dialog.reject()
            }
        }
    }

    onAccepted: library.exportConversation(folderField.text, nameField.text, format)
}
