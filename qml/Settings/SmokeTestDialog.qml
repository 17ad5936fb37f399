import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import QtQml.Models
import Facet.Ui

// Help → Run smoke test…: the install check of `facet-cli smoke-test` on the loaded model's
// folder and device, run on the engine's worker thread. Each step shows as it runs, then
// passes or fails with its time and exact error; the JSON report and a screenshot of this
// checklist can be saved to a folder.
Dialog {
    id: dialog
    objectName: "smokeTestDialog"
    required property EngineClient engine
    property var report: ({})
    property bool finished: false
    signal notice(string message)
    title: qsTr("Smoke test of the NPU install")
    modal: true
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(760, (parent ? parent.width : 760) - 40)
    height: Math.min(560, (parent ? parent.height : 560) - 40)
    closePolicy: engine.smokeTest.running ? Popup.NoAutoClose : Popup.CloseOnEscape

    function start() {
        steps.clear()
        report = ({})
        finished = false
        open()
        if (!engine.smokeTest.run())
            notice(qsTr("The smoke test needs a loaded model and no reply running."))
    }

    ListModel { id: steps }

    Connections {
        target: dialog.engine.smokeTest
        function onStep(index, count, step, done) {
            const row = { title: Labels.smokeStepTitle(step.id, step.title), status: done ? step.status : "running",
                          ms: step.ms, message: step.message, details: (step.details || []).join("\n") }
            if (index < steps.count)
                steps.set(index, row)
            else
                steps.append(row)
        }
        function onFinished(report) {
            dialog.report = report
            dialog.finished = true
        }
    }

    // The report and a screenshot go into the folder the dialog shows: Qt 6.4's non-native
    // FolderDialog sets selectedFolder to the highlighted subfolder (the first one on entering a
    // folder: QQuickFolderDialogImplPrivate::updateSelectedFolder, qt/qtdeclarative
    // src/quickdialogs2/quickdialogs2quickimpl/qquickfolderdialogimpl.cpp, v6.4.2).
    property alias saveFolderDialog: saveFolder
    ShownFolderDialog {
        id: saveFolder
        title: qsTr("Save the smoke-test report in")
        onAccepted: {
            // A Popup has no window of its own: its content item's is the one to grab.
            const written = saver.save(currentFolder, dialog.report, dialog.contentItem.Window.window)
            // Only what was written; what was not, with its reason.
            if (written.length === 0)
                dialog.notice(qsTr("Report not saved: %1").arg(saver.error))
            else if (written.length === 1)
                dialog.notice(qsTr("Smoke-test report saved: %1 (no screenshot: %2)").arg(written[0]).arg(saver.error))
            else
                dialog.notice(qsTr("Smoke-test report saved: %1 and %2").arg(written[0]).arg(written[1]))
        }
    }
    SmokeReportSaver { id: saver }

    ColumnLayout {
        anchors.fill: parent
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            text: qsTr("Checks the loaded model's folder on its device: runtime, graphs, their inputs and outputs, the vision tower at every level, generation, repeatability and Stop. The model is unloaded while it runs.")
            color: Theme.mutedText
        }
        ListView {
            id: list
            objectName: "smokeSteps"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: steps
            spacing: Theme.smallSpacing
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Smoke-test steps")
            ScrollBar.vertical: ScrollBar {}
            delegate: ColumnLayout {
                id: row
                required property string title
                required property string status
                required property double ms
                required property string message
                required property string details
                width: list.width - 12
                RowLayout {
                    Label {
                        text: row.status === "pass" ? "✔" : row.status === "fail" ? "✘"
                              : row.status === "skipped" ? "–" : "…"
                        color: row.status === "fail" ? Theme.error : Theme.text
                        font.bold: true
                    }
                    Label {
                        Layout.fillWidth: true
                        text: row.title
                        color: Theme.text
                        elide: Text.ElideRight
                    }
                    Label {
                        text: row.status === "running" ? Labels.smokeStepStatus(row.status)
                              : qsTr("%1 · %L2 ms").arg(Labels.smokeStepStatus(row.status)).arg(Math.round(row.ms))
                        color: Theme.mutedText
                    }
                }
                TextEdit {
                    Layout.fillWidth: true
                    visible: text.length > 0
                    readOnly: true
                    selectByMouse: true
                    wrapMode: TextEdit.Wrap
                    text: row.message + (row.details.length > 0 ? "\n" + row.details : "")
                    color: row.status === "fail" ? Theme.error : Theme.mutedText
                    font.pointSize: Theme.smallFontSize
                }
                Accessible.role: Accessible.ListItem
                Accessible.name: qsTr("%1: %2").arg(row.title).arg(Labels.smokeStepStatus(row.status))
                Accessible.description: row.message
            }
        }
        Label {
            objectName: "smokeResult"
            Layout.fillWidth: true
            visible: dialog.finished
            font.bold: true
            color: dialog.report.passed ? Theme.text : Theme.error
            text: dialog.report.passed ? qsTr("All checks passed.") : qsTr("Some checks failed: see the steps marked ✘.")
            Accessible.name: qsTr("Smoke-test result")
            Accessible.description: text
        }
        RowLayout {
            Layout.alignment: Qt.AlignRight
            Button {
                visible: dialog.engine.smokeTest.running
                text: qsTr("Stop")
                Accessible.name: qsTr("Stop the smoke test")
                onClicked: dialog.engine.smokeTest.stop()
            }
            Button {
                objectName: "smokeSave"
                enabled: dialog.finished
                text: qsTr("Save report…")
                Accessible.name: qsTr("Save the smoke-test report and a screenshot")
                onClicked: saveFolder.open()
            }
            Button {
                enabled: !dialog.engine.smokeTest.running
                text: qsTr("Close")
                Accessible.name: qsTr("Close the smoke test")
                onClicked: dialog.close()
            }
        }
    }
}
