import QtQuick
import QtTest
import Facet.Ui

// Issue #57: a fenced code block in a reply is drawn on the code background and has one Copy
// button, which copies the code alone (no fences, no surrounding text).
TestCase {
    id: test
    name: "MarkdownBlocks"
    when: windowShown
    visible: true
    width: 600
    height: 400

    Component {
        id: blocksComponent
        MarkdownBlocks { width: 500 }
    }
    SignalSpy { id: copySpy; signalName: "copyRequested" }

    function named(item, name) {
        let found = []
        for (let i = 0; i < item.children.length; ++i) {
            const child = item.children[i]
            if (child.objectName === name && child.visible)
                found.push(child)
            found = found.concat(named(child, name))
        }
        return found
    }

    function test_codeBlockHasOneCopyButtonThatCopiesTheCode() {
        const blocks = createTemporaryObject(blocksComponent, test,
                                             { text: "Some text.\n\n```py\nx = 1\ny = 2\n```\n\nAfter." })
        copySpy.target = blocks
        copySpy.clear()
        tryVerify(() => named(blocks, "copyCodeButton").length === 1, 2000, "one Copy button")
        const button = named(blocks, "copyCodeButton")[0]
        compare(button.Accessible.name, "Copy code")
        mouseClick(button)
        compare(copySpy.count, 1)
        compare(copySpy.signalArguments[0][0], "x = 1\ny = 2")
    }

    function test_noCopyButtonWithoutCode() {
        const blocks = createTemporaryObject(blocksComponent, test, { text: "Just `inline` text." })
        wait(50)
        compare(named(blocks, "copyCodeButton").length, 0)
    }
}
