import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// "What the model sees": the image resized exactly as the model receives it at this level, with
// one grid cell per soft token (48×48 pixels: 16-pixel patches pooled 3×3).
Dialog {
    id: dialog
    property string path
    property string name
    property int level: Labels.defaultDetailLevel
    property int tokens: 0
    property int imageWidth: 0
    property int imageHeight: 0
    title: qsTr("What the model sees — %1").arg(name)
    modal: true
    standardButtons: Dialog.Close
    anchors.centerIn: Overlay.overlay
    width: Math.min(parent ? parent.width * 0.9 : 900, 1000)
    height: Math.min(parent ? parent.height * 0.9 : 800, 900)

    ColumnLayout {
        anchors.fill: parent
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: Theme.text
            text: qsTr("%1 (%2): %L3 soft tokens. Original %4×%5, model input %6×%7; each cell is one soft token.")
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
            smooth: false
            source: dialog.visible && dialog.path ? ImageUrls.seen(dialog.level, dialog.path) : ""
            Accessible.role: Accessible.Graphic
            Accessible.name: qsTr("Resized image with the soft-token grid")
            BusyIndicator { anchors.centerIn: parent; running: seen.status === Image.Loading }
            Label {
                anchors.centerIn: parent
                visible: seen.status === Image.Error
                text: qsTr("The image could not be prepared")
                color: Theme.error
            }
        }
    }
}
