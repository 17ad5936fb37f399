import QtQuick
import QtTest
import Facet.Ui

TestCase {
    id: test
    name: "LevelPicker"
    when: windowShown
    visible: true // TestCase is invisible by default; the items under test must get input
    width: 800
    height: 100

    Component {
        id: pickerComponent
        LevelPicker {}
    }
    SignalSpy { id: pickedSpy; signalName: "picked" }

    function button(picker, level) { return findChild(picker, "level" + level) }

    function test_allLevelsEnabledWithoutModel() {
        const picker = createTemporaryObject(pickerComponent, test, { modelLevels: [] })
        waitForRendering(picker)
        for (const level of [70, 140, 280, 560, 1120])
            verify(button(picker, level).enabled, "level " + level)
        compare(button(picker, 70).text, "Minimal 70")
        compare(button(picker, 140).text, "Low 140")
        compare(button(picker, 280).text, "Standard 280")
        compare(button(picker, 560).text, "High 560")
        compare(button(picker, 1120).text, "Maximum 1120")
        verify(button(picker, 280).checked)
    }

    function test_onlyCompiledLevelsEnabledWithReason() {
        const picker = createTemporaryObject(pickerComponent, test, { modelLevels: [70, 280] })
        waitForRendering(picker)
        verify(button(picker, 70).enabled)
        verify(button(picker, 280).enabled)
        for (const level of [140, 560, 1120]) {
            verify(!button(picker, level).enabled, "level " + level)
            compare(button(picker, level).Accessible.description,
                    "Not available: the loaded model was compiled for 70, 280 only")
        }
    }

    function test_clickPicksLevel() {
        const picker = createTemporaryObject(pickerComponent, test, { modelLevels: [70, 280, 1120] })
        waitForRendering(picker)
        pickedSpy.target = picker
        pickedSpy.clear()
        mouseClick(button(picker, 1120))
        compare(pickedSpy.count, 1)
        compare(pickedSpy.signalArguments[0][0], 1120)
        compare(picker.level, 1120)
        verify(button(picker, 1120).checked)
        verify(!button(picker, 280).checked)
        mouseClick(button(picker, 560)) // disabled: nothing happens
        compare(pickedSpy.count, 1)
        compare(button(picker, 1120).Accessible.name, "Detail level Maximum (1120)")
    }
}
