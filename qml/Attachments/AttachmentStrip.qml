import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// The composer's images as chips, with the total token cost of the message's images.
ColumnLayout {
    id: strip
    required property AttachmentModel attachments
    required property var modelLevels
    // `row`: the chip's row, so "what the model sees" can attach a region of it.
    signal previewRequested(string path, string name, int level, int tokens, int imageWidth, int imageHeight, int row)
    // The chip's "Region…": the region editor on the original image of that row.
    signal regionRequested(string path, string name, int imageWidth, int imageHeight, int row)
    visible: attachments.count > 0
    spacing: Theme.smallSpacing

    ListView {
        id: list
        objectName: "attachmentList"
        Layout.fillWidth: true
        Layout.preferredHeight: Theme.chipHeight + (stripBar.visible ? stripBar.height : 0)
        orientation: ListView.Horizontal
        // More chips than fit: a scrollbar, and the mouse wheel scrolls sideways.
        ScrollBar.horizontal: ScrollBar {
            id: stripBar
            objectName: "attachmentScrollBar"
            policy: list.contentWidth > list.width ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded
            Accessible.name: qsTr("Scroll attached images")
        }
        WheelHandler {
            acceptedDevices: PointerDevice.Mouse | PointerDevice.TouchPad
            orientation: Qt.Vertical
            property: "contentX"
            target: list
            rotationScale: -4
            onWheel: list.returnToBounds()
        }
        spacing: Theme.mediumSpacing
        clip: true
        model: strip.attachments
        Accessible.role: Accessible.List
        Accessible.name: qsTr("Attached images")
        delegate: AttachmentChip {
            required property int index
            required property string path
            required property int imageWidth
            required property int imageHeight
            required name
            required thumbnail
            required level
            required tokens
            required overridden
            required isRegion
            required regionSource
            required region
            modelLevels: strip.modelLevels
            onRemoveRequested: strip.attachments.remove(index)
            onLevelPicked: (value) => strip.attachments.setImageLevel(index, value)
            onLevelReset: strip.attachments.clearImageLevel(index)
            onPreviewRequested: strip.previewRequested(path, shownName, level, tokens, imageWidth, imageHeight, index)
            onRegionRequested: strip.regionRequested(path, shownName, imageWidth, imageHeight, index)
        }
    }
    Label {
        objectName: "totalTokens"
        text: qsTr("%n image(s), %L1 image tokens", "", strip.attachments.count).arg(strip.attachments.totalTokens)
        color: Theme.mutedText
        font.pointSize: Theme.smallFontSize
        Accessible.name: qsTr("Image tokens of this message")
        Accessible.description: text
    }
}
