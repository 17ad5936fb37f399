import QtQuick
import QtQuick.Controls
import Facet.Ui

// Asked when the user switches the model (a folder, the demo model, a server) while a reply is
// being written: the worker runs one job at a time, so the load would wait behind the reply
// (up to its max new tokens, 20 s on the demo model) under "Loading … Starting" with no word.
// "Stop and switch" stops the reply (what it wrote stays, marked stopped), then loads; "Cancel"
// or Esc leaves both as they are. "Stop and switch" has the focus: switching is what the user
// just asked for. The answer is acted on once the dialog has closed.
Dialog {
    id: dialog
    objectName: "switchModelDialog"
    // The load to start once the reply was stopped (a function).
    property var pendingLoad: null
    property bool switching: false
    signal stopReplyRequested()
    title: qsTr("Stop the reply and switch?")
    modal: true
    parent: Overlay.overlay
    anchors.centerIn: parent
    // Fitted to the window only while open. Closed, its width changed at every start (the
    // overlay gets the window's width after this dialog was made): Qt 6.4 lays out a closed
    // Dialog too, and QQuickPage::relayout() sets the content's width before the header's; the
    // text, wrapped anew, changes contentHeight, which re-runs Fusion's Dialog implicitHeight
    // binding (fusion/Dialog.qml) from inside relayout(); that binding's new height runs
    // relayout() again, which now sets the hidden title Label's width, and a Text whose implicit
    // size was never read announces implicitWidth/HeightChanged on every layout
    // (QQuickTextPrivate::updateSize()): implicitHeaderHeightChanged reaches the binding while it
    // is still being written: "Binding loop detected for property implicitHeight".
    // (qtdeclarative v6.4.2 src/quicktemplates2/qquickpage.cpp relayout(),
    // src/quick/items/qquicktext.cpp updateSize().) Open, the header's size has been read and a
    // resize does not loop; at 480 closed, opening in a window wider than 520 changes nothing.
    width: visible ? Math.min(480, parent.width - 40) : 480

    function ask(load) {
        dialog.pendingLoad = load
        dialog.switching = false
        open()
    }
    function confirm() {
        dialog.switching = true
        dialog.close()
    }

    Label {
        objectName: "switchModelText"
        width: parent.width
        wrapMode: Text.Wrap
        color: Theme.text
        text: qsTr("A reply is being written. The model can be switched once it stops; what it wrote so far stays in the conversation.")
        Accessible.name: text
    }

    footer: DialogButtonBox {
        Button {
            id: switchButton
            objectName: "stopAndSwitchButton"
            text: qsTr("Stop and switch")
            highlighted: true
            Accessible.name: qsTr("Stop the reply and switch the model")
            onClicked: dialog.confirm()
            Keys.onReturnPressed: dialog.confirm()
            Keys.onEnterPressed: dialog.confirm()
        }
        Button {
            objectName: "cancelSwitchButton"
            text: qsTr("Cancel")
            Accessible.name: qsTr("Keep the reply and the model in use")
            onClicked: dialog.close()
            Keys.onReturnPressed: dialog.close()
            Keys.onEnterPressed: dialog.close()
        }
    }
    onOpened: switchButton.forceActiveFocus(Qt.TabFocusReason)
    onClosed: {
        const load = dialog.pendingLoad
        const switching = dialog.switching
        dialog.pendingLoad = null
        dialog.switching = false
        if (!switching || !load)
            return
        dialog.stopReplyRequested() // the load queues behind the reply, which now ends at once
        load()
    }
}
