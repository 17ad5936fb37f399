import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// Issue #57: the header's model picker on the scripted engine (tests/qml/main.cpp loads its
// model "scripted"): its name and state say so, its menu lists the demo model, the recent folders (by their last part,
// the whole path in the accessible name), another folder, the server and the details, and
// each entry asks for its own load.
TestCase {
    id: test
    name: "ModelPicker"
    when: windowShown
    visible: true
    width: 700
    height: 500

    Component {
        id: pickerComponent
        ModelPicker {
            model: App.engine.model
            server: App.engine.serverSession
            recentFolders: ["/models/gemma-4-31b", "/srv/models/한글 모델"]
            statusText: "scripted · device 0 · levels 70, 280"
        }
    }
    SignalSpy { id: folderSpy; signalName: "folderRequested" }
    SignalSpy { id: chooseSpy; signalName: "chooseFolderRequested" }
    SignalSpy { id: serverSpy; signalName: "serverRequested" }

    function itemNamed(menu, name) {
        for (let i = 0; i < menu.count; ++i) {
            const item = menu.itemAt(i)
            if (item && item.Accessible.name === name)
                return item
        }
        return null
    }

    function test_modelAndStateAreSaid() {
        const picker = createTemporaryObject(pickerComponent, test)
        compare(picker.Accessible.name, "Model status")
        compare(picker.Accessible.description, "scripted · device 0 · levels 70, 280")
        compare(findChild(picker, "modelName").text, "scripted")
        compare(findChild(picker, "modelState").text, "Ready")
        verify(!picker.failed)
        compare(findChild(picker, "modelStateDot").color, Theme.accent)
    }

    function test_menuOffersEveryModelAndEachAsksForItsLoad() {
        const picker = createTemporaryObject(pickerComponent, test)
        folderSpy.target = picker; folderSpy.clear()
        chooseSpy.target = picker; chooseSpy.clear()
        serverSpy.target = picker; serverSpy.clear()
        const menu = findChild(picker, "modelMenu")
        mouseClick(picker)
        tryCompare(menu, "opened", true)
        verify(itemNamed(menu, "Load the built-in demo model"))
        const recent = itemNamed(menu, "Load the model folder /srv/models/한글 모델")
        verify(recent)
        compare(recent.text, "한글 모델")
        compare(itemNamed(menu, "Load the model folder /models/gemma-4-31b").text, "gemma-4-31b")
        verify(itemNamed(menu, "Model details").enabled)
        mouseClick(recent)
        compare(folderSpy.count, 1)
        compare(folderSpy.signalArguments[0][0], "/srv/models/한글 모델")
        tryCompare(menu, "visible", false)

        mouseClick(picker)
        tryCompare(menu, "opened", true)
        mouseClick(itemNamed(menu, "Open a compiled model folder"))
        compare(chooseSpy.count, 1)
        tryCompare(menu, "visible", false)

        // From the keyboard: Space opens the menu, the arrows and Enter pick.
        picker.forceActiveFocus(Qt.TabFocusReason)
        keyClick(Qt.Key_Space)
        tryCompare(menu, "opened", true)
        const server = itemNamed(menu, "Connect to a server")
        while (menu.currentIndex >= 0 && menu.itemAt(menu.currentIndex) !== server)
            keyClick(Qt.Key_Down)
        keyClick(Qt.Key_Return)
        compare(serverSpy.count, 1)
    }
}
