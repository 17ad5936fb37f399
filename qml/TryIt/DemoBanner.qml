import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Shown while the built-in demo model is in use: what the model is, and "Try it", a menu of
// its example images and questions (App.samples). Ctrl+T (Main.qml) or Tab and Enter open the
// menu, the arrow keys and Enter pick. The choice is announced once the menu has closed, so
// what it focuses next (the message box, the compare dialog) keeps the focus.
Pane {
    id: banner
    // The examples: a DemoSamples, or any model with its roles (question, imageName, imageUrl,
    // level, compareWithLevel).
    required property var samples
    signal sampleChosen(int row)
    padding: Theme.mediumSpacing
    background: Rectangle { color: Theme.replyBubble; border.color: Theme.warning; radius: Theme.smallRadius }

    readonly property bool canTry: tryButton.visible && tryButton.enabled
    function openMenu() {
        if (!banner.canTry)
            return
        menu.open()
        // From the keyboard the first example is highlighted at once, so Enter picks it.
        menu.currentIndex = 0
    }

    // "Standard 280", or "Minimal 70 and Maximum 1120" for an example that compares two levels.
    function levelsText(level, other) {
        const named = (l) => qsTr("%1 %2").arg(Labels.levelNames[l]).arg(l)
        if (other <= 0)
            return named(level)
        const a = Math.min(level, other), b = Math.max(level, other)
        //: Two detail levels compared side by side: "Minimal 70 and Maximum 1120".
        return qsTr("%1 and %2").arg(named(a)).arg(named(b))
    }

    RowLayout {
        anchors.fill: parent
        spacing: Theme.largeSpacing
        Label {
            objectName: "demoNote"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: Theme.warning
            text: qsTr("Demo model on the simulated device: a tiny demo model trained on shapes and words, still often wrong; choose a compiled model folder for Gemma 4.")
            Accessible.name: qsTr("Demo model note")
            Accessible.description: text
        }
        Button {
            id: tryButton
            objectName: "tryItButton"
            visible: banner.samples && banner.samples.count > 0
            //: Button opening a menu of example images and questions for the demo model.
            text: qsTr("Try it")
            Accessible.name: qsTr("Try it: example images and questions")
            Accessible.description: qsTr("Ctrl+T")
            ToolTip.visible: hovered
            ToolTip.delay: 600
            ToolTip.text: qsTr("Example images and questions the demo model was trained for (Ctrl+T)")
            onClicked: banner.openMenu()
            Keys.onReturnPressed: banner.openMenu()
            Keys.onEnterPressed: banner.openMenu()

            Menu {
                id: menu
                objectName: "tryItMenu"
                // The row picked, announced on close.
                property int chosen: -1
                x: tryButton.width - width
                y: tryButton.height
                width: Math.min(460, banner.width)
                Instantiator {
                    model: banner.samples
                    delegate: MenuItem {
                        id: entry
                        required property int index
                        required property string question
                        required property string imageName
                        required property url imageUrl
                        required property int level
                        required property int compareWithLevel
                        readonly property string where: entry.compareWithLevel > 0
                            ? qsTr("%1, compare %2").arg(entry.imageName).arg(banner.levelsText(entry.level, entry.compareWithLevel))
                            : qsTr("%1 at %2").arg(entry.imageName).arg(banner.levelsText(entry.level, 0))
                        objectName: "tryItEntry" + entry.index
                        text: qsTr("%1 — %2").arg(entry.question).arg(entry.where)
                        // The picture small, the question, and where and how it is seen below
                        // it, in the theme's colors (the style's text kept the light theme's
                        // color after a switch to dark).
                        contentItem: RowLayout {
                            spacing: Theme.largeSpacing
                            Rectangle {
                                Layout.preferredWidth: 56
                                Layout.preferredHeight: 40
                                color: Theme.imageBackground
                                border.color: Theme.border
                                radius: Theme.smallRadius
                                Image {
                                    anchors.fill: parent
                                    anchors.margins: Theme.hairline
                                    source: entry.imageUrl
                                    sourceSize.width: 112
                                    fillMode: Image.PreserveAspectFit
                                    asynchronous: true
                                }
                            }
                            ColumnLayout {
                                Layout.fillWidth: true
                                spacing: Theme.tinySpacing
                                Label {
                                    Layout.fillWidth: true
                                    text: entry.question
                                    elide: Text.ElideRight
                                    color: entry.highlighted ? entry.palette.highlightedText : Theme.text
                                }
                                Label {
                                    Layout.fillWidth: true
                                    text: entry.where
                                    elide: Text.ElideRight
                                    font.pointSize: Theme.captionFontSize
                                    color: entry.highlighted ? entry.palette.highlightedText : Theme.mutedText
                                }
                            }
                        }
                        Accessible.name: qsTr("Try “%1” (%2)").arg(entry.question).arg(entry.where)
                        onTriggered: menu.chosen = entry.index
                        Keys.onReturnPressed: entry.triggered()
                        Keys.onEnterPressed: entry.triggered()
                    }
                    onObjectAdded: (index, object) => menu.insertItem(index, object)
                    onObjectRemoved: (index, object) => menu.removeItem(object)
                }
                onClosed: {
                    const row = menu.chosen
                    menu.chosen = -1
                    if (row >= 0)
                        banner.sampleChosen(row)
                }
            }
        }
    }
}
