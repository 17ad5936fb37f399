import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Settings → Servers (issue #57): the servers connected to before, newest first, as
// ServerConnection remembers them (QSettings `server/…`; each key stays in the system keyring):
// the URL and the model, the one used last marked, Connect (with its key from the keyring) and
// Remove (the server, its key and password). New servers come from "Connect to a server…".
ColumnLayout {
    id: section
    required property ServerConnection connection
    // Runs a connect: Main.qml asks "Stop the reply and switch?" first while a reply is written.
    property var switchModel: (connect) => connect()
    signal addRequested()
    spacing: Theme.mediumSpacing

    Label {
        Layout.fillWidth: true
        visible: section.connection.servers.length === 0
        wrapMode: Text.Wrap
        color: Theme.mutedText
        text: qsTr("No server yet: the servers you connect to are listed here.")
    }

    Repeater {
        model: section.connection.servers
        delegate: Rectangle {
            id: row
            required property var modelData
            required property int index
            objectName: "server" + index
            Layout.fillWidth: true
            implicitHeight: rowLayout.implicitHeight + Theme.largeSpacing * 2
            radius: Theme.smallRadius
            color: modelData.inUse ? Theme.selection : Theme.replyBubble
            border.color: Theme.border
            border.width: Theme.hairline
            Accessible.role: Accessible.ListItem
            Accessible.name: modelData.url
            RowLayout {
                id: rowLayout
                anchors.fill: parent
                anchors.margins: Theme.largeSpacing
                spacing: Theme.largeSpacing
                ColumnLayout {
                    Layout.fillWidth: true
                    spacing: Theme.tinySpacing
                    Label {
                        objectName: "serverUrl"
                        Layout.fillWidth: true
                        text: row.modelData.url
                        font.bold: row.modelData.last
                        elide: Text.ElideMiddle
                        color: Theme.text
                    }
                    Label {
                        objectName: "serverState"
                        Layout.fillWidth: true
                        elide: Text.ElideRight
                        font.pointSize: Theme.smallFontSize
                        color: Theme.mutedText
                        //: Under a remembered server's URL: its model, and whether it is the one in use or used last.
                        text: row.modelData.inUse ? qsTr("%1 · in use").arg(row.modelData.model)
                              : row.modelData.last ? qsTr("%1 · used last").arg(row.modelData.model)
                              : row.modelData.model
                    }
                }
                Button {
                    objectName: "connectServer"
                    text: qsTr("Connect")
                    enabled: !row.modelData.inUse && !section.connection.connecting
                    Accessible.name: qsTr("Connect to %1").arg(row.modelData.url)
                    onClicked: {
                        const url = row.modelData.url
                        section.switchModel(() => section.connection.connectRemembered(url))
                    }
                }
                Button {
                    objectName: "removeServer"
                    text: qsTr("Remove")
                    Accessible.name: qsTr("Remove %1 and its key").arg(row.modelData.url)
                    ToolTip.visible: hovered
                    ToolTip.delay: 500
                    ToolTip.text: qsTr("Forget this server, and its API key in the system keyring")
                    onClicked: section.connection.forgetServer(row.modelData.url)
                }
            }
        }
    }

    Label {
        objectName: "serversProblem"
        Layout.fillWidth: true
        visible: text.length > 0
        wrapMode: Text.Wrap
        color: section.connection.connecting ? Theme.mutedText : Theme.error
        text: section.connection.connecting ? qsTr("Connecting…") : section.connection.connectError
    }
    Button {
        objectName: "addServer"
        text: qsTr("Connect to a server…")
        Accessible.name: qsTr("Connect to another server")
        onClicked: section.addRequested()
    }
    Item { Layout.fillHeight: true }
}
