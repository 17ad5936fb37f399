import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// Issue #55 item 8: the image picker had no multi-select (Qt 6.4's non-native FileDialog keeps
// one file). ImagePickerDialog is driven here as a user does, with clicks and keys, in a folder
// of names with 'é', '한글', spaces, '#' and '%': several images come out as file URLs of
// those very files in the order shown, become chips in that order, and a file Facet cannot
// read is not offered.
TestCase {
    id: test
    name: "ImagePicker"
    when: windowShown
    visible: true
    width: 1000
    height: 760

    Component {
        id: pickerComponent
        ImagePickerDialog {}
    }
    Component {
        id: attachmentsComponent
        AttachmentModel {}
    }
    // The chips' names, in the attachment model's order.
    Component {
        id: namesComponent
        Instantiator {
            delegate: QtObject { required property string name }
        }
    }
    SignalSpy { id: pickedSpy; signalName: "picked" }

    // Sorted as shown: the folder first, then the images by name; notes.txt is not an image.
    readonly property var names: ["sub folder é/", "b 한글 사진.png", "a é #1.png", "notes.txt",
                                  "c 100% done.jpg", "d.png"]
    readonly property var shown: ["sub folder é", "a é #1.png", "b 한글 사진.png",
                                  "c 100% done.jpg", "d.png"]
    property string folder: ""
    property var picker: null

    function init() {
        folder = testFiles.makeFolder(names.concat(["sub folder é/inner 한.png"]))
        picker = createTemporaryObject(pickerComponent, test)
        pickedSpy.target = picker
        pickedSpy.clear()
        picker.open()
        tryCompare(picker, "opened", true, 3000)
        verify(picker.go(folder, -1))
        waitForRendering(picker.grid)
    }
    function cleanup() {
        if (picker && picker.visible)
            picker.close()
        picker = null
    }

    function cell(row) {
        picker.grid.positionViewAtIndex(row, GridView.Contain)
        const item = picker.grid.itemAtIndex(row)
        verify(item, "no cell at row " + row)
        return item
    }
    function shownNames() {
        const out = []
        for (let row = 0; row < picker.grid.count; ++row)
            out.push(cell(row).name)
        return out
    }
    function urlOf(name) {
        return String(testFiles.fileUrl(folder + "/" + name))
    }
    function pickedUrls() {
        compare(pickedSpy.count, 1)
        return Array.from(pickedSpy.signalArguments[0][0]).map(u => String(u))
    }
    function attachButton() {
        return findChild(picker.footer, "imagePickerAttach")
    }

    function test_offersFoldersAndImagesOnly() {
        compare(shownNames(), shown)
        verify(cell(0).isFolder)
        compare(picker.folderModel.imageCount, 4)
    }

    // Click, Shift+click, Ctrl+click, then the keyboard: End and Space add the last image.
    function test_mouseAndKeysSelectSeveralInOrder() {
        mouseClick(cell(1))                                              // a
        mouseClick(cell(3), cell(3).width / 2, cell(3).height / 2,
                   Qt.LeftButton, Qt.ShiftModifier)                       // a b c
        mouseClick(cell(2), cell(2).width / 2, cell(2).height / 2,
                   Qt.LeftButton, Qt.ControlModifier)                     // a c
        verify(picker.grid.activeFocus)
        keyClick(Qt.Key_End)
        keyClick(Qt.Key_Space)                                           // a c d
        compare(picker.selectedCount, 3)
        // "images" where the English plural forms are installed (the app; not this runner).
        verify(attachButton().text.startsWith("Attach 3 image"), attachButton().text)
        verify(!cell(0).selected)
        mouseClick(attachButton())
        tryCompare(pickedSpy, "count", 1, 3000)
        const urls = pickedUrls()
        compare(urls, [urlOf("a é #1.png"), urlOf("c 100% done.jpg"), urlOf("d.png")])
        verify(!picker.visible)

        // Attached, they are three chips in that order, each read from its own file.
        const attachments = createTemporaryObject(attachmentsComponent, test)
        compare(attachments.addUrls(pickedSpy.signalArguments[0][0]), [])
        const chips = createTemporaryObject(namesComponent, test, { model: attachments })
        compare(chips.count, 3)
        compare([0, 1, 2].map(i => chips.objectAt(i).name), ["a é #1.png", "c 100% done.jpg", "d.png"])
        compare(attachments.lastAddedPath, folder + "/d.png")
    }

    // Ctrl+A takes every image and never the folder; Enter on an image attaches them all.
    function test_ctrlASelectsEveryImageAndEnterAttaches() {
        picker.grid.forceActiveFocus()
        keyClick(Qt.Key_A, Qt.ControlModifier)
        compare(picker.selectedCount, 4)
        verify(!cell(0).selected)
        // Enter on the folder would open it; on an image it attaches the selection.
        keyClick(Qt.Key_Right)
        keyClick(Qt.Key_Return)
        tryCompare(pickedSpy, "count", 1, 3000)
        compare(pickedUrls(), shown.slice(1).map(urlOf))
    }

    // Shift+arrows select a range from the keyboard's position.
    function test_shiftArrowsSelectARange() {
        picker.grid.forceActiveFocus()
        keyClick(Qt.Key_Right)                          // on a, nothing selected
        compare(picker.selectedCount, 0)
        keyClick(Qt.Key_Right, Qt.ShiftModifier)         // a b
        keyClick(Qt.Key_Right, Qt.ShiftModifier)         // a b c
        compare(picker.selectedCount, 3)
        keyClick(Qt.Key_Left, Qt.ShiftModifier)          // a b
        compare(picker.selectedCount, 2)
        keyClick(Qt.Key_Return)
        tryCompare(pickedSpy, "count", 1, 3000)
        compare(pickedUrls(), [urlOf("a é #1.png"), urlOf("b 한글 사진.png")])
    }

    // A mirrored grid (right-to-left) starts on the right: Left moves forward, as drawn.
    function test_arrowsFollowMirroredGrid() {
        picker.grid.LayoutMirroring.enabled = true
        waitForRendering(picker.grid)
        verify(cell(0).x > cell(1).x)
        picker.grid.forceActiveFocus()
        keyClick(Qt.Key_Left)
        compare(picker.grid.currentIndex, 1)
        keyClick(Qt.Key_Left)
        compare(picker.grid.currentIndex, 2)
        keyClick(Qt.Key_Right)
        compare(picker.grid.currentIndex, 1)
    }

    // Enter on a folder goes in; Backspace comes back to it, highlighted.
    function test_enterOpensAFolderAndBackspaceComesBack() {
        picker.grid.forceActiveFocus()
        compare(picker.grid.currentIndex, 0)
        keyClick(Qt.Key_Return)
        tryCompare(picker.folderModel, "folder", folder + "/sub folder é")
        compare(shownNames(), ["inner 한.png"])
        keyClick(Qt.Key_Backspace)
        tryCompare(picker.folderModel, "folder", folder)
        compare(picker.grid.currentIndex, 0)
        compare(pickedSpy.count, 0)
    }

    // The path field (Ctrl+L): a folder's path goes there, a file's full path attaches it.
    function test_pathFieldTakesAFolderOrAFullFilePath() {
        picker.grid.forceActiveFocus()
        keyClick(Qt.Key_L, Qt.ControlModifier)
        verify(picker.pathField.activeFocus)
        picker.pathField.text = folder + "/sub folder é"
        keyClick(Qt.Key_Return)
        tryCompare(picker.folderModel, "folder", folder + "/sub folder é")
        verify(picker.grid.activeFocus)
        keyClick(Qt.Key_L, Qt.ControlModifier)
        picker.pathField.text = folder + "/b 한글 사진.png"
        keyClick(Qt.Key_Return)
        tryCompare(pickedSpy, "count", 1, 3000)
        compare(pickedUrls(), [urlOf("b 한글 사진.png")])
    }

    function test_aMissingPathIsSaidAndEscapeCancels() {
        keyClick(Qt.Key_L, Qt.ControlModifier)
        picker.pathField.text = folder + "/nothing here.png"
        keyClick(Qt.Key_Return)
        verify(picker.visible)
        verify(findChild(picker.contentItem, "imagePickerStatus").text.indexOf("nothing here.png") > 0)
        picker.grid.forceActiveFocus()
        keyClick(Qt.Key_Escape)
        tryCompare(picker, "visible", false, 3000)
        compare(pickedSpy.count, 0)
    }

    // Tab visits each control once (the grid is one stop, not one per cell), then comes round.
    function test_oneTabStopPerControl() {
        picker.pathField.forceActiveFocus()
        const first = test.Window.activeFocusItem
        const seen = []
        for (let i = 0; i < 12; ++i) {
            keyClick(Qt.Key_Tab)
            const item = test.Window.activeFocusItem
            if (item === first)
                break
            verify(seen.indexOf(item) < 0, "visited twice: " + item + " " + item.Accessible.name)
            seen.push(item)
        }
        compare(test.Window.activeFocusItem, first, "Tab never came back to the path field")
        // In the grid the focus is on its current cell (the view's focus scope).
        const inGrid = (item) => { for (let i = item; i; i = i.parent) if (i === picker.grid) return true; return false }
        const names = seen.map(item => inGrid(item) ? "imagePickerGrid" : item.objectName || item.Accessible.name)
        // Up, Home, Last attached (none here: no image attached), the grid, Cancel, Attach
        // (disabled until something is selected, so no stop).
        compare(names.filter(n => n === "imagePickerGrid").length, 1, names.join(", "))
        verify(names.indexOf("imagePickerUp") >= 0, names.join(", "))
        verify(names.indexOf("imagePickerCancel") >= 0, names.join(", "))
        compare(seen.length, 4, names.join(", "))
    }

    // The next opening starts in the folder images were last attached from.
    function test_remembersTheLastFolder() {
        mouseClick(cell(2))
        mouseClick(attachButton())
        tryCompare(pickedSpy, "count", 1, 3000)
        const again = createTemporaryObject(pickerComponent, test)
        again.open()
        tryCompare(again, "opened", true, 3000)
        compare(again.folderModel.folder, folder)
        again.close()
    }
}
