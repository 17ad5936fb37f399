import QtQuick
import QtTest
import Facet.Ui

// The composer alone, on the App singleton's scripted engine (see main.cpp): Enter sends,
// Shift+Enter starts a new line, empty messages are not sent, the thinking switch.
TestCase {
    id: test
    name: "Composer"
    when: windowShown
    visible: true
    width: 900
    height: 260

    Component {
        id: composerComponent
        Composer {
            width: 880
            engine: App.engine
            chat: App.chat
            attachments: App.attachments
            settings: App.settings
            historyTokens: App.conversation.historyTokens
            context: App.context
        }
    }

    function initTestCase() {
        tryCompare(App.engine.model, "ready", true, 5000)
    }

    function input(c) { return findChild(c, "messageInput") }

    function test_enterSendsAndClears() {
        const c = createTemporaryObject(composerComponent, test)
        waitForRendering(c)
        App.library.newChat()
        c.focusInput()
        verify(!findChild(c, "sendButton").enabled)
        keyClick(Qt.Key_Return) // empty: nothing is sent
        compare(App.conversation.count, 0)
        keyClick(Qt.Key_H); keyClick(Qt.Key_I)
        verify(findChild(c, "sendButton").enabled)
        keyClick(Qt.Key_Return)
        compare(input(c).text, "")
        compare(App.conversation.count, 2)
        tryCompare(App.chat, "busy", false, 5000)
    }

    function test_shiftEnterAddsALine() {
        const c = createTemporaryObject(composerComponent, test)
        waitForRendering(c)
        App.library.newChat()
        c.focusInput()
        keyClick(Qt.Key_A)
        keyClick(Qt.Key_Return, Qt.ShiftModifier)
        keyClick(Qt.Key_B)
        compare(input(c).text, "a\nb")
        compare(App.conversation.count, 0)
    }

    function test_thinkingSwitchIsTheConversationsSetting() {
        const c = createTemporaryObject(composerComponent, test)
        waitForRendering(c)
        App.library.newChat()
        const sw = findChild(c, "thinkingSwitch")
        verify(!sw.checked)
        mouseClick(sw)
        verify(App.settings.thinking)
        App.settings.thinking = false
        verify(!sw.checked)
    }
}
