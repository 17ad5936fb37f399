import QtQuick
import QtQuick.Controls
import Facet.Ui

// A tool button with an icon (`iconName`: a name from resources/icons/lucide, without .svg) or a short
// text, and a tooltip; `label` is also its accessible name, so an icon-only button is announced.
// `primary`: the window's main action (Send), drawn filled with the accent while it can be used.
ToolButton {
    id: control
    property string label
    property string tip: label
    property string iconName
    property bool primary: false
    // A click hides the tip until the pointer leaves: a dialog the button opens takes the
    // hover events, so `hovered` stays true and the tip used to stay on screen after it closed.
    property bool tipAllowed: true
    Accessible.name: label
    ToolTip.visible: hovered && tipAllowed && tip.length > 0
    ToolTip.text: tip
    ToolTip.delay: 500
    focusPolicy: Qt.TabFocus
    // Qt 6.4's buttons click on Space only (QQuickAbstractButtonPrivate::acceptKeyClick); a
    // header or composer action reached with Tab opens with Enter too, as a desktop button does.
    Keys.onReturnPressed: (event) => { event.accepted = true; control.clicked() }
    Keys.onEnterPressed: (event) => { event.accepted = true; control.clicked() }
    // The SVGs draw in black; Qt's IconImage fills their shape with icon.color (a SourceIn
    // composition, QQuickColorImage::pixmapChange), so the icon takes the button text's colour of
    // the palette: the theme's, and its disabled group when the button is disabled. On the
    // primary button's accent fill it takes `accentInk` (tests/gui/tst_gui_theme.cpp checks both).
    readonly property bool filled: primary && enabled
    icon.source: iconName.length > 0 ? "qrc:/icons/" + iconName + ".svg" : ""
    icon.color: filled ? Theme.accentInk : palette.buttonText
    icon.width: Theme.gridUnit
    icon.height: Theme.gridUnit
    onPressed: tipAllowed = false
    onHoveredChanged: if (!hovered) tipAllowed = true

    // Fusion's panel for the others; the primary one, while enabled, an accent fill (a step
    // stronger under the pointer or pressed). From the keyboard it gets the views' `focus` frame
    // around it with a gap, the fill shrinking inside: a frame on the fill itself would not show
    // (`focus` is the accent) or read as a smaller button. Disabled, it is drawn as the other
    // tool buttons are, so "cannot send yet" reads at a glance.
    Item {
        objectName: "primaryFill"
        anchors.fill: parent
        z: -1 // under the icon, as the background is
        visible: control.filled
        Rectangle {
            anchors.fill: parent
            visible: control.visualFocus
            color: "transparent"
            radius: Theme.smallRadius
            border.width: Theme.focusWidth
            border.color: Theme.focus
        }
        Rectangle {
            anchors.fill: parent
            anchors.margins: control.visualFocus ? Theme.focusWidth + Theme.hairline : 0
            radius: Theme.smallRadius
            color: control.down || control.hovered ? Theme.accentStrong : Theme.accent
        }
    }
    Binding { target: control.background; property: "visible"; value: false; when: control.filled }
}
