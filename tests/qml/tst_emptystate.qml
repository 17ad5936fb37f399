import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// Issue #57: a new chat says what Facet does, and shows the demo model's examples as cards only
// while the demo model answers; a card is picked with the mouse or with Tab and Space.
TestCase {
    id: test
    name: "EmptyState"
    when: windowShown
    visible: true
    width: 900
    height: 600

    ListModel {
        id: examples
        ListElement { question: "What color is the circle?"; imageName: "shapes.png"; imageUrl: ""; level: 280; compareWithLevel: 0 }
        ListElement { question: "What word is written?"; imageName: "word.png"; imageUrl: ""; level: 1120; compareWithLevel: 70 }
    }
    Component {
        id: emptyComponent
        EmptyState { width: 880; height: 560; samples: examples; showExamples: true }
    }
    SignalSpy { id: chosen; signalName: "sampleChosen" }

    function test_saysWhatFacetDoes() {
        const empty = createTemporaryObject(emptyComponent, test, { showExamples: false })
        verify(findChild(empty, "emptyStateLine").text.indexOf("images") >= 0)
        verify(!findChild(empty, "exampleCards").visible)
        verify(!findChild(empty, "exampleCard0"))
    }

    function test_cardsPickAnExample() {
        const empty = createTemporaryObject(emptyComponent, test)
        chosen.target = empty
        chosen.clear()
        verify(findChild(empty, "exampleCards").visible)
        const second = findChild(empty, "exampleCard1")
        verify(second)
        compare(second.Accessible.name, "Try “What word is written?” (word.png)")
        mouseClick(second)
        compare(chosen.count, 1)
        compare(chosen.signalArguments[0][0], 1)
        const first = findChild(empty, "exampleCard0")
        first.forceActiveFocus(Qt.TabFocusReason)
        keyClick(Qt.Key_Space)
        compare(chosen.count, 2)
        compare(chosen.signalArguments[1][0], 0)
    }
}
