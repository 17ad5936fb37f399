import QtQuick
import QtQuick.Controls

// A small text button with a tooltip; `label` is also its accessible name.
ToolButton {
    id: control
    property string label
    property string tip: label
    // A click hides the tip until the pointer leaves: a dialog the button opens takes the
    // hover events, so `hovered` stays true and the tip used to stay on screen after it closed.
    property bool tipAllowed: true
    Accessible.name: label
    ToolTip.visible: hovered && tipAllowed && tip.length > 0
    ToolTip.text: tip
    ToolTip.delay: 500
    focusPolicy: Qt.TabFocus
    onPressed: tipAllowed = false
    onHoveredChanged: if (!hovered) tipAllowed = true
}
