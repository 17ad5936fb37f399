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
        id: iconComponent
        IconButton { iconName: "x"; label: "Remove" }
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

    // Issue #57: the icon is the bundled SVG (Qt's SVG image plugin loads it from qrc:/icons/),
    // drawn in the palette's button text colour, and the icon-only button is announced by label.
    function test_iconDrawnInTheButtonTextColour() {
        const button = createTemporaryObject(iconComponent, test, { x: 20, y: 20 })
        compare(button.Accessible.name, "Remove")
        compare(button.ToolTip.text, "Remove")
        waitForRendering(button)
        const shot = grabImage(button)
        const ink = button.palette.buttonText
        // Anti-aliased strokes: a pixel counts when it is within 0.15 of the ink in every channel.
        const near = (c) => Math.abs(c.r - ink.r) < 0.15 && Math.abs(c.g - ink.g) < 0.15
                            && Math.abs(c.b - ink.b) < 0.15
        let inked = 0
        for (let y = 0; y < shot.height; ++y)
            for (let x = 0; x < shot.width; ++x)
                if (near(shot.pixel(x, y)))
                    ++inked
        verify(inked >= 10, "pixels in the button text colour: " + inked)
    }
}
