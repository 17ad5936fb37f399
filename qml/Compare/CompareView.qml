import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// A comparison of detail levels under its question: one column per level, side by side, each
// streaming as the engine reaches it; the row scrolls sideways when the columns do not fit
// (each keeps a readable width). The words that differ from the baseline column are highlighted.
ColumnLayout {
    id: view
    objectName: "compareView"
    required property CompareSession compare
    signal previewRequested(string path, string name, int level, int tokens, int imageWidth, int imageHeight)
    readonly property int columnCount: compare.columns.count
    readonly property int minColumnWidth: 190
    readonly property real columnWidth: columnCount > 0
        ? Math.max(minColumnWidth, (width - (columnCount - 1) * row.spacing) / columnCount) : 0
    spacing: Theme.mediumSpacing
    Accessible.role: Accessible.Grouping
    Accessible.name: qsTr("Comparison of detail levels")

    Binding { target: view.compare.columns; property: "highlight"; value: String(Theme.diffHighlight) }

    // Tabbing to a control of a column scrolled out of sight brings that column in.
    Connections {
        target: view.Window.window
        function onActiveFocusItemChanged() {
            let item = view.Window.activeFocusItem
            while (item && item.parent !== row)
                item = item.parent
            if (!item)
                return
            if (item.x < strip.contentX)
                strip.contentX = item.x
            else if (item.x + item.width > strip.contentX + strip.width)
                strip.contentX = Math.min(item.x + item.width - strip.width, strip.contentWidth - strip.width)
        }
    }

    Label {
        objectName: "compareTitle"
        Layout.fillWidth: true
        text: view.compare.running
              ? qsTr("Comparing %n detail level(s), one after another…", "", view.columnCount)
              : qsTr("Highlighted words differ from the baseline column. Continue with one answer; the others stay as its versions.")
                + (view.compare.seedNote.length > 0 ? " " + view.compare.seedNote : "")
        wrapMode: Text.Wrap
        color: Theme.mutedText
    }
    // The cheapest level that agrees with the highest (the same rule as `facet-cli compare`).
    Label {
        objectName: "compareVerdict"
        Layout.fillWidth: true
        visible: text.length > 0
        text: view.compare.columns.verdict
        wrapMode: Text.Wrap
        font.bold: true
        color: Theme.text
    }
    Flickable {
        id: strip
        Layout.fillWidth: true
        Layout.preferredHeight: row.height + (hbar.visible ? hbar.height : 0)
        contentWidth: row.width
        contentHeight: row.height
        flickableDirection: Flickable.HorizontalFlick
        boundsBehavior: Flickable.StopAtBounds
        clip: true
        ScrollBar.horizontal: ScrollBar {
            id: hbar
            objectName: "compareScrollBar"
            policy: strip.contentWidth > strip.width ? ScrollBar.AlwaysOn : ScrollBar.AlwaysOff
            Accessible.name: qsTr("Scroll the columns")
        }
        Row {
            id: row
            spacing: Theme.largeSpacing
            Repeater {
                model: view.compare.columns
                delegate: CompareColumn {
                    width: view.columnWidth
                    running: view.compare.running
                    onBaselineRequested: (c) => view.compare.columns.baseline = c
                    onContinueRequested: (c) => view.compare.continueWith(c)
                    onPreviewRequested: (p, n, l, t, w, h) => view.previewRequested(p, n, l, t, w, h)
                }
            }
        }
    }
}
