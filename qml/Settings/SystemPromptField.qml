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
    background: Rectangle {
        color: Theme.window
        border.color: field.activeFocus ? Theme.focus : Theme.border
        radius: Theme.smallRadius
    }
}
