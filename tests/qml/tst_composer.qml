import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// The composer alone, on the App singleton's scripted engine (see main.cpp): Enter sends,
// Shift+Enter starts a new line, empty messages are not sent, the thinking switch, a chip's
// "Region…" passed on with its row.
TestCase {
    id: test
    name: "Composer"
    when: windowShown
    visible: true
    width: 900
    height: 260

    Component {
        id: composerComponent
        Composer {
            width: 880
            engine: App.engine
            chat: App.chat
            attachments: App.attachments
            settings: App.settings
            historyTokens: App.conversation.historyTokens
            context: App.context
        }
    }

    function initTestCase() {
        tryCompare(App.engine.model, "ready", true, 5000)
    }

    // No test leaves images behind for the next one, even when it fails halfway.
    function cleanup() { App.attachments.clear() }

    function input(c) { return findChild(c, "messageInput") }

    function test_enterSendsAndClears() {
        const c = createTemporaryObject(composerComponent, test)
        waitForRendering(c)
        App.library.newChat()
        c.focusInput()
        verify(!findChild(c, "sendButton").enabled)
        keyClick(Qt.Key_Return) // empty: nothing is sent
        compare(App.conversation.count, 0)
        keyClick(Qt.Key_H); keyClick(Qt.Key_I)
        verify(findChild(c, "sendButton").enabled)
        keyClick(Qt.Key_Return)
        compare(input(c).text, "")
        compare(App.conversation.count, 2)
        tryCompare(App.chat, "busy", false, 5000)
    }

    // Attach… opens the image picker (issue #55 item 8): several images become chips in the
    // order shown, and the next opening offers their folder as "Last attached".
    function test_attachButtonAddsSeveralImages() {
        const folder = testFiles.makeFolder(["c 한글.png", "a é.png", "b #1.jpg"])
        const c = createTemporaryObject(composerComponent, test)
        waitForRendering(c)
        App.attachments.clear()
        // Cleared however this ends: the next tests send with an empty composer.
        try {
            attachSeveral(c, folder)
        } finally {
            App.attachments.clear()
        }
    }
    function attachSeveral(c, folder) {
        mouseClick(findChild(c, "attachButton"))
        const picker = findChild(c, "imagePicker")
        verify(picker, "Attach… opened no image picker")
        tryCompare(picker, "opened", true)
        verify(picker.go(folder, -1))
        picker.grid.forceActiveFocus()
        keyClick(Qt.Key_A, Qt.ControlModifier)
        keyClick(Qt.Key_Return)
        tryCompare(picker, "visible", false)
        const chips = createTemporaryObject(namesComponent, test, { model: App.attachments })
        compare(chips.count, 3)
        compare([0, 1, 2].map(i => chips.objectAt(i).name), ["a é.png", "b #1.jpg", "c 한글.png"])
        picker.open()
        tryCompare(picker, "opened", true)
        const last = findChild(picker.contentItem, "imagePickerLastAttached")
        verify(last.visible)
        compare(last.folder, folder)
        picker.close()
    }
    Component {
        id: namesComponent
        Instantiator {
            delegate: QtObject { required property string name }
        }
    }

    function test_shiftEnterAddsALine() {
        const c = createTemporaryObject(composerComponent, test)
        waitForRendering(c)
        App.library.newChat()
        c.focusInput()
        keyClick(Qt.Key_A)
        keyClick(Qt.Key_Return, Qt.ShiftModifier)
        keyClick(Qt.Key_B)
        compare(input(c).text, "a\nb")
        compare(App.conversation.count, 0)
    }

    SignalSpy { id: regionSpy; signalName: "regionRequested" }

    // A chip's "Region…" reaches the window with that chip's file, size and row (Main.qml
    // opens the region editor on it): the second of two attached images says row 1.
    function test_chipRegionButtonNamesItsRow() {
        const c = createTemporaryObject(composerComponent, test)
        App.library.newChat()
        App.attachments.clear()
        const path = decodeURIComponent(Qt.resolvedUrl("data/gradient.png").toString().replace("file://", ""))
        App.attachments.addFiles([path, path])
        compare(App.attachments.count, 2)
        waitForRendering(c)
        regionSpy.target = c
        regionSpy.clear()
        const list = findChild(c, "attachmentList")
        tryVerify(() => list.itemAtIndex(1) !== null)
        mouseClick(findChild(list.itemAtIndex(1), "regionButton"))
        compare(regionSpy.count, 1)
        compare(regionSpy.signalArguments[0][0], path)
        compare(regionSpy.signalArguments[0][2], 96)
        compare(regionSpy.signalArguments[0][3], 64)
        compare(regionSpy.signalArguments[0][4], 1)
    }

    function test_thinkingSwitchIsTheConversationsSetting() {
        const c = createTemporaryObject(composerComponent, test)
        waitForRendering(c)
        App.library.newChat()
        const sw = findChild(c, "thinkingSwitch")
        verify(!sw.checked)
        mouseClick(sw)
        verify(App.settings.thinking)
        App.settings.thinking = false
        verify(!sw.checked)
    }

    // Keyboard only (issue #57): a full round of Tab through the composer stops once in the
    // level picker, on the selected level, not on each of its five levels.
    function test_levelPickerIsOneTabStop() {
        const c = createTemporaryObject(composerComponent, test)
        waitForRendering(c)
        App.library.newChat()
        const picker = findChild(c, "messageLevelPicker")
        c.focusInput()
        const start = test.Window.activeFocusItem
        const levelStops = []
        let stops = 0
        for (let i = 0; i < 60; ++i) {
            keyClick(Qt.Key_Tab)
            const item = test.Window.activeFocusItem
            if (item === start)
                break
            ++stops
            for (const level of [70, 140, 280, 560, 1120])
                if (item === findChild(picker, "level" + level))
                    levelStops.push(level)
        }
        verify(test.Window.activeFocusItem === start, "Tab never came back to the message box")
        compare(levelStops, [picker.level], "Tab stops in the level picker (" + stops + " stops in all)")
    }
    // Issue #57: one bar of icon buttons, each named and tipped; Send, the primary action, is
    // filled with the accent while it can send (its icon in `accentInk`) and drawn as the other
    // tool buttons when it cannot; the level picker's token cost beside it.
    function test_actionsAreIconsSendIsPrimary() {
        const c = createTemporaryObject(composerComponent, test)
        waitForRendering(c)
        App.library.newChat()
        const names = { sendButton: ["send", "Send message"],
                        compareButton: ["columns-2", "Compare the answers at several detail levels"],
                        sweepButton: ["images", "Sweep many images over detail levels (Ctrl+Shift+L)"],
                        stopButton: ["square", "Stop the reply"],
                        attachButton: ["paperclip", "Attach images"] }
        for (const name in names) {
            const b = findChild(c, name)
            verify(b, name)
            compare(b.text, "", name + " has no text")
            compare(String(b.icon.source), "qrc:/icons/" + names[name][0] + ".svg")
            compare(b.Accessible.name, names[name][1])
            verify(b.ToolTip.text.length > 0, name + " has a tooltip")
        }
        const send = findChild(c, "sendButton")
        verify(!send.enabled)
        verify(!send.filled)
        compare(send.icon.color, send.palette.buttonText)
        c.focusInput()
        keyClick(Qt.Key_H)
        verify(send.enabled)
        verify(send.filled)
        compare(send.icon.color, Theme.accentInk)
        waitForRendering(c)
        // The accent fill is drawn: its colour just inside the button's left edge (grabbed with
        // the composer around it: a grab of the button alone came back blank in this test).
        const shot = grabImage(c)
        const at = send.mapToItem(c, 2, Math.round(send.height / 2))
        const px = shot.pixel(Math.round(at.x), Math.round(at.y))
        verify(Math.abs(px.r - Theme.accent.r) < 0.05 && Math.abs(px.g - Theme.accent.g) < 0.05
               && Math.abs(px.b - Theme.accent.b) < 0.05, "the fill " + px + " is the accent " + Theme.accent)
        // Send, Compare and Sweep share the bar with attach and the level picker.
        const bar = findChild(c, "composerBar")
        for (const name of ["attachButton", "messageLevelPicker", "thinkingSwitch", "compareButton", "sendButton"])
            verify(isInside(findChild(c, name), bar), name + " is on the bar")
        input(c).text = ""
    }
    function isInside(item, ancestor) {
        for (let p = item; p; p = p.parent)
            if (p === ancestor)
                return true
        return false
    }

    // The image tokens the attached images cost at their levels, beside the level picker; none
    // without an image.
    function test_levelPickerShowsTheTokenCost() {
        const c = createTemporaryObject(composerComponent, test)
        App.library.newChat()
        App.attachments.clear()
        waitForRendering(c)
        const cost = findChild(c, "imageTokenCost")
        verify(cost, "no token cost label")
        verify(!cost.visible)
        const path = decodeURIComponent(Qt.resolvedUrl("data/gradient.png").toString().replace("file://", ""))
        App.attachments.addFiles([path])
        tryVerify(() => App.attachments.totalTokens > 0)
        verify(cost.visible)
        verify(/^\d[\d\D]* image tokens$/.test(cost.text), cost.text)
        compare(Number(cost.text.replace(/\D/g, "")), App.attachments.totalTokens)
        // It follows the level: fewer tokens at Minimal.
        const level = App.attachments.messageLevel
        const before = App.attachments.totalTokens
        try {
            App.attachments.messageLevel = 70
            verify(App.attachments.totalTokens < before, App.attachments.totalTokens + " < " + before)
            compare(Number(cost.text.replace(/\D/g, "")), App.attachments.totalTokens)
        } finally {
            App.attachments.messageLevel = level
        }
    }
    // A narrow window (the minimum is 720 px, the sidebar open): the bar's left part wraps, the
    // thinking switch under the levels, and Send stays inside the composer, on the bar's last line.
    function test_narrowBarWraps() {
        const c = createTemporaryObject(composerComponent, test, { width: 520 })
        waitForRendering(c)
        const send = findChild(c, "sendButton")
        const sw = findChild(c, "thinkingSwitch")
        const levels = findChild(c, "messageLevelPicker")
        const sendAt = send.mapToItem(c, 0, 0)
        verify(sendAt.x + send.width <= c.width, "Send ends at " + (sendAt.x + send.width))
        verify(sw.mapToItem(c, 0, 0).y > levels.mapToItem(c, 0, 0).y, "the switch wrapped under the levels")
        verify(sendAt.y + send.height >= sw.mapToItem(c, 0, 0).y + sw.height - 1, "Send on the last line")
    }
}
