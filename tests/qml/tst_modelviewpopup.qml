import QtQuick
import QtTest
import Facet.Ui

// "What the model sees" with a region chosen on it (issue #58): a mouse drag over the picture
// gives the rectangle in the original image's pixels (96 × 64 here), the keyboard path (arrows
// move, Shift+arrows resize, Enter asks) gives the same kind of rectangle, "Ask about this region"
// sends it with the composer row; an image that is not in the composer offers no region; the
// chip's "Region…" (`original`) does the same on the picture itself.
TestCase {
    id: test
    name: "ModelViewPopup"
    when: windowShown
    visible: true
    width: 800
    height: 700

    Component {
        id: popupComponent
        ModelViewPopup {
            name: "gradient.png"
            path: testDataPath
            level: 280
            tokens: 266
            imageWidth: 96
            imageHeight: 64
        }
    }
    // The test image as a local path (the image provider takes paths, not URLs).
    readonly property string testDataPath: decodeURIComponent(Qt.resolvedUrl("data/gradient.png").toString().replace("file://", ""))
    SignalSpy { id: chosenSpy; signalName: "regionChosen" }

    function openPopup(row) {
        const popup = createTemporaryObject(popupComponent, test, {attachmentRow: row})
        chosenSpy.target = popup
        chosenSpy.clear()
        popup.open()
        tryCompare(popup, "opened", true)
        const seen = findChild(popup.contentItem, "seenImage")
        tryCompare(seen, "status", Image.Ready)
        waitForRendering(seen)
        return popup
    }

    function test_mouseDragChoosesARegionInOriginalPixels() {
        const popup = openPopup(2)
        const seen = findChild(popup.contentItem, "seenImage")
        const area = findChild(popup.contentItem, "regionDragArea")
        const x0 = seen.offsetX, y0 = seen.offsetY
        const w = seen.paintedWidth, h = seen.paintedHeight
        verify(w > 0 && h > 0)
        // From the picture's middle to three quarters of it: x 48..72, y 32..48 of 96 × 64.
        mousePress(area, x0 + w / 2, y0 + h / 2)
        mouseMove(area, x0 + w * 0.6, y0 + h * 0.6)
        mouseMove(area, x0 + w * 0.75, y0 + h * 0.75)
        mouseRelease(area, x0 + w * 0.75, y0 + h * 0.75)
        verify(popup.hasRegion)
        fuzzyCompare(popup.region.x, 48, 1)
        fuzzyCompare(popup.region.y, 32, 1)
        fuzzyCompare(popup.region.width, 24, 1)
        fuzzyCompare(popup.region.height, 16, 1)
        verify(findChild(popup.contentItem, "regionFrame").visible)
        compare(findChild(popup.contentItem, "regionLabel").text,
                "Region x %1, y %2, %3×%4 pixels".arg(popup.region.x).arg(popup.region.y)
                .arg(popup.region.width).arg(popup.region.height))

        // Past the picture's edge: clamped to the image.
        mousePress(area, x0 + w / 4, y0 + h / 4)
        mouseMove(area, x0 + w + 40, y0 + h + 40)
        mouseRelease(area, x0 + w + 40, y0 + h + 40)
        fuzzyCompare(popup.region.x, 24, 1)
        compare(popup.region.x + popup.region.width, 96)
        compare(popup.region.y + popup.region.height, 64)

        const ask = findChild(popup.contentItem, "askRegionButton")
        verify(ask.enabled)
        mouseClick(ask)
        compare(chosenSpy.count, 1)
        compare(chosenSpy.signalArguments[0][0], 2) // the composer row
        compare(chosenSpy.signalArguments[0][1], popup.region.x)
        compare(chosenSpy.signalArguments[0][3], popup.region.width)
        tryCompare(popup, "visible", false)
    }

    function test_keyboardChoosesMovesAndResizesARegion() {
        const popup = openPopup(0)
        const seen = findChild(popup.contentItem, "seenImage")
        tryCompare(seen, "activeFocus", true) // focused on open, for the keyboard path
        verify(!findChild(popup.contentItem, "askRegionButton").enabled)
        keyClick(Qt.Key_Right) // the first key: the middle half of the image
        compare(popup.region, Qt.rect(24, 16, 48, 32))
        keyClick(Qt.Key_Right) // a twentieth of the width: 5 pixels
        compare(popup.region, Qt.rect(29, 16, 48, 32))
        keyClick(Qt.Key_Down, Qt.ShiftModifier) // resize by a twentieth of the height: 3
        compare(popup.region, Qt.rect(29, 16, 48, 35))
        for (let i = 0; i < 10; ++i)
            keyClick(Qt.Key_Left) // stops at the left edge
        compare(popup.region.x, 0)
        keyClick(Qt.Key_Return)
        compare(chosenSpy.count, 1)
        compare(chosenSpy.signalArguments[0][0], 0)
        compare(chosenSpy.signalArguments[0][1], 0)
        compare(chosenSpy.signalArguments[0][2], 16)
        compare(chosenSpy.signalArguments[0][3], 48)
        compare(chosenSpy.signalArguments[0][4], 35)
    }

    // The chip's "Region…" opens the same editor on the picture itself (`original`): the
    // attached file through the thumbnail provider, not the model's resized view, and the same
    // drag gives the rectangle in the original's pixels.
    function test_originalModeChoosesARegionOnThePicture() {
        const popup = createTemporaryObject(popupComponent, test, {attachmentRow: 1, original: true})
        chosenSpy.target = popup
        chosenSpy.clear()
        popup.open()
        tryCompare(popup, "opened", true)
        const seen = findChild(popup.contentItem, "seenImage")
        tryCompare(seen, "status", Image.Ready)
        waitForRendering(seen)
        compare(popup.title, "Select a region of gradient.png")
        compare(seen.source, ImageUrls.thumbnail(testDataPath))
        // The original's own size (96 × 64), not the model's input at 280.
        compare(seen.implicitWidth, 96)
        compare(seen.implicitHeight, 64)
        tryCompare(seen, "activeFocus", true)
        const area = findChild(popup.contentItem, "regionDragArea")
        const x0 = seen.offsetX, y0 = seen.offsetY
        const w = seen.paintedWidth, h = seen.paintedHeight
        mousePress(area, x0 + w / 4, y0 + h / 4)
        mouseMove(area, x0 + w / 2, y0 + h / 2)
        mouseMove(area, x0 + w * 0.75, y0 + h * 0.5)
        mouseRelease(area, x0 + w * 0.75, y0 + h * 0.5)
        fuzzyCompare(popup.region.x, 24, 1)
        fuzzyCompare(popup.region.y, 16, 1)
        fuzzyCompare(popup.region.width, 48, 1)
        fuzzyCompare(popup.region.height, 16, 1)
        keyClick(Qt.Key_Return)
        compare(chosenSpy.count, 1)
        compare(chosenSpy.signalArguments[0][0], 1)
        compare(chosenSpy.signalArguments[0][3], popup.region.width)
        tryCompare(popup, "visible", false)
    }

    function test_noRegionForImagesOutsideTheComposer() {
        const popup = openPopup(-1)
        verify(!popup.canChooseRegion)
        verify(!findChild(popup.contentItem, "askRegionButton").visible)
        const area = findChild(popup.contentItem, "regionDragArea")
        verify(!area.enabled)
        keyClick(Qt.Key_Right)
        verify(!popup.hasRegion)
        compare(chosenSpy.count, 0)
    }
}
