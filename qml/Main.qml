import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import Facet.Ui

// The main window: status line on top, conversations on the left, the chat and its composer on
// the right; images can be dropped anywhere on it.
ApplicationWindow {
    id: window
    objectName: "mainWindow"
    width: 1180
    height: 800
    visible: true
    title: App.chat.title.length > 0 ? qsTr("%1 — Facet").arg(App.chat.title) : "Facet"
    color: Theme.window

    header: StatusBar {
        onSettingsRequested: settings.open()
        onExportRequested: (format) => {
            exportDialog.format = format
            exportDialog.open()
        }
    }

    Shortcut {
        sequences: [StandardKey.New]
        onActivated: { App.chat.newChat(); composer.focusInput() }
    }
    Shortcut {
        sequence: "Esc"
        enabled: App.chat.busy && !composer.inputFocused
        onActivated: App.chat.stop()
    }
    Shortcut {
        sequences: [StandardKey.Paste]
        enabled: !composer.inputFocused
        onActivated: composer.paste()
    }

    Connections {
        target: App.attachments
        function onRejected(message) { notices.show(message) }
    }
    Connections {
        target: App.chat
        function onNotice(message) { notices.show(message) }
    }

    SplitView {
        anchors.fill: parent
        Sidebar {
            SplitView.preferredWidth: 240
            SplitView.minimumWidth: 160
        }
        ColumnLayout {
            SplitView.fillWidth: true
            spacing: 0
            ChatView {
                id: chatView
                Layout.fillWidth: true
                Layout.fillHeight: true
                onEditRequested: (row, text) => App.chat.editAndResend(row, text)
                Label {
                    anchors.centerIn: parent
                    visible: chatView.count === 0
                    width: parent.width * 0.7
                    horizontalAlignment: Text.AlignHCenter
                    wrapMode: Text.Wrap
                    color: Theme.mutedText
                    text: qsTr("Drop, paste or attach images, choose a detail level, and ask.")
                }
            }
            Composer {
                id: composer
                Layout.fillWidth: true
                onPreviewRequested: (path, name, level, tokens, w, h) => {
                    preview.path = path
                    preview.name = name
                    preview.level = level
                    preview.tokens = tokens
                    preview.imageWidth = w
                    preview.imageHeight = h
                    preview.open()
                }
            }
        }
    }

    NoticeArea {
        id: notices
        anchors.right: parent.right
        anchors.top: parent.top
        anchors.margins: 12
        width: Math.min(parent.width * 0.5, 520)
    }

    DropOverlay {
        objectName: "dropOverlay"
        anchors.fill: parent
        onFilesDropped: (urls) => App.attachments.addUrls(urls)
    }

    ModelViewPopup { id: preview; objectName: "modelViewPopup" }
    SettingsDialog { id: settings }

    FileDialog {
        id: exportDialog
        property string format: "md"
        title: qsTr("Export conversation")
        fileMode: FileDialog.SaveFile
        nameFilters: format === "md" ? [qsTr("Markdown (*.md)")] : [qsTr("JSON (*.json)")]
        onAccepted: format === "md" ? App.chat.exportMarkdown(selectedFile) : App.chat.exportJson(selectedFile)
    }

    onClosing: App.chat.finishForQuit()
}
