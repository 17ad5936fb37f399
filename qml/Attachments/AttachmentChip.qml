import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// One image in the composer: thumbnail, name, its detail level (the message's or its own) and
// the exact number of soft tokens it costs at that level; remove and "what the model sees".
Pane {
    id: chip
    property string name
    property url thumbnail
    property int level: Labels.defaultDetailLevel
    property int tokens: 0
    property bool overridden: false
    property var modelLevels: []
    signal removeRequested()
    signal levelPicked(int level)
    signal levelReset()
    signal previewRequested()

    padding: Theme.smallSpacing
    implicitHeight: Theme.chipHeight
    background: Rectangle {
        color: Theme.replyBubble
        border.color: chip.overridden ? Theme.accent : Theme.border
        radius: Theme.radius
    }
    Accessible.role: Accessible.Grouping
    Accessible.name: qsTr("Image %1").arg(name)

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
            Accessible.name: qsTr("Thumbnail of %1").arg(chip.name)
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
                text: chip.name
                elide: Text.ElideMiddle
                Layout.maximumWidth: 150
                color: Theme.text
            }
            Label {
                objectName: "tokenLabel"
                text: qsTr("%L1 tokens").arg(chip.tokens)
                color: Theme.mutedText
                font.pointSize: Theme.smallFontSize
                Accessible.name: qsTr("Token cost of %1").arg(chip.name)
                Accessible.description: text
            }
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
                label: qsTr("What the model sees of %1").arg(chip.name)
                onClicked: chip.previewRequested()
            }
        }
    }
}
