import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Help → About Facet (issue #57): the version, the Qt it runs on, the runtime the model in use
// runs on, and the licences of everything Facet carries (NOTICE, from the resources).
Dialog {
    id: about
    objectName: "aboutDialog"
    required property ModelLoader model
    required property ServerSession server
    title: qsTr("About Facet")
    modal: true
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(Theme.gridUnit * 40, (parent ? parent.width : Theme.gridUnit * 40) - Theme.gridUnit * 2)
    height: Math.min(Theme.gridUnit * 34, (parent ? parent.height : Theme.gridUnit * 34) - Theme.gridUnit * 2)
    standardButtons: Dialog.Close

    function runtimeText() {
        const info = about.model.info
        if (!info.loaded)
            return qsTr("no model loaded")
        if (about.server.connected)
            return qsTr("a vLLM server")
        return (info.simulated ? qsTr("built-in simulator") : qsTr("RBLN runtime"))
               + " · " + String(info.runtimeFile).split("/").pop() + " " + info.runtimeVersion
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.largeSpacing
        Label {
            text: "Facet"
            font.pointSize: Theme.headingFontSize
            font.bold: true
            color: Theme.text
        }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: Theme.mutedText
            text: qsTr("Ask Gemma 4 about images on a Rebellions NPU, and compare what each detail level sees.")
        }
        GridLayout {
            columns: 2
            columnSpacing: Theme.wideSpacing
            rowSpacing: Theme.smallSpacing
            Label { text: qsTr("Version"); color: Theme.mutedText }
            Label {
                objectName: "aboutVersion"
                text: AboutInfo.version
                color: Theme.text
            }
            Label {
                text: "Qt"
                color: Theme.mutedText
            }
            Label {
                objectName: "aboutQt"
                text: AboutInfo.qtVersion
                color: Theme.text
            }
            Label { text: qsTr("Runtime"); color: Theme.mutedText }
            Label {
                objectName: "aboutRuntime"
                text: about.runtimeText()
                color: Theme.text
            }
        }
        Label {
            text: qsTr("Licences")
            font.bold: true
            color: Theme.text
        }
        ScrollView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            TextArea {
                objectName: "aboutLicences"
                readOnly: true
                selectByMouse: true
                // NOTICE is wrapped by hand at 100 columns: kept as written, scrolled sideways.
                wrapMode: TextEdit.NoWrap
                font.family: "monospace"
                font.pointSize: Theme.smallFontSize
                text: AboutInfo.notice
                Accessible.name: qsTr("Licences")
            }
        }
    }
}
