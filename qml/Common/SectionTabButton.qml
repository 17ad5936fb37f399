import QtQuick
import QtQuick.Controls
import Facet.Ui

// A tab of a TabBar (Settings' sections) whose keyboard focus shows, and which is open. Fusion's TabButton draws
// none: its background is a gradient and an outline that follow `checked` only, nothing follows
// visualFocus (qtdeclarative v6.4.2 src/quickcontrols2/fusion/TabButton.qml), so a tab reached
// with Tab looked like the others. The frame is the one the example cards and the conversation
// rows draw for the keyboard: Theme.focus, Theme.focusWidth wide.
//
// One Tab stop for the whole bar, as for any other control: Tab reaches the open section's tab
// only, and the arrow keys move between the tabs (and open the one they reach). Every Fusion
// TabButton took the focus from Tab on its own, five stops for one row of tabs.
TabButton {
    id: tab
    width: implicitWidth
    focusPolicy: checked ? Qt.StrongFocus : Qt.ClickFocus

    // The open section: Fusion tells it only by a shade, 1.06:1 against the other tabs in the
    // dark theme (measured on a screenshot: #3b3c3f against #37383a), so which section is open
    // could not be seen. An accent bar along its foot, as the open conversation has one along
    // its start (ChatListItem.qml).
    Rectangle {
        objectName: "openBar"
        visible: tab.checked
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.bottom: parent.bottom
        anchors.leftMargin: Theme.smallSpacing
        anchors.rightMargin: Theme.smallSpacing
        height: Theme.focusWidth
        color: Theme.accent
    }

    Rectangle {
        objectName: "focusFrame"
        anchors.fill: parent
        // Tab and Backtab give visualFocus; the arrow keys move the focus to the next tab with
        // Qt.OtherFocusReason (the TabBar's ListView focuses its new current item:
        // QQuickItemView's updateCurrent(), src/quick/items/qquickitemview.cpp), which
        // visualFocus leaves out (only Tab, Backtab and Shortcut count: isKeyFocusReason() in
        // src/quicktemplates2/qquickcontrol.cpp). Any focus but the mouse's is the keyboard's.
        visible: tab.visualFocus || (tab.activeFocus && tab.focusReason !== Qt.MouseFocusReason)
        color: "transparent"
        radius: Theme.smallRadius
        border.width: Theme.focusWidth
        border.color: Theme.focus
    }
}
