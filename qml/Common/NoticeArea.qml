import QtQuick
import QtQml.Models
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Messages for the user (a refused file, a conversation that could not be read, an export):
// each stays until dismissed or for 12 seconds; nothing else on screen is lost.
ColumnLayout {
    id: area
    spacing: 4

    function show(message) { notices.append({ message: message }) }

    ListModel { id: notices }

    Repeater {
        model: notices
        delegate: Pane {
            id: notice
            required property int index
            required property string message
            Layout.fillWidth: true
            padding: 6
            background: Rectangle { color: Theme.replyBubble; border.color: Theme.warning; radius: Theme.radius }
            Accessible.role: Accessible.AlertMessage
            Accessible.name: message
            RowLayout {
                anchors.fill: parent
                Label {
                    Layout.fillWidth: true
                    text: notice.message
                    wrapMode: Text.Wrap
                    color: Theme.text
                }
                IconButton {
                    iconName: "x"
                    label: qsTr("Dismiss message")
                    onClicked: notices.remove(notice.index)
                }
            }
            Timer { running: true; interval: 12000; onTriggered: notices.remove(notice.index) }
        }
    }
}
