import QtQuick
import QtQuick.Controls
import Facet.Ui

// Drop images anywhere on the window: an overlay shows while files are dragged over it.
DropArea {
    id: area
    signal filesDropped(var urls)
    keys: ["text/uri-list"]

    onDropped: (drop) => {
        if (drop.hasUrls) {
            area.filesDropped(drop.urls)
            drop.acceptProposedAction()
        }
    }

    Rectangle {
        anchors.fill: parent
        visible: area.containsDrag
        color: Theme.overlay
        border.color: Theme.accent
        border.width: Theme.focusWidth
        radius: Theme.radius
        Label {
            anchors.centerIn: parent
            text: qsTr("Drop images to attach them")
            font.pointSize: Theme.displayFontSize
            color: Theme.text
        }
    }
}
