import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// The context meter: a thin bar whose numbers are in its tooltip and accessible description
// (issue #57); the warning line and its two ways out only when the reply would not fit, shown
// without hovering.
TestCase {
    id: test
    name: "ContextMeter"
    when: windowShown
    visible: true
    width: 800
    height: 120

    Component {
        id: meterComponent
        ContextMeter { width: 780; historyTokens: 1000; messageTokens: 300; replyBudget: 512; maxSeqLen: 4096
                       exact: false; positions: 0 }
    }
    SignalSpy { id: lowerSpy; signalName: "lowerLevelRequested" }

    function test_fitsQuietly() {
        const m = createTemporaryObject(meterComponent, test)
        waitForRendering(m)
        verify(!m.overflows)
        // Numbers in the user's locale (group separators vary).
        const text = findChild(m, "contextText").text
        verify(/^≈1\D?300 \+ 512 reply tokens of 4\D?096$/.test(text), text)
        // A thin bar, the numbers in its tooltip and description, no line of text.
        const bar = findChild(m, "contextBar")
        verify(bar.height <= Theme.smallSpacing, "bar height " + bar.height)
        verify(m.height <= Theme.smallSpacing, "meter height " + m.height)
        verify(bar.ToolTip.text.startsWith(text), bar.ToolTip.text)
        verify(bar.Accessible.description.startsWith(text), bar.Accessible.description)
        verify(!findChild(m, "contextText").visible)
        verify(!findChild(m, "contextNewChat").visible)
        // (1300 + 512) of 4096 filled.
        fuzzyCompare(bar.visualPosition, (1300 + 512) / 4096, 1e-6)
    }

    // The tooltip shows when the pointer is near the thin bar (its hover area is a little taller).
    function test_tooltipOnHover() {
        const m = createTemporaryObject(meterComponent, test, { y: 40 })
        waitForRendering(m)
        const bar = findChild(m, "contextBar")
        verify(!bar.ToolTip.visible)
        mouseMove(bar, bar.width / 2, -1)
        tryVerify(() => bar.ToolTip.visible, 2000, "the tip shows on hover")
        mouseMove(test, 5, 5)
        tryVerify(() => !bar.ToolTip.visible, 2000)
    }

    function test_overflowOffersTheWaysOut() {
        const m = createTemporaryObject(meterComponent, test, { historyTokens: 3500 })
        waitForRendering(m)
        verify(m.overflows)
        const text = findChild(m, "contextText")
        verify(text.text.endsWith("the reply will not fit"))
        // Shown in full without hovering: visible, not elided, on screen.
        verify(text.visible)
        verify(text.height > 0 && text.width > 0)
        verify(!text.truncated)
        verify(findChild(m, "contextNewChat").visible)
        const lower = findChild(m, "contextLowerLevel")
        verify(lower.visible)
        lowerSpy.target = m
        mouseClick(lower)
        compare(lowerSpy.count, 1)
    }

    // The engine's count is shown as it is (no "≈") and decides the warning: 3,600 positions
    // + 512 exceed 4,096 though the estimate (1,300) fits.
    function test_exactCountShownAndWarns() {
        const m = createTemporaryObject(meterComponent, test, { exact: true, positions: 3000 })
        const text = findChild(m, "contextText").text
        verify(/^3\D?000 positions \+ 512 reply tokens of 4\D?096$/.test(text), text)
        verify(findChild(m, "contextBar").Accessible.description.startsWith(text))
        verify(!m.overflows)
        m.positions = 3600
        verify(m.overflows)
        verify(findChild(m, "contextText").text.endsWith("the reply will not fit"))
        verify(!findChild(m, "contextText").text.startsWith("≈"))
        verify(findChild(m, "contextNewChat").visible)
        verify(findChild(m, "contextBar").ToolTip.text.startsWith(findChild(m, "contextText").text))
    }

    function test_hiddenWithoutAModel() {
        const m = createTemporaryObject(meterComponent, test, { maxSeqLen: 0 })
        verify(!m.visible)
    }
}
