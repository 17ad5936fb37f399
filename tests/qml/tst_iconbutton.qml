import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// Issue #12, item 14: a button that opens a dialog must not leave its tooltip on screen. The
// dialog takes the hover events, so `hovered` stays true while it is open and after it closes.
TestCase {
    id: test
    name: "IconButton"
    when: windowShown
    visible: true
    width: 400
    height: 300

    Component {
        id: buttonComponent
        IconButton { label: "Export"; tip: "Export this conversation"; hoverEnabled: true }
    }
    Component {
        id: dialogComponent
        Dialog { modal: true; width: 200; height: 120; standardButtons: Dialog.Close }
    }

    function test_tipHidesOnClickAndStaysHiddenUntilThePointerLeaves() {
        const button = createTemporaryObject(buttonComponent, test, { x: 20, y: 20 })
        const dialog = createTemporaryObject(dialogComponent, test)
        button.clicked.connect(dialog.open)
        mouseMove(button, 5, 5)
        tryVerify(() => button.ToolTip.visible, 2000, "the tip shows on hover")
        mouseClick(button)
        tryVerify(() => dialog.opened)
        verify(!button.ToolTip.visible, "hidden while the dialog is open")
        dialog.close()
        tryVerify(() => !dialog.visible)
        wait(700) // longer than the tip's delay
        verify(!button.ToolTip.visible, "still hidden after the dialog closed")
        // Leaving and coming back shows it again.
        mouseMove(test, 390, 290)
        mouseMove(button, 6, 6)
        tryVerify(() => button.ToolTip.visible, 2000, "shown again after a new hover")
    }
}
