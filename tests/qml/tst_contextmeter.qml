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
        ContextMeter { width: 780; historyTokens: 1000; messageTokens: 300; replyBudget: 512; maxSeqLen: 4096 }
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

    function test_hiddenWithoutAModel() {
        const m = createTemporaryObject(meterComponent, test, { maxSeqLen: 0 })
        verify(!m.visible)
    }
}
