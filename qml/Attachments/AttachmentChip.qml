import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// One image in the composer: thumbnail, name, its detail level (the message's or its own) and
// the exact number of soft tokens it costs at that level; remove, "what the model sees" and
// "Region…": a rectangle drawn on the picture itself, at full size, to ask about (issue #58).
Pane {
    id: chip
    property string name
    property url thumbnail
    property int level: Labels.defaultDetailLevel
    property int tokens: 0
    property bool overridden: false
    property var modelLevels: []
    // A crop of another attached image ("Ask about this region"): which image, and where.
    property bool isRegion: false
    property string regionSource
    property rect region: Qt.rect(0, 0, 0, 0)
    readonly property string shownName: isRegion ? qsTr("Region of %1").arg(regionSource) : name
    signal removeRequested()
    signal levelPicked(int level)
    signal levelReset()
    signal previewRequested()
    // "Region…": the region editor opened on this image's original pixels (ModelViewPopup's
    // `original` mode), where a small detail can be found before the model's resizing blurs it.
    signal regionRequested()

    padding: Theme.smallSpacing
    implicitHeight: Theme.chipHeight
    background: Rectangle {
        color: Theme.replyBubble
        border.color: chip.overridden ? Theme.accent : Theme.border
        radius: Theme.radius
    }
    Accessible.role: Accessible.Grouping
    Accessible.name: isRegion ? qsTr("Image: region of %1, x %2, y %3, %4×%5 pixels")
                                .arg(regionSource).arg(region.x).arg(region.y)
                                .arg(region.width).arg(region.height)
                              : qsTr("Image %1").arg(name)

    RowLayout {
        anchors.fill: parent
        spacing: Theme.mediumSpacing
        Image {
            id: thumb
            objectName: "thumbnail"
            Layout.preferredWidth: Theme.chipHeight - 8
            Layout.preferredHeight: Theme.chipHeight - 8
            source: chip.thumbnail
            sourceSize.width: 128
            sourceSize.height: 128
            asynchronous: true
            fillMode: Image.PreserveAspectCrop
            Accessible.role: Accessible.Graphic
            Accessible.name: qsTr("Thumbnail of %1").arg(chip.shownName)
            // A click opens "what the model sees", where a region of it can be chosen.
            TapHandler { onTapped: chip.previewRequested() }
            BusyIndicator {
                anchors.centerIn: parent
                running: thumb.status === Image.Loading
                visible: running
                width: 24
                height: 24
            }
        }
        ColumnLayout {
            spacing: 0
            Label {
                objectName: "nameLabel"
                text: chip.shownName
                elide: Text.ElideMiddle
                Layout.maximumWidth: chip.isRegion ? 220 : 150
                color: Theme.text
            }
            RowLayout { // tokens and, for a region, where it lies: one line, so the chip keeps its height
                spacing: Theme.mediumSpacing
                Label {
                    objectName: "tokenLabel"
                    text: qsTr("%L1 tokens").arg(chip.tokens)
                    color: Theme.mutedText
                    font.pointSize: Theme.smallFontSize
                    Accessible.name: qsTr("Token cost of %1").arg(chip.name)
                    Accessible.description: text
                }
                Label {
                    objectName: "regionLabel"
                    visible: chip.isRegion
                    //: Where a region crop lies in its source image, in pixels: x, y, width × height.
                    text: qsTr("x %1, y %2, %3×%4").arg(chip.region.x).arg(chip.region.y)
                          .arg(chip.region.width).arg(chip.region.height)
                    color: Theme.mutedText
                    font.pointSize: Theme.captionFontSize
                }
            }
            RowLayout { // the level and, beside it, the region button: the chip keeps its height
                spacing: 0
                Button {
                    id: levelButton
                    objectName: "levelButton"
                    text: Labels.levelNames[chip.level] + (chip.overridden ? " •" : "")
                    flat: true
                    font.pointSize: Theme.captionFontSize
                    Layout.preferredHeight: 22
                    Accessible.name: qsTr("Detail level of %1").arg(chip.name)
                    onClicked: levelMenu.open()
                    Menu {
                        id: levelMenu
                        objectName: "levelMenu"
                        Repeater {
                            model: Labels.detailLevels
                            delegate: MenuItem {
                                required property int modelData
                                text: Labels.levelNames[modelData] + " " + modelData
                                enabled: (chip.modelLevels.length === 0 || chip.modelLevels.indexOf(modelData) >= 0)
                                checkable: true
                                checked: chip.overridden && chip.level === modelData
                                Accessible.name: qsTr("Use %1 for %2").arg(Labels.levelNames[modelData]).arg(chip.name)
                                onTriggered: chip.levelPicked(modelData)
                            }
                        }
                        MenuSeparator {}
                        MenuItem {
                            text: qsTr("Same as the message")
                            enabled: chip.overridden
                            Accessible.name: text
                            onTriggered: chip.levelReset()
                        }
                    }
                }
                Button {
                    objectName: "regionButton"
                    //: Button on an attached image's chip: draw a rectangle on the image to ask about that part.
                    text: qsTr("Region…")
                    flat: true
                    font.pointSize: Theme.captionFontSize
                    Layout.preferredHeight: 22
                    Accessible.name: qsTr("Select a region of %1 to ask about").arg(chip.shownName)
                    ToolTip.visible: hovered
                    ToolTip.delay: 500
                    ToolTip.text: Accessible.name
                    onClicked: chip.regionRequested()
                }
            }
        }
        ColumnLayout {
            spacing: 0
            IconButton {
                objectName: "removeButton"
                iconName: "x"
                label: qsTr("Remove %1").arg(chip.name)
                onClicked: chip.removeRequested()
            }
            IconButton {
                objectName: "previewButton"
                iconName: "grid-3x3"
                label: qsTr("What the model sees of %1 (choose a region to ask about)").arg(chip.shownName)
                onClicked: chip.previewRequested()
            }
        }
    }
}
