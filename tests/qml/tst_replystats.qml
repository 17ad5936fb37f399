import QtQuick
import QtTest
import Facet.Ui

// Reply statistics from a real reply of the scripted engine (5 pieces, 10 prompt tokens; see
// tests/support/scripted/scriptedbackend.h), read through the conversation model's typed
// `stats` role.
TestCase {
    id: test
    name: "ReplyStats"
    when: windowShown
    visible: true
    width: 900
    height: 200

    Column {
        Repeater {
            id: rows
            model: App.conversation
            delegate: ReplyStats { width: 880 }
        }
    }

    function label(stats, name) {
        for (let i = 0; i < stats.children.length; ++i)
            if (stats.children[i].Accessible.name === name)
                return stats.children[i].text
        return undefined
    }

    function test_showsTheMeasuredNumbersAndEnding() {
        tryCompare(App.engine.model, "ready", true, 5000)
        App.library.newChat()
        verify(App.chat.send("Describe the image."))
        tryCompare(App.chat, "busy", false, 5000)
        compare(rows.count, 2)
        const reply = rows.itemAt(1)
        verify(reply.stats.present)
        compare(label(reply, "generated tokens"), "5 generated")
        compare(label(reply, "prompt tokens"), "10 prompt tokens")
        compare(label(reply, "finish reason"), "ended: finished")
        compare(label(reply, "buckets"), undefined) // no images: no bucket line
        verify(label(reply, "time to first token").startsWith("first token "))
        verify(label(reply, "decode speed").endsWith(" tokens/s"))
        verify(!rows.itemAt(0).stats.present) // the user message has none
    }
}
