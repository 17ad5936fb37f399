import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// The demo model's banner and its "Try it" menu, on the app's own examples (App.samples: read
// from beside the built demo model): what the banner says, a name for every control and entry,
// Tab and Enter open the menu with the first example highlighted, the arrow keys and Enter pick
// one, Esc picks none, and the choice is announced only once the menu has closed. The compare
// dialog opens with just the example's two levels ticked.
TestCase {
    id: test
    name: "DemoBanner"
    when: windowShown
    visible: true
    width: 900
    height: 500

    Component {
        id: bannerComponent
        Column {
            property alias banner: banner
            property alias before: before
            width: test.width
            Button { id: before; text: "before" }
            DemoBanner { id: banner; width: parent.width; samples: App.samples }
        }
    }
    Component {
        id: emptyComponent
        DemoBanner { width: test.width; samples: ListModel {} }
    }
    Component {
        id: dialogComponent
        CompareLevelsDialog { compare: App.compare }
    }

    // (row, whether the menu was still open) for each sampleChosen
    property var chosen: []

    function make() {
        chosen = []
        const root = createTemporaryObject(bannerComponent, test)
        root.banner.sampleChosen.connect((row) => {
            chosen.push({ row: row, menuOpen: findChild(root.banner, "tryItMenu").visible })
        })
        return root
    }
    function entries(menu) {
        const out = []
        for (let i = 0; i < menu.count; ++i)
            out.push(menu.itemAt(i))
        return out
    }
    function openByKeyboard(root) {
        root.before.forceActiveFocus(Qt.TabFocusReason)
        keyClick(Qt.Key_Tab)
        const button = findChild(root.banner, "tryItButton")
        tryVerify(() => button.activeFocus, 2000, "Tab reaches Try it")
        keyClick(Qt.Key_Return)
        const menu = findChild(root.banner, "tryItMenu")
        tryVerify(() => menu.opened, 2000, "Enter opens the menu")
        return menu
    }

    function test_saysWhatTheModelIsAndNamesEveryControl() {
        verify(App.samples.count >= 2, "the examples were read: " + App.samples.problems)
        const root = make()
        const note = findChild(root.banner, "demoNote")
        for (const words of ["tiny demo model trained on shapes and words", "still often wrong",
                             "choose a compiled model folder for Gemma 4"])
            verify(note.text.indexOf(words) >= 0, note.text)
        compare(note.Accessible.name, "Demo model note")
        const button = findChild(root.banner, "tryItButton")
        verify(button.visible)
        compare(button.Accessible.name, "Try it: example images and questions")
        const menu = openByKeyboard(root)
        const items = entries(menu)
        compare(items.length, App.samples.count)
        let compared = 0
        for (let i = 0; i < items.length; ++i) {
            const question = App.samples.question(i)
            verify(items[i].Accessible.name.startsWith("Try “" + question + "”"), items[i].Accessible.name)
            verify(items[i].text.startsWith(question), items[i].text)
            if (App.samples.compareLevels(i).length > 0) {
                ++compared
                verify(items[i].Accessible.name.indexOf("compare Minimal 70 and Maximum 1120") >= 0,
                       items[i].Accessible.name)
            } else {
                verify(items[i].Accessible.name.indexOf(" at Standard 280") >= 0, items[i].Accessible.name)
            }
        }
        compare(compared, 1)
        keyClick(Qt.Key_Escape)
        tryVerify(() => !menu.visible)
    }

    function test_tabEnterOpensArrowsAndEnterPick() {
        const root = make()
        const menu = openByKeyboard(root)
        compare(menu.currentIndex, 0, "the first example is highlighted")
        keyClick(Qt.Key_Down)
        compare(menu.currentIndex, 1)
        keyClick(Qt.Key_Return)
        tryVerify(() => chosen.length === 1, 2000, "Enter picks the highlighted example")
        compare(chosen[0].row, 1)
        verify(!chosen[0].menuOpen, "announced after the menu closed")
        // Space picks as well (a menu item is a button).
        openByKeyboard(root)
        keyClick(Qt.Key_Space)
        tryVerify(() => chosen.length === 2)
        compare(chosen[1].row, 0)
    }

    function test_escapePicksNothing() {
        const root = make()
        const menu = openByKeyboard(root)
        keyClick(Qt.Key_Escape)
        tryVerify(() => !menu.visible)
        wait(50)
        compare(chosen.length, 0)
    }

    // Ctrl+T in the window calls openMenu(): the same menu, first example highlighted.
    function test_openMenuHighlightsTheFirstExample() {
        const root = make()
        root.banner.openMenu()
        const menu = findChild(root.banner, "tryItMenu")
        tryVerify(() => menu.opened)
        compare(menu.currentIndex, 0)
        keyClick(Qt.Key_End)
        keyClick(Qt.Key_Enter)
        tryVerify(() => chosen.length === 1)
        verify(chosen[0].row >= 0 && chosen[0].row < App.samples.count)
    }

    function test_noExamplesNoMenu() {
        const banner = createTemporaryObject(emptyComponent, test)
        verify(!findChild(banner, "tryItButton").visible)
        verify(!banner.canTry)
        banner.openMenu()
        verify(!findChild(banner, "tryItMenu").visible)
    }

    function test_compareDialogOpensWithTheExampleLevels() {
        tryCompare(App.engine.model, "ready", true, 5000)
        const d = createTemporaryObject(dialogComponent, test)
        d.openWith([1120, 70])
        tryCompare(d, "opened", true)
        compare(d.levels, [70, 1120])
        compare(d.problem, "")
        for (const level of [70, 140, 280, 560, 1120])
            compare(findChild(d.contentItem, "compareLevel" + level).checked, level === 70 || level === 1120)
        d.close()
    }
}
