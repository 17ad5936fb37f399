import QtQuick
import QtQuick.Controls
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
        ChatListItem { width: 280; chatId: "c1"; title: "Birds at dawn"; current: false; thumbnail: "" }
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

    // Issue #55 item 8: Return that ends a rename stays in the row. It used to travel on to the
    // list, whose Return opened its current row: renaming a conversation switched to it.
    Component {
        id: inListComponent
        FocusScope {
            property int returnsSeen: 0
            width: 280; height: 60
            Keys.onReturnPressed: returnsSeen++
            ChatListItem { objectName: "row"; width: 280; chatId: "c2"; title: "Old"; current: false; thumbnail: "" }
        }
    }
    function test_returnEndingARenameStaysInTheRow() {
        const scope = createTemporaryObject(inListComponent, test)
        const row = findChild(scope, "row")
        waitForRendering(scope)
        scope.forceActiveFocus()
        renameSpy.target = row
        renameSpy.clear()
        row.renaming = true
        keySequence("ctrl+a")
        keyClick(Qt.Key_X)
        keyClick(Qt.Key_Return)
        compare(renameSpy.count, 1)
        compare(renameSpy.signalArguments[0][1], "x")
        compare(scope.returnsSeen, 0, "the Return reached the list")
    }

    // One Tab stop for the whole list (Sidebar.qml): Tab goes past the rows and their buttons.
    Component {
        id: tabChainComponent
        Column {
            width: 280
            TextField { objectName: "before"; width: 280 }
            ChatListItem { width: 280; chatId: "a"; title: "A"; current: false; thumbnail: "" }
            ChatListItem { width: 280; chatId: "b"; title: "B"; current: false; thumbnail: "" }
            TextField { objectName: "after"; width: 280 }
        }
    }
    function test_tabPassesTheRows() {
        const column = createTemporaryObject(tabChainComponent, test)
        waitForRendering(column)
        findChild(column, "before").forceActiveFocus()
        keyClick(Qt.Key_Tab)
        verify(findChild(column, "after").activeFocus, "Tab stopped on a row or its button")
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
