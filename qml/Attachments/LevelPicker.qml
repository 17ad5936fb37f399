import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// The detail level (image-token budget) for a message: five buttons, Minimal 70 … Maximum 1120.
// Levels the loaded model was not compiled for are disabled, with the reason in the tooltip.
RowLayout {
    id: picker
    property int level: Labels.defaultDetailLevel
    property var modelLevels: []      // empty: no model loaded, all five enabled
    // A server that is sent no level: its own default applies, every button is off.
    property bool serverDefault: false
    property string accessiblePrefix: qsTr("Detail level")
    signal picked(int level)
    spacing: Theme.tinySpacing

    Accessible.role: Accessible.Grouping
    Accessible.name: accessiblePrefix

    function reasonFor(value) {
        if (serverDefault)
            return qsTr("The server's default level applies: Facet sends it no detail level")
        return (modelLevels.length === 0 || modelLevels.indexOf(value) >= 0)
                ? qsTr("Up to %1 image tokens per image").arg(value)
                : qsTr("Not available: the loaded model was compiled for %1 only").arg(modelLevels.join(", "))
    }

    Repeater {
        model: Labels.detailLevels
        delegate: Item {
            id: cell
            required property int modelData
            implicitWidth: button.implicitWidth
            implicitHeight: button.implicitHeight
            Button {
                id: button
                anchors.fill: parent
                objectName: "level" + cell.modelData
                text: Labels.levelNames[cell.modelData] + " " + cell.modelData
                checkable: true
                checked: picker.level === cell.modelData
                enabled: !picker.serverDefault
                         && (picker.modelLevels.length === 0 || picker.modelLevels.indexOf(cell.modelData) >= 0)
                flat: !checked
                font.pointSize: Theme.smallFontSize
                Accessible.name: picker.accessiblePrefix + " " + Labels.levelNames[cell.modelData] + " (" + cell.modelData + ")"
                Accessible.description: picker.reasonFor(cell.modelData)
                onClicked: {
                    picker.level = cell.modelData
                    // A click toggles `checked` by hand, which ends its binding: bring it back,
                    // so a level set from outside later (a new model) still shows.
                    checked = Qt.binding(() => picker.level === cell.modelData)
                    picker.picked(cell.modelData)
                }
            }
            // A disabled button gets no hover, so the tooltip with the reason hangs off this area.
            MouseArea {
                id: hover
                anchors.fill: parent
                hoverEnabled: true
                acceptedButtons: Qt.NoButton
            }
            ToolTip.visible: hover.containsMouse
            ToolTip.delay: 400
            ToolTip.text: picker.reasonFor(cell.modelData)
        }
    }
    Label {
        objectName: "serverDefaultLabel"
        visible: picker.serverDefault
        //: After the greyed level buttons: the server decides the level (no level is sent).
        text: qsTr("Server default")
        color: Theme.mutedText
        font.pointSize: Theme.smallFontSize
    }
}
