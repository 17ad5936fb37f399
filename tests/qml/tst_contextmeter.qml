import QtQuick
import QtTest
import Facet.Ui

TestCase {
    id: test
    name: "ContextMeter"
    when: windowShown
    visible: true
    width: 800
    height: 60

    Component {
        id: meterComponent
        ContextMeter { width: 780; historyTokens: 1000; messageTokens: 300; replyBudget: 512; maxSeqLen: 4096
                       exact: false; positions: 0 }
    }
    SignalSpy { id: lowerSpy; signalName: "lowerLevelRequested" }

    function test_fitsQuietly() {
        const m = createTemporaryObject(meterComponent, test)
        verify(!m.overflows)
        // Numbers in the user's locale (group separators vary).
        verify(/^≈1\D?300 \+ 512 reply tokens of 4\D?096$/.test(findChild(m, "contextText").text),
               findChild(m, "contextText").text)
        verify(!findChild(m, "contextNewChat").visible)
    }

    function test_overflowOffersTheWaysOut() {
        const m = createTemporaryObject(meterComponent, test, { historyTokens: 3500 })
        waitForRendering(m)
        verify(m.overflows)
        verify(findChild(m, "contextText").text.endsWith("the reply will not fit"))
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
        verify(!m.overflows)
        m.positions = 3600
        verify(m.overflows)
        verify(findChild(m, "contextText").text.endsWith("the reply will not fit"))
        verify(!findChild(m, "contextText").text.startsWith("≈"))
        verify(findChild(m, "contextNewChat").visible)
    }

    function test_hiddenWithoutAModel() {
        const m = createTemporaryObject(meterComponent, test, { maxSeqLen: 0 })
        verify(!m.visible)
    }
}
