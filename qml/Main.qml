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
    // Where the user left it, or on the first start a size that fits the screen with the window
    // manager's title bar (Settings/windowplacement.h); saved again as it closes.
    x: App.windowSettings.initialX
    y: App.windowSettings.initialY
    width: App.windowSettings.initialWidth
    height: App.windowSettings.initialHeight
    // Below this the sidebar and the composer's controls no longer fit side by side
    // (kMinimumWindowSize in Settings/windowplacement.h).
    minimumWidth: 720
    minimumHeight: 520
    visible: true
    Component.onCompleted: if (App.windowSettings.initiallyMaximized) showMaximized()
    onClosing: {
        App.windowSettings.saveGeometry(Qt.rect(x, y, width, height), visibility === Window.Maximized)
        window.keepSidebarWidth()
    }
    // The sidebar's width as the user left it (not while it is hidden: it has none then).
    function keepSidebarWidth() {
        if (sidebar.visible)
            App.windowSettings.sidebarWidth = sidebar.width
    }
    function toggleSidebar() {
        App.windowSettings.sidebarCollapsed = !App.windowSettings.sidebarCollapsed
    }
    title: App.library.title.length > 0 ? qsTr("%1 — Facet").arg(App.library.title) : "Facet"
    color: Theme.window

    header: StatusBar {
        id: statusBar
        engine: App.engine
        canExport: App.conversation.count > 0
        onSettingsRequested: settingsDialog.open()
        onExportRequested: (format) => exportDialog.openFor(format)
        onCopyRequested: (text) => App.chat.copyText(text)
        onSmokeTestRequested: smokeTest.start()
        onShortcutsRequested: shortcutsDialog.open()
        onServerRequested: serverDialog.start()
        samples: App.samples
        onSampleChosen: (row) => window.trySample(row)
        replying: App.chat.busy
        onStopReplyRequested: App.chat.stop()
        sidebarCollapsed: App.windowSettings.sidebarCollapsed
        recentFolders: App.recentModels.folders
        onSidebarToggled: window.toggleSidebar()
    }

    // "Try it" (the demo banner): an example never replaces a draft silently. The message box
    // is one draft shared by every conversation (switching or Ctrl+N keeps it), so a new
    // conversation alone would not keep it apart: the user is asked first.
    function trySample(row) {
        const hasText = composer.text.trim().length > 0
        if (hasText || App.attachments.count > 0)
            replaceDraft.ask(row, hasText, App.attachments.count)
        else
            startSample(row)
    }
    // The example alone in a fresh conversation (the demo model answers one image and one
    // question; earlier turns would be part of its prompt): its image at its level, its question
    // in the message box, focused, so Enter sends. An example with a second level opens Compare
    // levels… with both ticked instead, Enter runs it.
    function startSample(row) {
        if (App.conversation.count > 0 || App.compare.active)
            App.library.newChat()
        if (!App.samples.attach(row, App.attachments))
            return
        composer.putText(App.samples.question(row))
        const levels = App.samples.compareLevels(row)
        if (levels.length > 0)
            compareLevels.openWith(levels)
    }

    // `row`: a composer attachment's row (a region of it can be asked about), else undefined.
    function showPreview(path, name, level, tokens, w, h, row) {
        preview.original = false
        preview.attachmentRow = row === undefined ? -1 : row
        preview.path = path
        preview.name = name
        preview.level = level
        preview.tokens = tokens
        preview.imageWidth = w
        preview.imageHeight = h
        preview.open()
    }
    // A chip's "Region…": the same popup's region editor, on the original picture.
    function showRegionEditor(path, name, w, h, row) {
        preview.original = true
        preview.attachmentRow = row
        preview.path = path
        preview.name = name
        preview.imageWidth = w
        preview.imageHeight = h
        preview.open()
    }

    Shortcut {
        sequences: [StandardKey.New]
        onActivated: { App.library.newChat(); composer.focusInput() }
    }
    // Help → Keyboard shortcuts (ShortcutsDialog.qml) lists every key; keep it in step.
    Shortcut {
        sequences: [StandardKey.Open]
        onActivated: composer.attachImages()
    }
    // Hides or shows the conversations (also the header's first button); remembered.
    Shortcut {
        sequence: "Ctrl+B"
        onActivated: window.toggleSidebar()
    }
    Shortcut {
        sequence: "Ctrl+E"
        enabled: App.conversation.count > 0
        onActivated: statusBar.openExportMenu()
    }
    Shortcut {
        sequence: "Ctrl+T"
        enabled: statusBar.canTry
        onActivated: statusBar.openTryItMenu()
    }
    // Sweep… (Sweep/): many images at several detail levels; also beside Compare levels….
    Shortcut {
        sequence: "Ctrl+Shift+L"
        onActivated: sweepDialog.openFresh()
    }
    Shortcut {
        sequences: [StandardKey.Quit]
        onActivated: window.close()
    }
    Shortcut {
        sequences: [StandardKey.HelpContents]
        onActivated: shortcutsDialog.open()
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
    Connections {
        target: App.compare
        function onNotice(message) { notices.show(message) }
    }
    Connections {
        target: App.library
        function onNotice(message) { notices.show(message) }
    }

    SplitView {
        anchors.fill: parent
        // Kept as soon as the user lets go of the handle, not only when the window closes.
        onResizingChanged: if (!resizing) window.keepSidebarWidth()
        Sidebar {
            id: sidebar
            objectName: "sidebar"
            visible: !App.windowSettings.sidebarCollapsed
            library: App.library
            chats: App.chats
            writingId: App.chat.writingId
            SplitView.preferredWidth: App.windowSettings.sidebarWidth
            SplitView.minimumWidth: App.windowSettings.minimumSidebarWidth
        }
        ColumnLayout {
            SplitView.fillWidth: true
            spacing: 0
            ChatView {
                id: chatView
                Layout.fillWidth: true
                Layout.fillHeight: true
                chat: App.chat
                conversation: App.conversation
                engineReady: App.engine.model.ready
                compare: App.compare
                onPreviewRequested: (path, name, level, tokens, w, h) => window.showPreview(path, name, level, tokens, w, h)
                // A new chat: what Facet does, and the demo model's examples as cards.
                EmptyState {
                    anchors.centerIn: parent
                    width: parent.width
                    visible: chatView.count === 0 && !App.compare.active
                    samples: App.samples
                    showExamples: App.engine.model.ready && App.engine.model.demo
                                  && !App.engine.serverSession.connected
                    onSampleChosen: (row) => window.trySample(row)
                }
            }
            Composer {
                id: composer
                Layout.fillWidth: true
                engine: App.engine
                chat: App.chat
                attachments: App.attachments
                settings: App.settings
                historyTokens: App.conversation.historyTokens
                context: App.context
                onNewChatRequested: App.library.newChat()
                onCompareRequested: compareLevels.openWithDefaults()
                onSweepRequested: sweepDialog.openFresh()
                onNotice: (message) => notices.show(message)
                onPreviewRequested: (path, name, level, tokens, w, h, row) => window.showPreview(path, name, level, tokens, w, h, row)
                onRegionRequested: (path, name, w, h, row) => window.showRegionEditor(path, name, w, h, row)
            }
        }
    }

    // Notices appear next to where the user acts: just above the composer, on the chat's side.
    NoticeArea {
        id: notices
        anchors.right: parent.right
        anchors.bottom: parent.bottom
        anchors.margins: Theme.wideSpacing
        anchors.bottomMargin: composer.height + 12
        width: Math.min(parent.width * 0.5, 520)
    }

    DropOverlay {
        objectName: "dropOverlay"
        anchors.fill: parent
        onFilesDropped: (urls) => App.attachments.addUrls(urls)
    }

    ModelViewPopup {
        id: preview
        objectName: "modelViewPopup"
        // The crop joins the composer's images at the lowest compiled level that keeps it whole.
        onRegionChosen: (row, x, y, w, h) => App.attachments.addRegion(row, x, y, w, h, App.engine.model.detailLevels)
    }
    SettingsDialog {
        id: settingsDialog
        objectName: "settingsDialog"
        settings: App.settings
        newChatDefaults: App.newChatDefaults
        modelLevels: App.engine.model.detailLevels
        imageCache: App.imageCache
        language: App.language
        theme: App.theme
        server: App.server
        switchModel: (connect) => statusBar.switchModel(connect)
        onAddServerRequested: serverDialog.start()
    }

    ExportDialog { id: exportDialog; library: App.library }
    ShortcutsDialog { id: shortcutsDialog }
    ReplaceDraftDialog { id: replaceDraft; onReplaceConfirmed: (row) => window.startSample(row) }
    ServerDialog {
        id: serverDialog
        connection: App.server
        switchModel: (connect) => statusBar.switchModel(connect)
    }
    CompareLevelsDialog {
        id: compareLevels
        compare: App.compare
        // The composer clears itself once the question is in the conversation (chat.sent()).
        onCompareRequested: (levels) => App.compare.start(composer.text, levels)
    }
    SweepDialog { id: sweepDialog; sweep: App.sweep }
    SmokeTestDialog {
        id: smokeTest
        engine: App.engine
        onNotice: (message) => notices.show(message)
    }
}
