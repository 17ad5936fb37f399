import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// "‹ 2/3 ›" on a message that has other versions (an edited message, a regenerated reply): moves
// between the branches of the conversation at this point. Hidden when there is only one version.
RowLayout {
    id: switcher
    required property int row
    required property int index // 0-based
    required property int count
    // False while a reply streams: versions cannot change under it.
    required property bool canSwitch
    signal switchRequested(int row, int index)
    objectName: "branchSwitcher"
    visible: count > 1
    spacing: 0
    Accessible.role: Accessible.Grouping
    Accessible.name: qsTr("Version %1 of %2").arg(index + 1).arg(count)

    IconButton {
        objectName: "branchPrevious"
        iconName: "chevron-left"
        enabled: switcher.index > 0 && switcher.canSwitch
        label: qsTr("Previous version")
        onClicked: switcher.switchRequested(switcher.row, switcher.index - 1)
    }
    Label {
        objectName: "branchLabel"
        text: qsTr("%1/%2").arg(switcher.index + 1).arg(switcher.count)
        color: Theme.mutedText
        font.pointSize: Theme.smallFontSize
        Accessible.role: Accessible.StaticText
        Accessible.name: switcher.Accessible.name
    }
    IconButton {
        objectName: "branchNext"
        iconName: "chevron-right"
        enabled: switcher.index < switcher.count - 1 && switcher.canSwitch
        label: qsTr("Next version")
        onClicked: switcher.switchRequested(switcher.row, switcher.index + 1)
    }
}
