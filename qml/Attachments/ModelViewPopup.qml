import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// "What the model sees": the image resized exactly as the model receives it at this level, with
// one grid cell per soft token (48×48 pixels: 16-pixel patches pooled 3×3).
// For an image in the composer (attachmentRow ≥ 0) a rectangle can be chosen on it — dragged
// with the mouse, or with the keyboard on the focused image: arrows move it, Shift+arrows resize
// it — and "Ask about this region" attaches that crop as an image of its own (issue #58).
// The rectangle is kept in the original image's pixels (after EXIF orientation).
// `original`: the same region editor on the picture itself (the chip's "Region…"): shown at up to
// 2048 pixels a side instead of resized for the model, so a detail that the model's input blurs
// — the very reason to ask about a region — can still be found and framed.
Dialog {
    id: dialog
    property string path
    property string name
    property int level: Labels.defaultDetailLevel
    property int tokens: 0
    property int imageWidth: 0
    property int imageHeight: 0
    // The composer row this image is, or -1 (a sent image, a comparison column): no region then.
    property int attachmentRow: -1
    property bool original: false
    readonly property bool canChooseRegion: attachmentRow >= 0 && imageWidth > 0 && imageHeight > 0
    // The chosen rectangle in original pixels; width 0 while there is none.
    property rect region: Qt.rect(0, 0, 0, 0)
    readonly property bool hasRegion: region.width >= 1 && region.height >= 1
    signal regionChosen(int row, int x, int y, int width, int height)

    title: original ? qsTr("Select a region of %1").arg(name) : qsTr("What the model sees — %1").arg(name)
    modal: true
    standardButtons: Dialog.Close
    anchors.centerIn: Overlay.overlay
    width: Math.min(parent ? parent.width * 0.9 : 900, 1000)
    height: Math.min(parent ? parent.height * 0.9 : 800, 900)
    onAboutToShow: region = Qt.rect(0, 0, 0, 0)
    onOpened: if (canChooseRegion) seen.forceActiveFocus()

    // Clamps a rectangle (original pixels) into the image, whole pixels, at least 1×1.
    function clamped(x, y, w, h) {
        const x0 = Math.max(0, Math.min(Math.round(x), imageWidth - 1))
        const y0 = Math.max(0, Math.min(Math.round(y), imageHeight - 1))
        const x1 = Math.max(x0 + 1, Math.min(Math.round(x + w), imageWidth))
        const y1 = Math.max(y0 + 1, Math.min(Math.round(y + h), imageHeight))
        return Qt.rect(x0, y0, x1 - x0, y1 - y0)
    }
    // The arrow keys' step: a twentieth of the image's side, at least one pixel.
    function step(side) { return Math.max(1, Math.round(side / 20)) }
    function nudge(dx, dy, resize) {
        if (!hasRegion) { // the first key press: the middle half of the image
            region = clamped(imageWidth / 4, imageHeight / 4, imageWidth / 2, imageHeight / 2)
            return
        }
        const sx = dx * step(imageWidth), sy = dy * step(imageHeight)
        if (resize)
            region = clamped(region.x, region.y, region.width + sx, region.height + sy)
        else
            region = clamped(Math.min(Math.max(0, region.x + sx), imageWidth - region.width),
                             Math.min(Math.max(0, region.y + sy), imageHeight - region.height),
                             region.width, region.height)
    }
    function askAboutRegion() {
        if (!canChooseRegion || !hasRegion)
            return
        regionChosen(attachmentRow, region.x, region.y, region.width, region.height)
        close()
    }

    ColumnLayout {
        anchors.fill: parent
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: Theme.text
            text: dialog.original
                  ? qsTr("Original %1×%2, as attached. The region is attached as an image of its own at the lowest level that keeps it whole; the whole image keeps its level.")
                    .arg(dialog.imageWidth).arg(dialog.imageHeight)
                  : qsTr("%1 (%2): %L3 soft tokens. Original %4×%5, model input %6×%7; each cell is one soft token.")
                    .arg(Labels.levelNames[dialog.level]).arg(dialog.level).arg(dialog.tokens)
                    .arg(dialog.imageWidth).arg(dialog.imageHeight)
                    .arg(seen.implicitWidth).arg(seen.implicitHeight)
        }
        Image {
            id: seen
            objectName: "seenImage"
            Layout.fillWidth: true
            Layout.fillHeight: true
            fillMode: Image.PreserveAspectFit
            asynchronous: true
            smooth: dialog.original // the model's view unsmoothed: its pixels are what it gets
            // The original through the thumbnail provider, which only scales down (imagefacts.cpp).
            sourceSize: dialog.original ? Qt.size(2048, 2048) : undefined
            source: !dialog.visible || !dialog.path ? ""
                    : dialog.original ? ImageUrls.thumbnail(dialog.path)
                                      : ImageUrls.seen(dialog.level, dialog.path)
            activeFocusOnTab: dialog.canChooseRegion
            Accessible.role: Accessible.Graphic
            Accessible.name: dialog.original
                             ? qsTr("The attached image; arrows choose a region, Shift+arrows resize it, Enter asks about it")
                             : dialog.canChooseRegion
                             ? qsTr("Resized image with the soft-token grid; arrows choose a region, Shift+arrows resize it, Enter asks about it")
                             : qsTr("Resized image with the soft-token grid")
            // Where the picture is drawn inside the item, and original pixels per item pixel.
            readonly property real offsetX: (width - paintedWidth) / 2
            readonly property real offsetY: (height - paintedHeight) / 2
            readonly property real scaleToOriginal: paintedWidth > 0 ? dialog.imageWidth / paintedWidth : 1

            Keys.onPressed: (event) => {
                if (!dialog.canChooseRegion)
                    return
                const resize = (event.modifiers & Qt.ShiftModifier) !== 0
                const moves = {[Qt.Key_Left]: [-1, 0], [Qt.Key_Right]: [1, 0],
                               [Qt.Key_Up]: [0, -1], [Qt.Key_Down]: [0, 1]}
                if (moves[event.key] !== undefined) {
                    dialog.nudge(moves[event.key][0], moves[event.key][1], resize)
                    event.accepted = true
                } else if ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter) && dialog.hasRegion) {
                    dialog.askAboutRegion()
                    event.accepted = true
                }
            }

            MouseArea {
                id: dragArea
                objectName: "regionDragArea"
                anchors.fill: parent
                enabled: dialog.canChooseRegion
                cursorShape: enabled ? Qt.CrossCursor : Qt.ArrowCursor
                property point start
                function toOriginal(mx, my) {
                    return Qt.point((mx - seen.offsetX) * seen.scaleToOriginal,
                                    (my - seen.offsetY) * seen.scaleToOriginal)
                }
                onPressed: (mouse) => {
                    seen.forceActiveFocus()
                    start = toOriginal(mouse.x, mouse.y)
                    dialog.region = Qt.rect(0, 0, 0, 0)
                }
                onPositionChanged: (mouse) => {
                    const p = toOriginal(mouse.x, mouse.y)
                    const x = Math.min(start.x, p.x), y = Math.min(start.y, p.y)
                    // A click without a drag chooses nothing.
                    if (Math.abs(p.x - start.x) < 1 || Math.abs(p.y - start.y) < 1)
                        return
                    const left = Math.max(0, x), top = Math.max(0, y)
                    dialog.region = dialog.clamped(left, top,
                                                   Math.max(start.x, p.x) - left,
                                                   Math.max(start.y, p.y) - top)
                }
            }
            Rectangle {
                objectName: "regionFrame"
                visible: dialog.hasRegion
                x: seen.offsetX + dialog.region.x / seen.scaleToOriginal
                y: seen.offsetY + dialog.region.y / seen.scaleToOriginal
                width: dialog.region.width / seen.scaleToOriginal
                height: dialog.region.height / seen.scaleToOriginal
                color: "transparent"
                border.color: Theme.accent
                border.width: Theme.focusWidth
            }
            Rectangle { // the focus frame of the keyboard path
                anchors.fill: parent
                visible: seen.activeFocus
                color: "transparent"
                border.color: Theme.focus
                border.width: Theme.hairline
            }
            BusyIndicator { anchors.centerIn: parent; running: seen.status === Image.Loading }
            Label {
                anchors.centerIn: parent
                visible: seen.status === Image.Error
                text: qsTr("The image could not be prepared")
                color: Theme.error
            }
        }
        RowLayout {
            visible: dialog.canChooseRegion
            Layout.fillWidth: true
            spacing: Theme.mediumSpacing
            Label {
                objectName: "regionLabel"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                color: Theme.mutedText
                text: dialog.hasRegion
                      ? qsTr("Region x %1, y %2, %3×%4 pixels").arg(dialog.region.x).arg(dialog.region.y)
                            .arg(dialog.region.width).arg(dialog.region.height)
                      : qsTr("Drag a rectangle on the image (or use the arrow keys) to ask about a region of it.")
            }
            Button {
                objectName: "askRegionButton"
                text: qsTr("Ask about this region")
                enabled: dialog.hasRegion
                Accessible.name: text
                onClicked: dialog.askAboutRegion()
            }
        }
    }
}
