import QtQuick
import QtQuick.Controls
import QtTest
import Facet.Ui

// Issue #57: Help → About Facet shows the version, the Qt in use, the runtime of the model in use
// (the scripted engine's, tests/qml/main.cpp) and the licences of what Facet carries, NOTICE
// read from the resources.
TestCase {
    id: test
    name: "AboutDialog"
    when: windowShown
    visible: true
    width: 900
    height: 700

    Component {
        id: aboutComponent
        AboutDialog { model: App.engine.model; server: App.engine.serverSession }
    }

    function test_versionQtRuntimeAndLicences() {
        const about = createTemporaryObject(aboutComponent, test)
        about.open()
        tryCompare(about, "opened", true)
        verify(/^\d+\.\d+\.\d+$/.test(findChild(about, "aboutVersion").text))
        verify(findChild(about, "aboutQt").text.startsWith("6."))
        verify(findChild(about, "aboutRuntime").text.length > 0)
        const licences = findChild(about, "aboutLicences").text
        // What NOTICE names: the tokenizer's licence and the icons'.
        verify(licences.indexOf("Lucide") >= 0, licences.slice(0, 200))
        verify(licences.indexOf("ISC") >= 0)
        verify(licences.indexOf("Apache") >= 0)
    }
}
