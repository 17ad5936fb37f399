import QtQuick
import QtTest
import Facet.Ui

TestCase {
    id: test
    name: "ChatListItem"
    when: windowShown
    visible: true
    width: 300
    height: 80

    Component {
        id: itemComponent
        ChatListItem { width: 280; chatId: "c1"; title: "Birds at dawn"; current: false }
    }
    SignalSpy { id: openSpy; signalName: "openRequested" }
    SignalSpy { id: renameSpy; signalName: "renameRequested" }

    function test_clickOpens() {
        const item = createTemporaryObject(itemComponent, test)
        waitForRendering(item)
        openSpy.target = item
        openSpy.clear()
        mouseClick(item, 20, item.height / 2)
        compare(openSpy.count, 1)
        compare(openSpy.signalArguments[0][0], "c1")
        compare(item.Accessible.name, "Open conversation Birds at dawn")
    }

    function test_renameWithKeysAndEscapeCancels() {
        const item = createTemporaryObject(itemComponent, test)
        waitForRendering(item)
        renameSpy.target = item
        renameSpy.clear()
        item.renaming = true
        keySequence("ctrl+a")
        keyClick(Qt.Key_Escape)
        verify(!item.renaming)
        compare(renameSpy.count, 0)
        item.renaming = true
        keySequence("ctrl+a")
        keyClick(Qt.Key_N); keyClick(Qt.Key_E); keyClick(Qt.Key_W)
        keyClick(Qt.Key_Return)
        compare(renameSpy.count, 1)
        compare(renameSpy.signalArguments[0][0], "c1")
        compare(renameSpy.signalArguments[0][1], "new")
        verify(!item.renaming)
    }

    function test_writingIsShown() {
        const item = createTemporaryObject(itemComponent, test)
        verify(!findChild(item, "writingLabel").visible)
        item.writing = true
        verify(findChild(item, "writingLabel").visible)
        compare(findChild(item, "writingLabel").Accessible.name, "A reply is being written in Birds at dawn")
    }

    function test_currentIsHighlighted() {
        const item = createTemporaryObject(itemComponent, test, { current: true })
        verify(item.highlighted)
    }
}
