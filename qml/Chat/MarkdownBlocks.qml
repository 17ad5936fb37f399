import QtQuick
import QtQml.Models
import Facet.Ui

// A reply's Markdown, one read-only TextEdit per block (MarkdownBlockModel; long code blocks and
// bullet lists are cut into pieces drawn without a gap). While a reply streams only the last
// piece's text changes, so only it is parsed and laid out again; a long reply no longer costs a
// full relayout per update. Each piece can be selected on its own; the reply's copy button copies
// the whole raw text. A fenced code block is drawn on Theme.codeBackground in Qt's monospace (the
// Markdown reader's own), with a Copy button on its last piece that copies the code alone.
Column {
    id: blocks
    property string text
    signal copyRequested(string text)
    spacing: 0
    Accessible.role: Accessible.StaticText
    Accessible.name: qsTr("Reply text")

    Repeater {
        model: MarkdownBlockModel { text: blocks.text }
        delegate: TextEdit {
            required property string block
            required property bool continuesPrevious
            required property bool looseListGap
            required property bool code
            required property string codeText
            required property int index
            id: piece
            width: blocks.width
            // Between blocks a gap; between pieces of one block none, but for the paragraph
            // margin Qt's Markdown reader puts between loose list items (point size × 2/3).
            topPadding: index === 0 ? 0
                      : !continuesPrevious ? Theme.largeSpacing
                      : looseListGap ? Math.max(0, Math.floor(font.pointSize * 2 / 3)) : 0
            leftPadding: code ? Theme.largeSpacing : 0
            // Room for the Copy button at the code's bottom right.
            rightPadding: code ? Theme.gridUnit * 2 : 0
            bottomPadding: code && codeText.length > 0 ? Theme.smallSpacing : 0
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

            Rectangle {
                z: -1
                visible: piece.code
                anchors.fill: parent
                anchors.topMargin: piece.topPadding
                color: Theme.codeBackground
                radius: Theme.smallRadius
            }
            IconButton {
                objectName: "copyCodeButton"
                visible: piece.code && piece.codeText.length > 0
                anchors.right: parent.right
                anchors.bottom: parent.bottom
                iconName: "copy"
                label: qsTr("Copy code")
                onClicked: blocks.copyRequested(piece.codeText)
            }
        }
    }
}
