import QtQuick
import QtQuick.Controls
import Facet.Ui

// Asked when an example is chosen while the message box holds a draft (text or images): the
// example would replace it. "Keep my message" has the focus, so Enter or Esc keeps the draft;
// the example replaces it only when "Replace" is chosen. The answer is announced once the
// dialog has closed, so the message box can take the focus.
Dialog {
    id: dialog
    objectName: "replaceDraftDialog"
    // What the draft holds, for the text.
    property int draftImages: 0
    property bool draftText: false
    property int row: -1
    property bool replacing: false
    signal replaceConfirmed(int row)
    title: qsTr("Replace your message?")
    modal: true
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(480, (parent ? parent.width : 480) - 40)

    function ask(row, hasText, images) {
        dialog.row = row
        dialog.draftText = hasText
        dialog.draftImages = images
        dialog.replacing = false
        open()
    }

    Label {
        objectName: "replaceDraftText"
        width: parent.width
        wrapMode: Text.Wrap
        color: Theme.text
        text: (dialog.draftText && dialog.draftImages > 0
               ? qsTr("The message box holds your text and %n image(s).", "", dialog.draftImages)
               : dialog.draftText ? qsTr("The message box holds your text.")
                                  : qsTr("The message box holds %n image(s).", "", dialog.draftImages))
              + " " + qsTr("The example would replace your message.")
        Accessible.name: text
    }

    footer: DialogButtonBox {
        Button {
            id: keepButton
            objectName: "keepDraftButton"
            text: qsTr("Keep my message")
            highlighted: true
            Accessible.name: qsTr("Keep my message and do not open the example")
            onClicked: dialog.close()
            Keys.onReturnPressed: dialog.close()
            Keys.onEnterPressed: dialog.close()
        }
        Button {
            objectName: "replaceDraftButton"
            text: qsTr("Replace")
            Accessible.name: qsTr("Replace my message with the example")
            onClicked: { dialog.replacing = true; dialog.close() }
            Keys.onReturnPressed: { dialog.replacing = true; dialog.close() }
            Keys.onEnterPressed: { dialog.replacing = true; dialog.close() }
        }
    }
    onOpened: keepButton.forceActiveFocus(Qt.TabFocusReason)
    onClosed: {
        if (dialog.replacing)
            dialog.replaceConfirmed(dialog.row)
        dialog.replacing = false
    }
}
