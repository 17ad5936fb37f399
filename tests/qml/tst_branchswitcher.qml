import QtQuick
import QtTest
import Facet.Ui

TestCase {
    id: test
    name: "BranchSwitcher"
    when: windowShown
    visible: true
    width: 300
    height: 60

    Component {
        id: switcherComponent
        BranchSwitcher { row: 3; index: 1; count: 3; canSwitch: true }
    }
    SignalSpy { id: switchSpy; signalName: "switchRequested" }

    function test_hiddenWithOneVersion() {
        const s = createTemporaryObject(switcherComponent, test, { count: 1, index: 0 })
        verify(!s.visible)
    }

    function test_pagesBothWaysAndNamesTheVersion() {
        const s = createTemporaryObject(switcherComponent, test)
        waitForRendering(s)
        switchSpy.target = s
        switchSpy.clear()
        compare(findChild(s, "branchLabel").text, "2/3")
        compare(s.Accessible.name, "Version 2 of 3")
        mouseClick(findChild(s, "branchPrevious"))
        mouseClick(findChild(s, "branchNext"))
        compare(switchSpy.count, 2)
        compare(switchSpy.signalArguments[0][0], 3)
        compare(switchSpy.signalArguments[0][1], 0)
        compare(switchSpy.signalArguments[1][1], 2)
    }

    function test_edgesAndBusyDisable() {
        const s = createTemporaryObject(switcherComponent, test, { index: 0 })
        waitForRendering(s)
        verify(!findChild(s, "branchPrevious").enabled)
        verify(findChild(s, "branchNext").enabled)
        s.index = 2
        verify(!findChild(s, "branchNext").enabled)
        s.canSwitch = false // a reply is streaming
        verify(!findChild(s, "branchPrevious").enabled)
    }
}
