import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// Issue #55 item 9: switching the model while a reply is written asks "Stop the reply and
// switch?" instead of waiting under "Loading … Starting" with no word. The status bar on the
// scripted engine (main.cpp): no reply, the load starts at once; mid-reply the dialog opens with
// "Stop and switch" focused — Enter stops the reply and then loads, Esc and Cancel leave both.
TestCase {
    id: test
    name: "SwitchModel"
    when: windowShown
    visible: true
    width: 1000
    height: 500

    Component {
        id: barComponent
        StatusBar {
            width: 980
            engine: App.engine
            canExport: false
            samples: App.samples
            replying: false
            sidebarCollapsed: false
            recentFolders: []
        }
    }
    SignalSpy { id: stopSpy; signalName: "stopReplyRequested" }

    property var events: []

    function dialogOf(bar) { return findChild(bar, "switchModelDialog") }

    function test_noReplyLoadsAtOnce() {
        const bar = createTemporaryObject(barComponent, test)
        test.events = []
        bar.switchModel(() => test.events.push("load"))
        compare(test.events, ["load"])
        verify(!dialogOf(bar).visible)
    }

    function test_midReplyAsksAndEnterStopsThenLoads() {
        const bar = createTemporaryObject(barComponent, test, { replying: true })
        stopSpy.target = bar
        stopSpy.clear()
        test.events = []
        bar.stopReplyRequested.connect(() => test.events.push("stop"))
        bar.switchModel(() => test.events.push("load"))
        const d = dialogOf(bar)
        tryCompare(d, "opened", true)
        compare(d.title, "Stop the reply and switch?")
        compare(d.width, 480)
        compare(test.events, []) // nothing happens before the answer
        verify(findChild(d.footer, "stopAndSwitchButton").activeFocus)
        keyClick(Qt.Key_Return)
        tryCompare(d, "visible", false)
        compare(test.events, ["stop", "load"]) // the reply stops first: the load then runs at once
        compare(stopSpy.count, 1)
    }

    function test_escAndCancelKeepTheReply() {
        const bar = createTemporaryObject(barComponent, test, { replying: true })
        test.events = []
        bar.stopReplyRequested.connect(() => test.events.push("stop"))
        bar.switchModel(() => test.events.push("load"))
        const d = dialogOf(bar)
        tryCompare(d, "opened", true)
        keyClick(Qt.Key_Escape)
        tryCompare(d, "visible", false)
        compare(test.events, [])
        // Tab reaches Cancel; Enter on it keeps the reply too.
        bar.switchModel(() => test.events.push("load"))
        tryCompare(d, "opened", true)
        keyClick(Qt.Key_Tab)
        verify(findChild(d.footer, "cancelSwitchButton").activeFocus)
        keyClick(Qt.Key_Return)
        tryCompare(d, "visible", false)
        compare(test.events, [])
    }

    // The real thing on the scripted engine: the load after "Stop and switch" ends the reply
    // as stopped and loads the model.
    function test_stopAndSwitchLoads() {
        tryCompare(App.engine.model, "ready", true, 5000)
        const bar = createTemporaryObject(barComponent, test, { replying: true })
        bar.stopReplyRequested.connect(() => App.chat.stop())
        bar.switchModel(() => App.engine.model.loadModelDir("scripted", 0, ""))
        const d = dialogOf(bar)
        tryCompare(d, "opened", true)
        mouseClick(findChild(d.footer, "stopAndSwitchButton"))
        tryCompare(App.engine.model, "ready", true, 5000)
        verify(!App.chat.busy)
    }

    // Closed, the dialog keeps one width (a width change of the closed dialog made Qt 6.4 report
    // a binding loop at every start: SwitchModelDialog.qml); open, it fits a narrow window.
    function test_fitsANarrowWindowWhenOpen() {
        const win = test.Window.window
        const wide = win.width
        const bar = createTemporaryObject(barComponent, test, { replying: true })
        const d = dialogOf(bar)
        try {
            win.width = 400
            tryCompare(d.parent, "width", 400)
            compare(d.width, 480)
            bar.switchModel(() => {})
            tryCompare(d, "opened", true)
            compare(d.width, 360)
            keyClick(Qt.Key_Escape)
            tryCompare(d, "visible", false)
        } finally {
            win.width = wide // the other tests' window, whether or not this one passed
        }
    }
}
