import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// Issue #57: the header's Settings button is called what it says, "Settings", to a screen
// reader and in its tooltip (it was "Sampling, system prompt and language", from before the
// dialog had sections), and a click asks for the dialog. The header's actions are icon buttons
// (Export, Help, Settings: Lucide icons, no text), named and tipped as the text buttons were;
// reached with Tab, Enter or Space opens them, their menus below the button.
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
        compare(button.text, "")
        compare(String(button.icon.source), "qrc:/icons/settings.svg")
        compare(button.Accessible.name, "Settings")
        compare(button.ToolTip.text, "Settings")
        requested.target = bar
        requested.clear()
        mouseClick(button)
        compare(requested.count, 1)
        // From the keyboard: Enter and Space.
        button.forceActiveFocus(Qt.TabFocusReason)
        keyClick(Qt.Key_Return)
        compare(requested.count, 2)
        keyClick(Qt.Key_Space)
        compare(requested.count, 3)
    }

    function test_headerActionsAreIcons_data() {
        return [
            { tag: "export", name: "exportButton", icon: "download", label: "Export conversation", menu: "exportMenu" },
            { tag: "help", name: "helpButton", icon: "circle-help", label: "Help menu", menu: "helpMenu" }
        ]
    }
    function test_headerActionsAreIcons(data) {
        const bar = createTemporaryObject(barComponent, test, { canExport: true })
        const button = findChild(bar, data.name)
        verify(button, data.name)
        compare(button.text, "")
        compare(String(button.icon.source), "qrc:/icons/" + data.icon + ".svg")
        compare(button.Accessible.name, data.label)
        compare(button.ToolTip.text, data.label)
        verify(button.activeFocusOnTab || button.focusPolicy & Qt.TabFocus, "reached with Tab")
        // Enter opens the menu, below the button.
        button.forceActiveFocus(Qt.TabFocusReason)
        verify(button.visualFocus, "the focus frame shows")
        keyClick(Qt.Key_Return)
        let menu = null
        for (let i = 0; i < button.data.length; ++i)
            if (button.data[i].objectName === data.menu)
                menu = button.data[i]
        verify(menu, "the button holds its menu")
        tryVerify(() => menu.opened)
        const top = menu.contentItem.mapToItem(bar, 0, 0).y
        verify(top >= button.mapToItem(bar, 0, button.height).y - 1, "the menu opens below: " + top)
        menu.close()
        tryVerify(() => !menu.visible)
    }
}
