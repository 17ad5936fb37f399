import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// Issue #57: the header's first button hides and shows the conversations (as Ctrl+B does in
// Main.qml); its icon and its tooltip, which is also its accessible name, say what a click does.
TestCase {
    id: test
    name: "SidebarToggle"
    when: windowShown
    visible: true
    width: 1000
    height: 300

    Component {
        id: barComponent
        StatusBar {
            id: bar
            width: 980
            engine: App.engine
            canExport: false
            samples: App.samples
            replying: false
            sidebarCollapsed: false
            recentFolders: []
            onSidebarToggled: sidebarCollapsed = !sidebarCollapsed
        }
    }
    SignalSpy { id: toggled; signalName: "sidebarToggled" }

    function test_buttonTogglesAndSaysWhatItDoes() {
        const bar = createTemporaryObject(barComponent, test)
        toggled.target = bar
        toggled.clear()
        const button = findChild(bar, "sidebarButton")
        verify(button)
        compare(button.Accessible.name, "Hide the conversations (Ctrl+B)")
        compare(button.iconName, "panel-left-close")
        mouseClick(button)
        compare(toggled.count, 1)
        verify(bar.sidebarCollapsed)
        compare(button.Accessible.name, "Show the conversations (Ctrl+B)")
        compare(button.iconName, "panel-left-open")
        // Reached with Tab and pressed with Space, like every control.
        button.forceActiveFocus(Qt.TabFocusReason)
        keyClick(Qt.Key_Space)
        compare(toggled.count, 2)
        verify(!bar.sidebarCollapsed)
    }
}
