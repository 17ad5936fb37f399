import QtQuick
import QtTest
import Facet.Ui

// The compare view on the scripted engine (main.cpp): five columns stream side by side, scroll
// sideways when narrow, every control has an accessible name, the baseline can be moved, and
// "Continue with this answer" puts that column into the conversation with the others as its
// versions. The levels dialog offers the compiled levels and refuses fewer than two.
TestCase {
    id: test
    name: "CompareView"
    when: windowShown
    visible: true
    width: 1100
    height: 800

    Component {
        id: viewComponent
        CompareView { width: test.width; compare: App.compare }
    }
    Component {
        id: dialogComponent
        CompareLevelsDialog { compare: App.compare }
    }

    function columnsOf(view) {
        const out = []
        const walk = (item) => {
            if (item.objectName === "compareColumn")
                out.push(item)
            for (let i = 0; i < item.children.length; ++i)
                walk(item.children[i])
        }
        walk(view)
        return out
    }
    function named(item, name, out) {
        if (item.objectName === name)
            out.push(item)
        for (let i = 0; i < item.children.length; ++i)
            named(item.children[i], name, out)
        return out
    }

    function startFive() {
        tryCompare(App.engine.model, "ready", true, 5000)
        App.library.newChat()
        compare(App.attachments.addUrls([Qt.resolvedUrl("data/gradient.png")]).length, 0)
        verify(App.compare.start("What is in the picture?", [70, 140, 280, 560, 1120]))
    }

    function test_levelsDialog() {
        tryCompare(App.engine.model, "ready", true, 5000)
        const d = createTemporaryObject(dialogComponent, test)
        d.openWithDefaults()
        tryCompare(d, "opened", true)
        compare(d.levels, [70, 140, 280, 560, 1120])
        compare(d.problem, "")
        const start = findChild(d.footer, "compareStartButton")
        verify(start.enabled)
        // From the keyboard: Space toggles the focused level.
        for (const level of [140, 280, 560]) {
            const box = findChild(d.contentItem, "compareLevel" + level)
            verify(box.Accessible.name.length > 0)
            box.forceActiveFocus(Qt.TabFocusReason)
            keyClick(Qt.Key_Space)
        }
        compare(d.levels, [70, 1120])
        findChild(d.contentItem, "compareLevel" + 1120).forceActiveFocus(Qt.TabFocusReason)
        keyClick(Qt.Key_Space)
        verify(d.problem.indexOf("2 to 5") >= 0, d.problem)
        verify(!start.enabled)
        d.close()
    }

    function test_fiveColumnsContinueWithOne() {
        const view = createTemporaryObject(viewComponent, test)
        startFive()
        tryCompare(App.compare, "running", false, 5000)
        verify(App.compare.active)
        const columns = columnsOf(view)
        compare(columns.length, 5)
        for (let i = 0; i < 5; ++i) {
            compare(columns[i].level, [70, 140, 280, 560, 1120][i])
            verify(columns[i].ended)
            verify(findChild(columns[i], "columnText").text.indexOf("scripted") >= 0)
            verify(columns[i].width >= view.minColumnWidth)
            // What the model sees at the column's level.
            const seen = findChild(columns[i], "seenThumbnail")
            verify(seen.Accessible.name.indexOf("level " + columns[i].level) >= 0, seen.Accessible.name)
        }
        // Every control is named for assistive technology.
        for (const name of ["baselineButton", "continueButton", "seenThumbnail", "columnText"])
            for (const item of named(view, name, []))
                verify(item.Accessible.name.length > 0, name)

        // Another baseline, by click.
        mouseClick(findChild(columns[2], "baselineButton"))
        compare(App.compare.columns.baseline, 2)
        verify(columns[2].isBaseline)
        verify(!columns[0].isBaseline)

        // Continue with the 560 column, from the keyboard.
        const cont = findChild(columns[3], "continueButton")
        cont.forceActiveFocus()
        keyClick(Qt.Key_Space)
        tryCompare(App.compare, "active", false)
        compare(App.conversation.count, 2)
        compare(App.chat.held, false)
    }

    function test_narrowWindowScrollsSideways() {
        const view = createTemporaryObject(viewComponent, test)
        view.width = 600
        startFive()
        tryCompare(App.compare, "running", false, 5000)
        const bar = findChild(view, "compareScrollBar")
        const columns = columnsOf(view)
        const strip = columns[4].parent.parent.parent
        tryVerify(() => strip.contentWidth > strip.width, 2000, "contentWidth " + strip.contentWidth + " width " + strip.width)
        compare(bar.policy, 2) // ScrollBar.AlwaysOn
        compare(columns[4].width, view.minColumnWidth)
        // Tabbing to the last column's button scrolls it into view.
        findChild(columns[4], "continueButton").forceActiveFocus(Qt.TabFocusReason)
        tryVerify(() => strip.contentX > 0)
        verify(App.compare.continueWith(0))
    }
}
