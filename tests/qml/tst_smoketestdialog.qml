import QtQuick
import QtTest
import Facet.Ui

// Help → Run smoke test… on the scripted engine (main.cpp): the steps appear as they run, the
// result line says they passed, and the model the test unloaded is loaded again.
TestCase {
    id: test
    name: "SmokeTestDialog"
    when: windowShown
    visible: true
    width: 900
    height: 700

    Component {
        id: dialogComponent
        SmokeTestDialog { engine: App.engine }
    }

    function test_runsEveryStepAndReloadsTheModel() {
        tryCompare(App.engine.model, "ready", true, 5000)
        const d = createTemporaryObject(dialogComponent, test)
        d.start()
        verify(d.opened)
        tryCompare(d, "finished", true, 5000)
        const list = findChild(d.contentItem, "smokeSteps")
        compare(list.count, 5)
        verify(d.report.passed)
        compare(d.report.steps.length, 5)
        compare(findChild(d.contentItem, "smokeResult").text, "All checks passed.")
        verify(findChild(d.contentItem, "smokeSave").enabled)
        tryCompare(App.engine.model, "ready", true, 5000) // loaded again after the test
        verify(!App.engine.smokeTest.running)
    }
}
