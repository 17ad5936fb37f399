import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Compare levels…: which detail levels to run the message at, 2 to 5 of the compiled ones (all
// of them at first). Each runs after the other with the same seed, so the answers differ only
// by how the images were seen.
Dialog {
    id: dialog
    objectName: "compareLevelsDialog"
    required property CompareSession compare
    // The levels the user ticked, ascending (read when accepted).
    property var levels: []
    // The compiled levels offered (taken when the dialog opens).
    property var offered: []
    readonly property string problem: compare.levelsProblem(levels)
    signal compareRequested(var levels)
    title: qsTr("Compare detail levels")
    modal: true
    anchors.centerIn: Overlay.overlay
    width: Math.min(parent ? parent.width * 0.9 : 520, 520)

    function openWithDefaults() {
        offered = compare.defaultLevels()
        levels = offered
        open()
    }
    // The "Try it" example that shows why levels matter: only `chosen` ticked.
    function openWith(chosen) {
        offered = compare.defaultLevels()
        levels = chosen.filter(l => offered.indexOf(l) >= 0).sort((a, b) => a - b)
        open()
    }
    function toggle(level, on) {
        const next = levels.filter(l => l !== level)
        if (on)
            next.push(level)
        next.sort((a, b) => a - b)
        levels = next
    }
    function run() {
        if (problem.length > 0)
            return
        close()
        compareRequested(levels)
    }

    ColumnLayout {
        anchors.left: parent.left
        anchors.right: parent.right
        spacing: Theme.largeSpacing
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: Theme.text
            text: qsTr("The message runs once per level, one after another, with the same seed; the answers appear side by side.")
        }
        Flow {
            Layout.fillWidth: true
            spacing: Theme.largeSpacing
            Repeater {
                id: levelBoxes
                model: dialog.offered
                delegate: CheckBox {
                    required property int modelData
                    objectName: "compareLevel" + modelData
                    text: Labels.detailLevelName(modelData) + " " + modelData
                    checked: dialog.levels.indexOf(modelData) >= 0
                    Accessible.name: qsTr("Compare at detail level %1 (%2)").arg(Labels.detailLevelName(modelData)).arg(modelData)
                    onToggled: dialog.toggle(modelData, checked)
                    Keys.onReturnPressed: dialog.run()
                    Keys.onEnterPressed: dialog.run()
                }
            }
        }
        Label {
            objectName: "compareLevelsProblem"
            Layout.fillWidth: true
            visible: dialog.problem.length > 0
            text: dialog.problem
            wrapMode: Text.Wrap
            color: Theme.error
            Accessible.role: Accessible.AlertMessage
            Accessible.name: text
        }
    }

    footer: DialogButtonBox {
        Button {
            objectName: "compareStartButton"
            text: qsTr("Compare")
            enabled: dialog.problem.length === 0
            highlighted: true
            Accessible.name: qsTr("Compare the message at the chosen levels")
            onClicked: dialog.run()
        }
        Button {
            objectName: "compareCancelButton"
            text: qsTr("Cancel")
            Accessible.name: qsTr("Cancel the comparison")
            onClicked: dialog.close()
        }
    }
    onOpened: {
        const first = levelBoxes.itemAt(0)
        if (first)
            first.forceActiveFocus(Qt.TabFocusReason)
    }
}
