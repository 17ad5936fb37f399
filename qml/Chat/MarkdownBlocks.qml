import QtQuick
import Facet.Ui

// A reply's Markdown, one read-only TextEdit per block (MarkdownBlockModel). While a reply streams
// only the last block's text changes, so only it is parsed and laid out again; a long reply no
// longer costs a full relayout per update. Each block can be selected on its own; the reply's
// copy button copies the whole raw text.
Column {
    id: blocks
    property string text
    spacing: 8
    Accessible.role: Accessible.StaticText
    Accessible.name: qsTr("Reply text")

    Repeater {
        model: MarkdownBlockModel { text: blocks.text }
        delegate: TextEdit {
            required property string block
            required property int index
            width: blocks.width
            text: block
            textFormat: TextEdit.MarkdownText
            wrapMode: TextEdit.Wrap
            readOnly: true
            selectByMouse: true
            persistentSelection: false
            color: Theme.text
            selectionColor: Theme.accent
            selectedTextColor: Theme.window
            Accessible.role: Accessible.StaticText
            Accessible.name: qsTr("Reply part %1").arg(index + 1)
        }
    }
}
