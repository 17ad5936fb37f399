import QtQuick
import QtQuick.Controls
import Facet.Ui

// A tool button with an icon (`iconName`: a name from resources/icons/lucide, without .svg) or a short
// text, and a tooltip; `label` is also its accessible name, so an icon-only button is announced.
ToolButton {
    id: control
    property string label
    property string tip: label
    property string iconName
    // A click hides the tip until the pointer leaves: a dialog the button opens takes the
    // hover events, so `hovered` stays true and the tip used to stay on screen after it closed.
    property bool tipAllowed: true
    Accessible.name: label
    ToolTip.visible: hovered && tipAllowed && tip.length > 0
    ToolTip.text: tip
    ToolTip.delay: 500
    focusPolicy: Qt.TabFocus
    // The SVGs draw in black; Qt's IconImage fills their shape with icon.color (a SourceIn
    // composition, QQuickColorImage::pixmapChange), so the icon takes the button text's colour of
    // the palette: the theme's, and its disabled group when the button is disabled.
    icon.source: iconName.length > 0 ? "qrc:/icons/" + iconName + ".svg" : ""
    icon.color: palette.buttonText
    icon.width: Theme.gridUnit
    icon.height: Theme.gridUnit
    onPressed: tipAllowed = false
    onHoveredChanged: if (!hovered) tipAllowed = true
}
