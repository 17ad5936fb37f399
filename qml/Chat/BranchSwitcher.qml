import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// "‹ 2/3 ›" on a message that has other versions (an edited message, a regenerated reply): moves
// between the branches of the conversation at this point. Hidden when there is only one version.
RowLayout {
    id: switcher
    property int row: -1
    property int index: 0 // 0-based
    property int count: 1
    objectName: "branchSwitcher"
    visible: count > 1
    spacing: 0
    Accessible.role: Accessible.Grouping
    Accessible.name: qsTr("Version %1 of %2").arg(index + 1).arg(count)

    ToolButton {
        objectName: "branchPrevious"
        text: "‹"
        enabled: switcher.index > 0 && !App.chat.busy
        Accessible.name: qsTr("Previous version")
        onClicked: App.chat.switchBranch(switcher.row, switcher.index - 1)
    }
    Label {
        objectName: "branchLabel"
        text: qsTr("%1/%2").arg(switcher.index + 1).arg(switcher.count)
        color: Theme.mutedText
        font.pixelSize: 12
        Accessible.role: Accessible.StaticText
        Accessible.name: switcher.Accessible.name
    }
    ToolButton {
        objectName: "branchNext"
        text: "›"
        enabled: switcher.index < switcher.count - 1 && !App.chat.busy
        Accessible.name: qsTr("Next version")
        onClicked: App.chat.switchBranch(switcher.row, switcher.index + 1)
    }
}
