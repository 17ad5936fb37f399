import QtQuick
import QtQuick.Controls
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
    // The picker between two other Tab stops, to count the stops it makes.
    Component {
        id: rowComponent
        Row {
            property alias picker: picker
            property alias before: before
            property alias after: after
            spacing: 8
            Button { id: before; text: "before"; focusPolicy: Qt.StrongFocus }
            LevelPicker { id: picker; modelLevels: [70, 280, 560, 1120] }
            Button { id: after; text: "after"; focusPolicy: Qt.StrongFocus }
        }
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

    function focusedLevel(picker) {
        for (const level of [70, 140, 280, 560, 1120])
            if (button(picker, level).activeFocus)
                return level
        return -1
    }

    // One Tab stop for the five levels (issue #57): Tab reaches the selected level only and
    // goes on past the others; Backtab comes back to it.
    function test_oneTabStop() {
        const row = createTemporaryObject(rowComponent, test)
        waitForRendering(row)
        row.before.forceActiveFocus(Qt.TabFocusReason)
        keyClick(Qt.Key_Tab)
        compare(focusedLevel(row.picker), 280, "Tab did not reach the selected level")
        keyClick(Qt.Key_Tab)
        verify(row.after.activeFocus, "Tab stopped on another level: " + focusedLevel(row.picker))
        keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
        compare(focusedLevel(row.picker), 280)
        keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
        verify(row.before.activeFocus, "Backtab stopped on another level: " + focusedLevel(row.picker))
        // Where the selected level is not available, Tab stops on the first one that is.
        row.picker.modelLevels = [560, 1120]
        keyClick(Qt.Key_Tab)
        compare(focusedLevel(row.picker), 560)
        keyClick(Qt.Key_Tab)
        verify(row.after.activeFocus)
    }

    // Left/Right and Up/Down pick the level before or after, skipping unavailable ones (140 here);
    // Home/End the ends. The focus moves with the selection, and each is signalled as a click is.
    function test_arrowKeysPickTheLevel() {
        const row = createTemporaryObject(rowComponent, test)
        waitForRendering(row)
        pickedSpy.target = row.picker
        pickedSpy.clear()
        row.before.forceActiveFocus(Qt.TabFocusReason)
        keyClick(Qt.Key_Tab)
        keyClick(Qt.Key_Right)
        compare(row.picker.level, 560)
        compare(focusedLevel(row.picker), 560)
        verify(button(row.picker, 560).checked)
        verify(!button(row.picker, 280).checked)
        keyClick(Qt.Key_Down)
        compare(row.picker.level, 1120)
        keyClick(Qt.Key_Right) // the last: stays
        compare(row.picker.level, 1120)
        keyClick(Qt.Key_Left)
        keyClick(Qt.Key_Up)
        compare(row.picker.level, 280)
        keyClick(Qt.Key_Left) // 140 is not available: 70
        compare(row.picker.level, 70)
        compare(focusedLevel(row.picker), 70)
        keyClick(Qt.Key_End)
        compare(row.picker.level, 1120)
        keyClick(Qt.Key_Home)
        compare(row.picker.level, 70)
        compare(pickedSpy.signalArguments.map(a => a[0]), [560, 1120, 560, 280, 70, 1120, 70])
        // The new level is the Tab stop now.
        keyClick(Qt.Key_Tab)
        verify(row.after.activeFocus)
        keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
        compare(focusedLevel(row.picker), 70)
    }

    // In a mirrored row (LayoutMirroring, as a right-to-left layout is) Minimal is drawn on the
    // right, so Left and Right move the other way; Up and Down keep the levels' order.
    function test_arrowKeysFollowMirroredRow() {
        const row = createTemporaryObject(rowComponent, test)
        row.picker.LayoutMirroring.enabled = true
        waitForRendering(row)
        verify(button(row.picker, 70).mapToItem(row.picker, 0, 0).x
               > button(row.picker, 1120).mapToItem(row.picker, 0, 0).x)
        row.before.forceActiveFocus(Qt.TabFocusReason)
        keyClick(Qt.Key_Tab)
        compare(focusedLevel(row.picker), 280)
        keyClick(Qt.Key_Left)
        compare(row.picker.level, 560)
        keyClick(Qt.Key_Right)
        keyClick(Qt.Key_Right) // 140 is not available: 70
        compare(row.picker.level, 70)
        keyClick(Qt.Key_Down)
        compare(row.picker.level, 280)
        keyClick(Qt.Key_Up)
        compare(row.picker.level, 70)
        compare(focusedLevel(row.picker), 70)
    }

    // The focus shows (issue #57): Theme.focus at the edge of the level reached with Tab, and of
    // the one the arrow keys move to; none on the others, nor on a level clicked with the mouse.
    function test_focusFrameVisible() {
        const row = createTemporaryObject(rowComponent, test)
        waitForRendering(row)
        // The middle of a button's left edge, inside a focusWidth frame, in the window's pixels
        // (grabImage(item) crops at the item's position in its parent in Qt 6.4: see
        // tst_settingsdialog.qml).
        const edge = (b) => {
            const p = b.mapToItem(test, 1, Math.floor(b.height / 2))
            return grabImage(test).pixel(Math.round(p.x), Math.round(p.y))
        }
        const b280 = button(row.picker, 280), b560 = button(row.picker, 560)
        verify(!Qt.colorEqual(edge(b280), Theme.focus), "a frame before any focus")
        row.before.forceActiveFocus(Qt.TabFocusReason)
        keyClick(Qt.Key_Tab)
        waitForRendering(row)
        verify(Qt.colorEqual(edge(b280), Theme.focus), "the level reached with Tab shows " + edge(b280))
        verify(!Qt.colorEqual(edge(b560), Theme.focus), "an unfocused level has a focus frame")
        keyClick(Qt.Key_Right)
        waitForRendering(row)
        verify(Qt.colorEqual(edge(b560), Theme.focus), "the level reached with Right shows " + edge(b560))
        verify(!Qt.colorEqual(edge(b280), Theme.focus), "the level left still has its frame")
        mouseClick(b280)
        verify(b280.activeFocus)
        waitForRendering(row)
        verify(!Qt.colorEqual(edge(b280), Theme.focus), "a clicked level has a focus frame")
    }

    // Radio-button semantics for a screen reader: one role per level, the selected one checked
    // (what AT-SPI hears is checked by the walkthrough's keyboard step: offscreen, Qt's
    // accessibility is off and a control's own role is not applied).
    function test_levelsAreRadioButtons() {
        const picker = createTemporaryObject(pickerComponent, test)
        waitForRendering(picker)
        for (const level of [70, 140, 280, 560, 1120]) {
            compare(button(picker, level).Accessible.role, Accessible.RadioButton, "level " + level)
            compare(button(picker, level).Accessible.checked, level === 280, "level " + level)
        }
    }
}
