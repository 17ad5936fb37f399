import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import Facet.Ui

// Sweep…: which detail level do these images need? Images (files or folders), questions (one a
// line) and levels in; the table fills in as each run ends (a row per image and question, a
// column per level, a cell marked where it disagrees with the highest level), the per-level
// summary as bars, the recommendation, Stop and Resume, and the folder with the HTML report.
// Everything runs on the engine worker and a thread pool (Sweep/sweepsession.h).
Dialog {
    id: dialog
    objectName: "sweepDialog"
    required property SweepSession sweep
    // Files and folders chosen (file URLs or paths).
    property var inputs: []
    property var levels: []
    property var offered: []
    property string outFolder: ""
    readonly property string problem: sweep.startProblem(inputs, questions.text, levels)
    title: qsTr("Sweep detail levels")
    modal: true
    anchors.centerIn: Overlay.overlay
    width: parent ? parent.width * 0.94 : 1000
    height: parent ? parent.height * 0.92 : 700
    padding: Theme.wideSpacing

    function openFresh() {
        offered = sweep.defaultLevels()
        if (!sweep.busy && sweep.summary.length === 0) {
            if (sweep.lastInputs.length > 0) {
                inputs = sweep.lastInputs
                questions.text = sweep.lastQuestions
                levels = dialog.offered.filter(l => sweep.lastLevels.indexOf(l) >= 0)
            } else {
                levels = offered
            }
        }
        if (levels.length === 0)
            levels = offered
        if (outFolder.length === 0 || !sweep.canResume)
            outFolder = sweep.newOutFolder()
        open()
    }
    function toggle(level, on) {
        const next = levels.filter(l => l !== level)
        if (on)
            next.push(level)
        next.sort((a, b) => a - b)
        levels = next
    }
    function addInputs(urls) {
        const next = inputs.slice()
        for (let i = 0; i < urls.length; ++i) {
            const u = urls[i].toString()
            if (next.indexOf(u) < 0)
                next.push(u)
        }
        inputs = next
    }
    function displayName(input) {
        const s = decodeURIComponent(input.toString().replace(/^file:\/\//, ""))
        const parts = s.split("/")
        return parts[parts.length - 1] || s
    }
    function startSweep() {
        if (problem.length > 0)
            return
        sweep.start(inputs, questions.text, levels, outFolder)
    }

    // Several at once, as the composer's Attach… (ImagePickerDialog.qml).
    ImagePickerDialog {
        id: imageFiles
        title: qsTr("Images to sweep")
        acceptLabel: qsTr("Add %n image(s)", "", selectedCount)
        onPicked: (urls) => dialog.addInputs(urls)
    }
    ShownFolderDialog {
        id: imageFolder
        title: qsTr("A folder of images (searched with its subfolders)")
        onAccepted: dialog.addInputs([currentFolder])
    }
    ShownFolderDialog {
        id: outChooser
        title: qsTr("Where the sweep's files go")
        onAccepted: dialog.outFolder = decodeURIComponent(String(currentFolder).replace(/^file:\/\//, ""))
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.largeSpacing

        // What to sweep: off while a sweep runs.
        GridLayout {
            Layout.fillWidth: true
            columns: 2
            columnSpacing: Theme.largeSpacing
            rowSpacing: Theme.mediumSpacing
            enabled: !dialog.sweep.busy

            Label { text: qsTr("Images"); color: Theme.text }
            RowLayout {
                Layout.fillWidth: true
                Label {
                    objectName: "sweepInputs"
                    Layout.fillWidth: true
                    elide: Text.ElideRight
                    color: dialog.inputs.length > 0 ? Theme.text : Theme.mutedText
                    text: dialog.inputs.length > 0
                          ? dialog.inputs.map(i => dialog.displayName(i)).join(", ")
                          : qsTr("No images chosen")
                }
                Button {
                    objectName: "sweepAddImages"
                    text: qsTr("Add images…")
                    Accessible.name: qsTr("Add image files to the sweep")
                    onClicked: imageFiles.open()
                }
                Button {
                    text: qsTr("Add folder…")
                    Accessible.name: qsTr("Add a folder of images to the sweep")
                    onClicked: imageFolder.open()
                }
                Button {
                    text: qsTr("Clear")
                    enabled: dialog.inputs.length > 0
                    Accessible.name: qsTr("Remove the chosen images")
                    onClicked: dialog.inputs = []
                }
            }

            Label { text: qsTr("Questions"); color: Theme.text; Layout.alignment: Qt.AlignTop }
            ScrollView {
                Layout.fillWidth: true
                Layout.preferredHeight: 56
                TextArea {
                    id: questions
                    objectName: "sweepQuestions"
                    placeholderText: qsTr("One question a line, asked about every image")
                    wrapMode: TextEdit.Wrap
                    Accessible.name: qsTr("Questions, one a line")
                }
            }

            Label { text: qsTr("Levels"); color: Theme.text }
            Flow {
                Layout.fillWidth: true
                spacing: Theme.largeSpacing
                Repeater {
                    model: dialog.offered
                    delegate: CheckBox {
                        required property int modelData
                        objectName: "sweepLevel" + modelData
                        text: Labels.detailLevelName(modelData) + " " + modelData
                        checked: dialog.levels.indexOf(modelData) >= 0
                        Accessible.name: qsTr("Sweep detail level %1 (%2)").arg(Labels.detailLevelName(modelData)).arg(modelData)
                        onToggled: dialog.toggle(modelData, checked)
                    }
                }
            }

            Label { text: qsTr("Save in"); color: Theme.text }
            RowLayout {
                Layout.fillWidth: true
                TextField {
                    objectName: "sweepOutFolder"
                    Layout.fillWidth: true
                    text: dialog.outFolder
                    onEditingFinished: dialog.outFolder = text
                    Accessible.name: qsTr("Folder for the sweep's files")
                }
                Button {
                    text: qsTr("Choose…")
                    Accessible.name: qsTr("Choose the folder for the sweep's files")
                    onClicked: outChooser.open()
                }
            }
        }

        RowLayout {
            Layout.fillWidth: true
            Button {
                objectName: "sweepStartButton"
                text: qsTr("Start")
                highlighted: true
                visible: !dialog.sweep.busy
                enabled: dialog.problem.length === 0 && dialog.outFolder.length > 0
                Accessible.name: qsTr("Start the sweep")
                onClicked: dialog.startSweep()
            }
            Button {
                objectName: "sweepResumeButton"
                text: qsTr("Resume")
                visible: !dialog.sweep.busy && dialog.sweep.canResume
                Accessible.name: qsTr("Go on with the last sweep where it stopped")
                onClicked: dialog.sweep.resume()
            }
            Button {
                objectName: "sweepStopButton"
                text: qsTr("Stop")
                visible: dialog.sweep.busy
                Accessible.name: qsTr("Stop the sweep (the runs that ended are kept)")
                onClicked: dialog.sweep.stop()
            }
            Button {
                objectName: "sweepOpenReportButton"
                text: qsTr("Open report folder")
                enabled: dialog.sweep.reportReady
                Accessible.name: qsTr("Open the folder with report.html")
                onClicked: dialog.sweep.openOutFolder()
            }
            Label {
                objectName: "sweepProblem"
                Layout.fillWidth: true
                visible: !dialog.sweep.busy && dialog.problem.length > 0
                text: dialog.problem
                elide: Text.ElideRight
                color: Theme.error
            }
            Item { Layout.fillWidth: true; visible: !(!dialog.sweep.busy && dialog.problem.length > 0) }
            Button {
                text: qsTr("Close")
                Accessible.name: qsTr("Close the sweep window (a running sweep goes on)")
                onClicked: dialog.close()
            }
        }

        // Progress: n of N runs and the image now running.
        ColumnLayout {
            Layout.fillWidth: true
            visible: dialog.sweep.total > 0 || dialog.sweep.status.length > 0
            ProgressBar {
                objectName: "sweepProgress"
                Layout.fillWidth: true
                from: 0
                to: Math.max(1, dialog.sweep.total)
                value: dialog.sweep.done
                indeterminate: dialog.sweep.busy && dialog.sweep.total === 0
            }
            Label {
                objectName: "sweepStatus"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                color: Theme.text
                text: dialog.sweep.running
                      ? qsTr("%1 of %2 runs — %3").arg(dialog.sweep.done).arg(dialog.sweep.total).arg(dialog.sweep.currentImage)
                      : dialog.sweep.status
            }
            Label {
                Layout.fillWidth: true
                visible: dialog.sweep.skippedText.length > 0
                wrapMode: Text.Wrap
                color: Theme.warning
                text: qsTr("Skipped: %1").arg(dialog.sweep.skippedText)
            }
        }

        // The per-level summary: agreement with the reference as a bar, TTFT and image tokens.
        ColumnLayout {
            Layout.fillWidth: true
            visible: dialog.sweep.summary.length > 0
            spacing: Theme.tinySpacing
            Repeater {
                model: dialog.sweep.summary
                delegate: RowLayout {
                    required property var modelData
                    Layout.fillWidth: true
                    spacing: Theme.largeSpacing
                    Label {
                        Layout.preferredWidth: 90
                        text: modelData.level + (modelData.reference ? qsTr(" (ref)") : "")
                        font.bold: modelData.recommended
                        color: Theme.text
                    }
                    Rectangle {
                        Layout.preferredWidth: 240
                        height: 14
                        radius: Theme.smallRadius
                        color: Theme.replyBubble
                        border.color: Theme.border
                        Rectangle {
                            width: parent.width * (modelData.compared > 0 ? modelData.agreement : 0)
                            height: parent.height
                            radius: Theme.smallRadius
                            color: modelData.recommended ? Theme.accent : Theme.mutedText
                        }
                    }
                    Label {
                        Layout.fillWidth: true
                        color: Theme.text
                        elide: Text.ElideRight
                        text: (modelData.reference
                               ? qsTr("reference")
                               : modelData.compared > 0
                               ? qsTr("%L1 % agree (%2 of %3)").arg((modelData.agreement * 100).toFixed(1)).arg(modelData.agreeing).arg(modelData.compared)
                               : qsTr("nothing compared yet"))
                              + " · " + qsTr("first token %L1 ms").arg(Math.round(modelData.medianTtftMs))
                              + " · " + qsTr("%L1 image tokens").arg(Math.round(modelData.meanImageTokens))
                              + (modelData.errors > 0 ? " · " + qsTr("%1 failed").arg(modelData.errors) : "")
                    }
                }
            }
            Label {
                objectName: "sweepRecommendation"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                font.bold: true
                color: Theme.text
                text: dialog.sweep.recommendation
            }
        }

        // The table: a row per image and question, a cell per level.
        ListView {
            id: table
            objectName: "sweepTable"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            spacing: Theme.smallSpacing
            model: dialog.sweep.runs
            ScrollBar.vertical: ScrollBar {}
            delegate: Rectangle {
                id: row
                required property url imageUrl
                required property string fileName
                required property string question
                required property var cells
                required property bool disagrees
                width: table.width - 12
                height: 64
                radius: Theme.smallRadius
                color: Theme.replyBubble
                border.color: row.disagrees ? Theme.warning : Theme.border
                RowLayout {
                    anchors.fill: parent
                    anchors.margins: Theme.smallSpacing
                    spacing: Theme.mediumSpacing
                    Image {
                        Layout.preferredWidth: 56
                        Layout.preferredHeight: 56
                        source: row.imageUrl
                        sourceSize.width: 112
                        sourceSize.height: 112
                        fillMode: Image.PreserveAspectFit
                        asynchronous: true
                    }
                    // A fixed width: the level cells share the rest.
                    ColumnLayout {
                        Layout.fillWidth: false
                        Layout.preferredWidth: 200
                        Layout.maximumWidth: 200
                        spacing: 0
                        Label { Layout.fillWidth: true; text: row.fileName; elide: Text.ElideMiddle; color: Theme.text }
                        Label { Layout.fillWidth: true; text: row.question; elide: Text.ElideRight; color: Theme.mutedText }
                    }
                    Repeater {
                        model: row.cells
                        delegate: Rectangle {
                            required property var modelData
                            Layout.fillWidth: true
                            Layout.preferredWidth: 100
                            Layout.fillHeight: true
                            radius: Theme.smallRadius
                            color: modelData.agrees === 0 ? Theme.diffHighlight : Theme.window
                            border.color: modelData.state === "running" ? Theme.accent : Theme.border
                            Accessible.role: Accessible.Cell
                            Accessible.name: modelData.level + ": " + text.text
                            Label {
                                id: text
                                anchors.fill: parent
                                anchors.margins: Theme.tinySpacing
                                wrapMode: Text.Wrap
                                elide: Text.ElideRight
                                maximumLineCount: 3
                                font.pointSize: Theme.smallFontSize
                                color: modelData.state === "done" ? Theme.text : Theme.mutedText
                                text: modelData.state === "done"
                                      ? (modelData.agrees === 0 ? "≠ " : modelData.agrees === 1 ? "= " : "") + modelData.answer
                                      : modelData.state === "running" ? qsTr("%1: running…").arg(modelData.level)
                                      : modelData.state === "failed" || modelData.state === "skipped" ? modelData.error
                                      : qsTr("%1: waiting").arg(modelData.level)
                            }
                        }
                    }
                }
            }
        }
    }

    Connections {
        target: dialog.sweep
        function onNotice(message) { noticeLabel.text = message }
    }
    footer: Label {
        id: noticeLabel
        objectName: "sweepNotice"
        visible: text.length > 0
        padding: Theme.largeSpacing
        wrapMode: Text.Wrap
        color: Theme.error
    }
}
