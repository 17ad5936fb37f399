import QtQuick
import QtTest
import Facet.Ui

// Model → Connect to a server…: the dialog on the app's real ServerConnection and EngineClient
// (scripted local engine, main.cpp) against the remote tests' stand-in vLLM server on loopback
// (`testServer`, serving gemma-4-test and other-model).
TestCase {
    id: test
    name: "ServerDialog"
    when: windowShown
    visible: true
    width: 900
    height: 700

    Component {
        id: dialogComponent
        ServerDialog { connection: App.server }
    }

    function child(d, name) {
        const c = findChild(d.contentItem, name) || findChild(d.footer, name)
        verify(c, name)
        return c
    }

    function typeText(text) {
        for (let i = 0; i < text.length; ++i)
            keyClick(text[i])
    }

    function cleanup() {
        // Back on the local engine for the next test.
        if (App.engine.serverSession.connected) {
            App.engine.model.loadModelDir("scripted", 0, "")
            tryVerify(() => App.engine.model.ready && !App.engine.serverSession.connected, 5000)
        }
    }

    function test_1_defaultsAndUnreachableServer() {
        tryCompare(App.engine.model, "ready", true, 5000)
        const d = createTemporaryObject(dialogComponent, test)
        d.start()
        verify(d.opened)
        // Every field in the second column on first open (no key note yet): the URL and key
        // fields were squeezed to the right, "Model" sat in the fields' column (issue #55 #8).
        const x = (name) => child(d, name).mapToItem(d.contentItem, 0, 0).x
        compare(x("serverKey"), x("serverUrl"))
        compare(x("servedModel"), x("serverUrl"))
        compare(x("probeStatus"), x("serverUrl"))
        compare(x("offer70"), x("serverUrl"))
        verify(child(d, "serverUrl").width > d.contentItem.width / 2, "the URL field is squeezed")
        // Nothing remembered and no server asked yet: Gemma 4's default level only.
        compare(d.levels, [280])
        for (const level of [70, 140, 560, 1120])
            verify(!child(d, "offer" + level).checked)
        verify(child(d, "offer280").checked)
        verify(!child(d, "serverDefault").checked)
        compare(child(d, "serverKey").echoMode, TextInput.Password)
        verify(!child(d, "connectButton").enabled)

        // Typed as a user types: the models are asked for once the typing pauses.
        const url = child(d, "serverUrl")
        compare(url.text, "") // nothing remembered yet (main.cpp: settings of this run only)
        url.forceActiveFocus()
        typeText("127.0.0.1:9")
        tryVerify(() => child(d, "probeStatus").text.indexOf("http://127.0.0.1:9/v1 is unreachable") >= 0,
                  15000, child(d, "probeStatus").text)
        verify(!child(d, "connectButton").enabled)
        compare(child(d, "servedModel").count, 0)
        // No keyring service runs on the test machines: the dialog says the key stays for the session.
        tryVerify(() => child(d, "keyNote").text.length > 0, 10000)
    }

    function test_2_listsModelsAndConnects() {
        tryCompare(App.engine.model, "ready", true, 5000)
        const d = createTemporaryObject(dialogComponent, test)
        d.start()
        const url = child(d, "serverUrl")
        url.text = testServer.url("plain")
        d.probeNow()
        const models = child(d, "servedModel")
        tryCompare(models, "count", 2, 10000)
        compare(models.currentText, "gemma-4-test")
        verify(child(d, "probeStatus").text.indexOf("ms round trip") > 0)
        // GET /version says stock vLLM (0.31.0, no "+cpu"): its processor takes every level.
        tryCompare(d, "levels", [70, 140, 280, 560, 1120], 5000)
        mouseClick(child(d, "offer1120"))
        compare(d.levels, [70, 140, 280, 560])
        const connect = child(d, "connectButton")
        verify(connect.enabled)
        mouseClick(connect)
        tryCompare(App.engine.serverSession, "connected", true, 10000)
        tryCompare(d, "opened", false, 5000) // closed once the server answered
        compare(App.engine.serverSession.url, testServer.url("plain"))
        compare(App.engine.model.info.name, "gemma-4-test")
        compare(App.engine.model.detailLevels, [70, 140, 280, 560])
        verify(App.engine.serverSession.roundTripMs > 0)
        // Remembered for the next time the dialog opens.
        compare(App.server.rememberedUrl, testServer.url("plain"))
        compare(App.server.rememberedLevels, [70, 140, 280, 560])
    }

    function test_3_refusedConnectStaysOpenWithTheReason() {
        tryCompare(App.engine.model, "ready", true, 5000)
        const d = createTemporaryObject(dialogComponent, test)
        d.start()
        child(d, "serverUrl").text = testServer.url("auth")
        d.probeNow() // without the key: HTTP 401, named
        tryVerify(() => child(d, "probeStatus").text.indexOf("HTTP 401") >= 0, 10000,
                  child(d, "probeStatus").text)
        verify(child(d, "probeStatus").text.indexOf(testServer.url("auth")) >= 0)
        child(d, "serverKey").text = "test-key-123"
        d.probeNow()
        tryCompare(child(d, "servedModel"), "count", 2, 10000)
        child(d, "serverKey").text = "wrong-key"
        mouseClick(child(d, "connectButton"))
        tryVerify(() => child(d, "connectError").text.indexOf("HTTP 401") >= 0, 10000)
        verify(d.opened)
        verify(!App.engine.serverSession.connected)
        verify(App.engine.model.ready) // the model in use stayed
    }

    function test_4_editedUrlWaitsForItsOwnAnswer() {
        tryCompare(App.engine.model, "ready", true, 5000)
        const d = createTemporaryObject(dialogComponent, test)
        d.start()
        const url = child(d, "serverUrl")
        const status = child(d, "probeStatus")
        const connect = child(d, "connectButton")
        url.text = testServer.url("plain")
        d.probeNow()
        tryVerify(() => connect.enabled, 10000, status.text)
        // Typed again: the list on screen is the old address's until this one answers.
        url.forceActiveFocus()
        url.selectAll()
        typeText(testServer.url("plain"))
        verify(!connect.enabled)
        verify(status.text.indexOf("served") < 0, status.text)
        tryVerify(() => connect.enabled, 10000, status.text)
        verify(status.text.indexOf("ms round trip") > 0, status.text)
    }

    // A CPU build of vLLM (vllm-rbln pins vllm==0.22.0+cpu) may be vllm-rbln, which can stop on
    // a level it was not compiled for: only 280 is ticked, and the dialog says why.
    function test_5_vllmRblnGetsTheDefaultLevelOnly() {
        tryCompare(App.engine.model, "ready", true, 5000)
        const d = createTemporaryObject(dialogComponent, test)
        d.start()
        child(d, "serverUrl").text = testServer.url("rbln")
        d.probeNow()
        tryCompare(child(d, "servedModel"), "count", 2, 10000)
        compare(d.levels, [280])
        const note = child(d, "levelsNote").text
        verify(note.indexOf("0.22.0+cpu") >= 0 || note.indexOf("vllm-rbln") >= 0, note)
        // What the user ticks stays, whatever the next answer suggests.
        mouseClick(child(d, "offer70"))
        compare(d.levels, [70, 280])
        d.probeNow()
        tryCompare(child(d, "servedModel"), "count", 2, 10000)
        compare(d.levels, [70, 280])
        // Server default: connects with no level at all.
        mouseClick(child(d, "serverDefault"))
        verify(d.serverDefault)
        mouseClick(child(d, "connectButton"))
        tryCompare(App.engine.serverSession, "connected", true, 10000)
        verify(App.engine.serverSession.serverDefaultLevel)
    }
}
