import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// A system prompt: a few lines of text on the window's colour with a frame that shows focus.
// The open conversation's (Settings → This conversation) and the one new chats start with
// (Settings → New chats) are the same field.
TextArea {
    id: field
    Layout.preferredHeight: Theme.gridUnit * 5
    wrapMode: TextEdit.Wrap
    // Tab moves on, as from every other field of the dialog (a TextArea types a tab character by
    // default, and keyboard users were stuck in the field); Shift+Tab moves back.
    Keys.onPressed: (event) => {
        if (event.key !== Qt.Key_Tab && event.key !== Qt.Key_Backtab)
            return
        const forward = event.key === Qt.Key_Tab && !(event.modifiers & Qt.ShiftModifier)
        const next = field.nextItemInFocusChain(forward)
        if (next)
            next.forceActiveFocus(forward ? Qt.TabFocusReason : Qt.BacktabFocusReason)
        event.accepted = true
    }
    background: Rectangle {
        color: Theme.window
        border.color: field.activeFocus ? Theme.focus : Theme.border
        radius: Theme.smallRadius
    }
}
