import QtQuick
import QtQuick.Controls

// A small text button with a tooltip; `label` is also its accessible name.
ToolButton {
    id: control
    property string label
    property string tip: label
    Accessible.name: label
    ToolTip.visible: hovered && tip.length > 0
    ToolTip.text: tip
    ToolTip.delay: 500
    focusPolicy: Qt.TabFocus
}
