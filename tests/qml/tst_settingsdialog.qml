import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// Settings → New chats (issue #57): the level picker offers only the loaded model's compiled
// levels, and what is picked, typed and switched there lands in App.newChatDefaults (which the
// next new chat starts with: tests/app/tst_newchatdefaults.cpp); the open conversation's own
// system prompt is untouched.
TestCase {
    id: test
    name: "SettingsDialog"
    when: windowShown
    visible: true
    width: 1000
    height: 800

    Component {
        id: dialogComponent
        SettingsDialog {
            settings: App.settings
            newChatDefaults: App.newChatDefaults
            imageCache: App.imageCache
            language: App.language
            theme: App.theme
            server: App.server
        }
    }

    function openOnNewChats(levels) {
        const dialog = createTemporaryObject(dialogComponent, test, { modelLevels: levels })
        dialog.open()
        tryCompare(dialog, "opened", true)
        const tabs = findChild(dialog, "settingsSections")
        compare(tabs.currentIndex, 0) // opens on "This conversation"
        mouseClick(tabs.itemAt(1))
        compare(tabs.currentIndex, 1)
        const section = findChild(dialog, "newChatSection")
        tryCompare(section, "visible", true)
        waitForRendering(section)
        return section
    }

    function test_onlyCompiledLevelsAndThePickLands() {
        App.newChatDefaults.level = 280
        const section = openOnNewChats([70, 280, 1120])
        const picker = findChild(section, "newChatLevel")
        verify(findChild(picker, "level280").checked)
        verify(!findChild(picker, "level560").enabled)
        verify(!findChild(picker, "level140").enabled)
        mouseClick(findChild(picker, "level1120"))
        compare(App.newChatDefaults.level, 1120)
        mouseClick(findChild(picker, "level560")) // not compiled: nothing
        compare(App.newChatDefaults.level, 1120)
        verify(!findChild(section, "newChatLevelNote").visible)
        App.newChatDefaults.level = 280
    }

    function test_levelTheModelLacksIsSaid() {
        App.newChatDefaults.level = 560
        const section = openOnNewChats([70, 280])
        const note = findChild(section, "newChatLevelNote")
        verify(note.visible)
        verify(note.text.indexOf("280") >= 0, note.text)
        App.newChatDefaults.level = 280
    }

    function test_systemPromptAndThinkingLand() {
        const openPrompt = App.settings.systemPrompt
        const section = openOnNewChats([])
        const prompt = findChild(section, "newChatSystemPrompt")
        mouseClick(prompt)
        keyClick(Qt.Key_A, Qt.ControlModifier)
        keyClick(Qt.Key_B)
        keyClick(Qt.Key_E)
        // Kept once the field is left (here for the thinking switch), as the dialog's other
        // system prompt is.
        const thinking = findChild(section, "newChatThinking")
        const was = App.newChatDefaults.thinking
        mouseClick(thinking)
        compare(App.newChatDefaults.thinking, !was)
        compare(App.newChatDefaults.systemPrompt, "be")
        compare(App.settings.systemPrompt, openPrompt)
        App.newChatDefaults.thinking = false
        App.newChatDefaults.systemPrompt = ""
    }

    // Keyboard only: Tab leaves a system prompt for the next control, it types no tab character.
    function test_tabLeavesTheSystemPrompt() {
        const section = openOnNewChats([])
        const prompt = findChild(section, "newChatSystemPrompt")
        prompt.forceActiveFocus(Qt.TabFocusReason)
        verify(prompt.activeFocus)
        keyClick(Qt.Key_Tab)
        verify(!prompt.activeFocus)
        compare(prompt.text.indexOf("\t"), -1)
        verify(findChild(section, "newChatThinking").activeFocus)
        keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
        verify(prompt.activeFocus)
        App.newChatDefaults.systemPrompt = ""
    }

    // Keyboard focus always shows (issue #57): a section's tab reached with Tab, or with the
    // arrow keys from there, draws the focus frame, Theme.focus at its edge, which Fusion's own
    // TabButton never does; the other tabs draw none, nor a tab clicked with the mouse. The row
    // of tabs is one Tab stop.
    function test_tabReachedWithTabShowsItsFocus() {
        const dialog = createTemporaryObject(dialogComponent, test)
        dialog.open()
        tryCompare(dialog, "opened", true)
        const tabs = findChild(dialog, "settingsSections")
        let focused = null
        for (let i = 0; i < 40 && !focused; ++i) {
            keyClick(Qt.Key_Tab)
            for (let t = 0; t < tabs.count; ++t)
                if (tabs.itemAt(t).activeFocus)
                    focused = tabs.itemAt(t)
        }
        verify(focused, "Tab never reached a section's tab")
        verify(focused.visualFocus)
        // Neither the focused tab nor the one after it (Right, below).
        const other = tabs.itemAt(focused.TabBar.index === 0 ? tabs.count - 1 : 0)
        waitForRendering(focused)
        // The middle of a tab's left edge, inside a focusWidth frame, in the window's pixels
        // (Qt 6.4's grabImage(item) crops the window at the item's x and y in its parent, not
        // in the window: qtdeclarative v6.4.2 src/qmltest/quicktestresult.cpp grabImage()).
        const edge = (tab) => {
            const p = tab.mapToItem(test, 1, Math.floor(tab.height / 2))
            return grabImage(test).pixel(Math.round(p.x), Math.round(p.y))
        }
        verify(Qt.colorEqual(edge(focused), Theme.focus),
               "the focused tab's edge is " + edge(focused) + ", not " + Theme.focus)
        verify(!Qt.colorEqual(edge(other), Theme.focus), "an unfocused tab has a focus frame")
        // The arrow keys move the focus, and its frame, to the next tab.
        const next = tabs.itemAt(focused.TabBar.index + 1)
        verify(next && next !== other)
        keyClick(Qt.Key_Right)
        verify(next.activeFocus)
        waitForRendering(next)
        verify(Qt.colorEqual(edge(next), Theme.focus),
               "the tab reached with Right shows " + edge(next) + ", not " + Theme.focus)
        verify(!Qt.colorEqual(edge(focused), Theme.focus), "the tab left still has its frame")
        // The bar is one Tab stop: Tab goes on past the other tabs, Backtab comes back to the
        // open section's tab.
        compare(tabs.currentIndex, next.TabBar.index)
        keyClick(Qt.Key_Tab)
        for (let t = 0; t < tabs.count; ++t)
            verify(!tabs.itemAt(t).activeFocus, "Tab went on to tab " + t)
        keyClick(Qt.Key_Backtab, Qt.ShiftModifier)
        verify(next.activeFocus, "Backtab did not come back to the open section's tab")
        // Clicked with the mouse, a tab shows no frame: the keyboard's position is not there.
        mouseClick(other)
        verify(other.activeFocus)
        waitForRendering(other)
        verify(!Qt.colorEqual(edge(other), Theme.focus), "a clicked tab has a focus frame")
    }

    // The open section's tab has an accent bar along its foot, the others none (Fusion's shade
    // alone was 1.06:1 in the dark theme); it follows the click.
    function test_openSectionHasItsBar() {
        const dialog = createTemporaryObject(dialogComponent, test)
        dialog.open()
        tryCompare(dialog, "opened", true)
        const tabs = findChild(dialog, "settingsSections")
        // The middle of a tab's foot, inside the bar, in the window's pixels (grabImage: above).
        const foot = (tab) => {
            const p = tab.mapToItem(test, Math.floor(tab.width / 2), tab.height - 1)
            return grabImage(test).pixel(Math.round(p.x), Math.round(p.y))
        }
        waitForRendering(tabs)
        verify(Qt.colorEqual(foot(tabs.itemAt(0)), Theme.accent),
               "the open tab's foot is " + foot(tabs.itemAt(0)) + ", not " + Theme.accent)
        verify(!Qt.colorEqual(foot(tabs.itemAt(2)), Theme.accent), "a closed tab has the bar")
        mouseClick(tabs.itemAt(2))
        waitForRendering(tabs)
        verify(Qt.colorEqual(foot(tabs.itemAt(2)), Theme.accent), "the clicked tab has no bar")
        verify(!Qt.colorEqual(foot(tabs.itemAt(0)), Theme.accent), "the tab left keeps its bar")
    }
}
