import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// Issue #55 item 8: in Qt 6.4's non-native FolderDialog, Open was disabled in a folder without
// subfolders, so an empty output folder or a model folder viewed from inside could not be chosen.
// Every folder picker of the app is a ShownFolderDialog: Open works there, and what it chooses
// is the folder shown, never the subfolder Qt highlights on entering a folder.
TestCase {
    id: test
    name: "ShownFolderDialog"
    when: windowShown
    visible: true
    width: 900
    height: 700

    Component {
        id: dialogComponent
        ShownFolderDialog { title: "Pick" }
    }
    SignalSpy { id: acceptedSpy; signalName: "accepted" }

    // tests/qml/data has no subfolders; tests/qml has one (data/), which Qt highlights.
    readonly property url leaf: Qt.resolvedUrl("data")
    readonly property url withSubfolder: Qt.resolvedUrl(".")

    // The non-native dialog is a Popup in the window's overlay: its Open button is found there.
    function openButton(item) {
        for (let i = 0; i < item.children.length; ++i) {
            const child = item.children[i]
            if (child.text === "Open" && child.checkable !== undefined)
                return child
            const found = openButton(child)
            if (found)
                return found
        }
        return null
    }
    function listView(item) {
        return findChild(item, "folderDialogListView")
    }

    // A dialog left open by a failed test would be the one the next test finds.
    property var dialog: null
    function cleanup() {
        if (dialog)
            dialog.close()
        tryVerify(() => !Array.from(test.Overlay.overlay.visibleChildren).some(
                      c => findChild(c, "folderDialogListView")), 3000)
        dialog = null
    }

    function openAt(folder) {
        const d = createTemporaryObject(dialogComponent, test, { currentFolder: folder })
        dialog = d
        acceptedSpy.target = d
        acceptedSpy.clear()
        d.open()
        tryVerify(() => openButton(test.Overlay.overlay) !== null && d.visible, 3000)
        return d
    }

    function test_openChoosesAFolderWithoutSubfolders() {
        const d = openAt(leaf)
        const list = listView(test.Overlay.overlay)
        // The premise: nothing to highlight here.
        tryCompare(list, "count", 0, 3000)
        const open = openButton(test.Overlay.overlay)
        tryCompare(open, "enabled", true, 3000)
        mouseClick(open)
        tryCompare(acceptedSpy, "count", 1, 3000)
        compare(String(d.currentFolder).replace(/\/$/, ""), String(leaf).replace(/\/$/, ""))
        compare(String(d.selectedFolder).replace(/\/$/, ""), String(leaf).replace(/\/$/, ""))
    }

    // Going into a leaf folder (double-click, as a user does) from one whose first subfolder Qt
    // highlighted on entering it.
    function test_openWorksAfterEnteringALeafFolder() {
        const d = openAt(withSubfolder)
        const list = listView(test.Overlay.overlay)
        tryVerify(() => list.count > 0 && list.currentItem !== null, 3000)
        tryVerify(() => String(d.selectedFolder).indexOf("/data") > 0, 3000)
        mouseDoubleClickSequence(list.currentItem)
        tryCompare(list, "count", 0, 3000)
        compare(String(d.currentFolder).replace(/\/$/, ""), String(leaf).replace(/\/$/, ""))
        const open = openButton(test.Overlay.overlay)
        tryCompare(open, "enabled", true, 3000)
        mouseClick(open)
        tryCompare(acceptedSpy, "count", 1, 3000)
        compare(String(d.selectedFolder).replace(/\/$/, ""), String(leaf).replace(/\/$/, ""))
    }
}
