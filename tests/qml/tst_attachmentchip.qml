import QtQuick
import QtTest
import Facet.Ui

TestCase {
    id: test
    name: "AttachmentChip"
    when: windowShown
    visible: true // TestCase is invisible by default; the items under test must get input
    width: 500
    height: 200

    Component {
        id: chipComponent
        AttachmentChip {
            name: "photo.jpg"
            level: 280
            tokens: 266
            modelLevels: [70, 280, 560]
        }
    }
    SignalSpy { id: removeSpy; signalName: "removeRequested" }
    SignalSpy { id: previewSpy; signalName: "previewRequested" }
    SignalSpy { id: levelSpy; signalName: "levelPicked" }
    SignalSpy { id: regionSpy; signalName: "regionRequested" }

    function test_showsNameTokensAndLevel() {
        const chip = createTemporaryObject(chipComponent, test)
        waitForRendering(chip)
        verify(chip)
        compare(findChild(chip, "tokenLabel").text, "266 tokens")
        compare(findChild(chip, "levelButton").text, "Standard")
        chip.overridden = true
        chip.level = 560
        compare(findChild(chip, "levelButton").text, "High •")
        compare(chip.Accessible.name, "Image photo.jpg")
    }

    function test_regionChipSaysWhichImageAndWhere() {
        const chip = createTemporaryObject(chipComponent, test, {
            name: "region-0123.png", isRegion: true, regionSource: "photo.jpg",
            region: Qt.rect(10, 20, 30, 40)})
        waitForRendering(chip)
        compare(findChild(chip, "nameLabel").text, "Region of photo.jpg")
        const where = findChild(chip, "regionLabel")
        verify(where.visible)
        compare(where.text, "x 10, y 20, 30×40")
        compare(chip.Accessible.name, "Image: region of photo.jpg, x 10, y 20, 30×40 pixels")
        // A whole image says nothing of regions.
        const whole = createTemporaryObject(chipComponent, test)
        waitForRendering(whole)
        verify(!findChild(whole, "regionLabel").visible)
        compare(findChild(whole, "nameLabel").text, "photo.jpg")
    }

    function test_removeAndPreviewButtonsEmit() {
        const chip = createTemporaryObject(chipComponent, test)
        waitForRendering(chip)
        removeSpy.target = chip
        previewSpy.target = chip
        removeSpy.clear()
        previewSpy.clear()
        const remove = findChild(chip, "removeButton")
        compare(remove.Accessible.name, "Remove photo.jpg")
        mouseClick(remove)
        compare(removeSpy.count, 1)
        mouseClick(findChild(chip, "previewButton"))
        compare(previewSpy.count, 1)
    }

    // "Region…" (issue #58: draw a region "on an attachment"): by mouse, and by keyboard — Tab
    // reaches it after the level button, Space presses it — with the chip's name in its label.
    function test_regionButtonAsksForTheRegionEditor() {
        const chip = createTemporaryObject(chipComponent, test)
        waitForRendering(chip)
        regionSpy.target = chip
        regionSpy.clear()
        const button = findChild(chip, "regionButton")
        verify(button && button.visible)
        compare(button.Accessible.name, "Select a region of photo.jpg to ask about")
        mouseClick(button)
        compare(regionSpy.count, 1)
        findChild(chip, "levelButton").forceActiveFocus()
        keyClick(Qt.Key_Tab)
        verify(button.activeFocus)
        keyClick(Qt.Key_Space)
        compare(regionSpy.count, 2)
        // A region chip names its source in the label.
        chip.isRegion = true
        chip.regionSource = "photo.jpg"
        compare(button.Accessible.name, "Select a region of Region of photo.jpg to ask about")
    }

    function test_levelMenuOffersOnlyModelLevels() {
        const chip = createTemporaryObject(chipComponent, test)
        waitForRendering(chip)
        levelSpy.target = chip
        levelSpy.clear()
        mouseClick(findChild(chip, "levelButton"))
        // The menu's items: enabled exactly for the compiled levels.
        const menu = findChild(chip, "levelMenu")
        tryVerify(() => menu.opened)
        const enabled = []
        for (let i = 0; i < 5; ++i) {
            const item = menu.itemAt(i)
            if (item.enabled)
                enabled.push(item.text)
        }
        compare(enabled, ["Minimal 70", "Standard 280", "High 560"])
        menu.itemAt(3).triggered()
        compare(levelSpy.count, 1)
        compare(levelSpy.signalArguments[0][0], 560)
    }

    function test_thumbnailFailsCleanlyForMissingFile() {
        const chip = createTemporaryObject(chipComponent, test,
            { thumbnail: "image://facet/thumb/" + encodeURIComponent("/nonexistent/x.png") })
        waitForRendering(chip)
        const image = findChild(chip, "thumbnail")
        tryCompare(image, "status", Image.Error, 5000)
    }
}
