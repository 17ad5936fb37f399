import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// Issue #57: the header's Settings button is called what it says, "Settings", to a screen
// reader and in its tooltip (it was "Sampling, system prompt and language", from before the
// dialog had sections), and a click asks for the dialog.
TestCase {
    id: test
    name: "SettingsButton"
    when: windowShown
    visible: true
    width: 1000
    height: 300

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
    SignalSpy { id: requested; signalName: "settingsRequested" }

    function test_namedSettingsAndOpensTheDialog() {
        const bar = createTemporaryObject(barComponent, test)
        const button = findChild(bar, "settingsButton")
        verify(button)
        compare(button.text, "Settings")
        compare(button.Accessible.name, "Settings")
        compare(button.ToolTip.text, "Settings")
        requested.target = bar
        requested.clear()
        mouseClick(button)
        compare(requested.count, 1)
    }
}
