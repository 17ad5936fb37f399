import QtQuick
import QtQuick.Controls
import QtQuick.Controls.impl
import QtQuick.Controls.Fusion.impl
import QtQuick.Layouts
import QtQuick.Templates as T
import Facet.Ui

// The detail level (image-token budget) for a message: five buttons, Minimal 70 … Maximum 1120.
// Levels the loaded model was not compiled for are disabled, with the reason in the tooltip.
//
// One Tab stop for the whole row, as a group of radio buttons is (issue #57: "one Tab stop per
// control"): Tab reaches the selected level only, Left/Right (and Up/Down) pick the level
// before or after it (Left/Right as drawn, so mirrored in a right-to-left layout), Home/End the first or last one, skipping the unavailable ones. Each
// button on its own took the focus from Tab, five stops for one choice. SectionTabButton.qml
// does the same for Settings' tabs.
RowLayout {
    id: picker
    property int level: Labels.defaultDetailLevel
    property var modelLevels: []      // empty: no model loaded, all five enabled
    // A server that is sent no level: its own default applies, every button is off.
    property bool serverDefault: false
    property string accessiblePrefix: qsTr("Detail level")
    signal picked(int level)
    spacing: Theme.tinySpacing

    Accessible.role: Accessible.Grouping
    Accessible.name: accessiblePrefix

    function available(value) {
        return !serverDefault && (modelLevels.length === 0 || modelLevels.indexOf(value) >= 0)
    }

    // The level Tab stops on: the selected one, or where that is not available (a model
    // without it, before the level follows the model), the first one that is; -1: none is.
    readonly property int tabLevel: {
        if (available(level))
            return level
        for (const value of Labels.detailLevels)
            if (available(value))
                return value
        return -1
    }

    function reasonFor(value) {
        if (serverDefault)
            return qsTr("The server's default level applies: Facet sends it no detail level")
        return available(value)
                ? qsTr("Up to %1 image tokens per image").arg(value)
                : qsTr("Not available: the loaded model was compiled for %1 only").arg(modelLevels.join(", "))
    }

    // Where `value` stands in Labels.detailLevels, or -1. A loop: that property is a C++ list,
    // on which qmllint (Qt 6.4) refuses indexOf ("Type is a list").
    function levelIndex(value) {
        const levels = Labels.detailLevels
        for (let i = 0; i < levels.length; ++i) {
            if (levels[i] === value)
                return i
        }
        return -1
    }

    // The available level `steps` places from `from` (negative: towards Minimal), or the last
    // available one on the way there; `from` itself when none lies that way.
    function stepFrom(from, steps) {
        const levels = Labels.detailLevels
        let i = levelIndex(from)
        let found = from
        const dir = steps < 0 ? -1 : 1
        for (let left = Math.abs(steps); left > 0; ) {
            i += dir
            if (i < 0 || i >= levels.length)
                break
            if (available(levels[i])) {
                found = levels[i]
                --left
            }
        }
        return found
    }

    // A level chosen with the keyboard: picked as a click picks it, and the focus goes with it.
    // The focus moves first: Qt keeps a focused item's activeFocusOnTab on ("Cannot set
    // activeFocusOnTab to false once item is the active focus item", QQuickItem::
    // setActiveFocusOnTab()), so the old level would have stayed a Tab stop.
    function pickWithKeys(value) {
        if (value === level)
            return
        const target = buttons.itemAt(levelIndex(value))
        if (target)
            target.forceActiveFocus(Qt.OtherFocusReason)
        level = value
        picked(value)
    }

    Repeater {
        id: buttons
        model: Labels.detailLevels
        // A focus scope, so that forceActiveFocus() on the cell (all that qmllint knows of what
        // Repeater.itemAt() returns) gives the focus to its button
        delegate: FocusScope {
            id: cell
            required property int modelData
            implicitWidth: button.implicitWidth
            implicitHeight: button.implicitHeight
            // A radio button drawn as Fusion's Button draws itself (qtdeclarative v6.4.2
            // src/quickcontrols2/fusion/Button.qml: an IconLabel on a ButtonPanel): a
            // screen reader hears "radio button, checked", one choice out of five. A checkable
            // Button cannot say so on Qt 6.4: QQuickControlPrivate::accessibleRole() answers
            // the control's own role (a check box, QQuickAbstractButton::accessibleRole()) and
            // never reads Accessible.role (src/quicktemplates2/qquickcontrol.cpp).
            T.RadioButton {
                id: button
                focus: true
                anchors.fill: parent
                objectName: "level" + cell.modelData
                text: Labels.levelNames[cell.modelData] + " " + cell.modelData
                checked: picker.level === cell.modelData
                enabled: picker.available(cell.modelData)
                // Only the selected level is reached with Tab; a click still focuses any. A
                // focused one stays a Tab stop until the focus leaves it (Qt refuses to take
                // that from the focused item, see pickWithKeys()), e.g. when the level is set
                // from outside (a new model) while it has the focus.
                focusPolicy: picker.tabLevel === cell.modelData || activeFocus ? Qt.StrongFocus : Qt.ClickFocus
                font.pointSize: Theme.smallFontSize
                implicitWidth: Math.max(implicitBackgroundWidth + leftInset + rightInset,
                                        implicitContentWidth + leftPadding + rightPadding)
                implicitHeight: Math.max(implicitBackgroundHeight + topInset + bottomInset,
                                         implicitContentHeight + topPadding + bottomPadding)
                padding: Theme.smallSpacing
                contentItem: IconLabel {
                    text: button.text
                    font: button.font
                    color: button.palette.buttonText
                }
                // Flat (no panel) unless selected, pressed or hovered, as the Buttons were.
                background: ButtonPanel {
                    // Fusion's Button is at least 80 × 24 px (Button.qml): the same at the
                    // default font's 14 px grid unit, larger with a larger font, so the five
                    // labels keep the room they had as Buttons.
                    implicitWidth: Math.floor(Theme.gridUnit * 5.75)
                    implicitHeight: Math.floor(Theme.gridUnit * 1.75)
                    control: button
                    highlighted: false
                    visible: button.checked || button.down || (button.enabled && button.hovered)
                }
                Accessible.role: Accessible.RadioButton
                Accessible.checked: checked
                Accessible.name: picker.accessiblePrefix + " " + Labels.levelNames[cell.modelData] + " (" + cell.modelData + ")"
                Accessible.description: picker.reasonFor(cell.modelData)
                onClicked: {
                    picker.level = cell.modelData
                    // A click checks the button by hand, which ends its binding: bring it back,
                    // so a level set from outside later (a new model) still shows.
                    checked = Qt.binding(() => picker.level === cell.modelData)
                    picker.picked(cell.modelData)
                }
                Keys.onPressed: (event) => {
                    let next = -1
                    // Left and Right follow the row as drawn: mirrored (LayoutMirroring, a
                    // right-to-left layout) Minimal is on the right, so Left moves towards
                    // Maximum. Up and Down keep the order of the levels.
                    const right = picker.LayoutMirroring.enabled ? -1 : 1
                    if (event.key === Qt.Key_Left)
                        next = picker.stepFrom(cell.modelData, -right)
                    else if (event.key === Qt.Key_Right)
                        next = picker.stepFrom(cell.modelData, right)
                    else if (event.key === Qt.Key_Up)
                        next = picker.stepFrom(cell.modelData, -1)
                    else if (event.key === Qt.Key_Down)
                        next = picker.stepFrom(cell.modelData, 1)
                    else if (event.key === Qt.Key_Home)
                        next = picker.stepFrom(cell.modelData, -Labels.detailLevels.length)
                    else if (event.key === Qt.Key_End)
                        next = picker.stepFrom(cell.modelData, Labels.detailLevels.length)
                    else
                        return
                    event.accepted = true
                    picker.pickWithKeys(next)
                }

                // The keyboard's position, as Settings' tabs, the example cards and the
                // conversation rows draw it: Theme.focus, Theme.focusWidth wide. Fusion's
                // ButtonPanel shows visualFocus only by a darker outline. Tab gives visualFocus;
                // the arrow keys move the focus with Qt.OtherFocusReason, which visualFocus
                // leaves out (only Tab, Backtab and Shortcut count: isKeyFocusReason() in
                // qtdeclarative v6.4.2 src/quicktemplates2/qquickcontrol.cpp): any focus but the
                // mouse's is the keyboard's.
                Rectangle {
                    objectName: "focusFrame"
                    anchors.fill: parent
                    visible: button.visualFocus || (button.activeFocus && button.focusReason !== Qt.MouseFocusReason)
                    color: "transparent"
                    radius: Theme.smallRadius
                    border.width: Theme.focusWidth
                    border.color: Theme.focus
                }
            }
            // A disabled button gets no hover, so the tooltip with the reason hangs off this area.
            MouseArea {
                id: hover
                anchors.fill: parent
                hoverEnabled: true
                acceptedButtons: Qt.NoButton
            }
            ToolTip.visible: hover.containsMouse
            ToolTip.delay: 400
            ToolTip.text: picker.reasonFor(cell.modelData)
        }
    }
    Label {
        objectName: "serverDefaultLabel"
        visible: picker.serverDefault
        //: After the greyed level buttons: the server decides the level (no level is sent).
        text: qsTr("Server default")
        color: Theme.mutedText
        font.pointSize: Theme.smallFontSize
    }
}
