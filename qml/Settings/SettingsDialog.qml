import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Settings in sections, one tab each (issue #57): this conversation (sampling settings and system
// prompt; defaults come from the model's generation_config.json, "Reset" returns to them), new
// chats (what the next new chat starts with), appearance (theme and language, for every
// conversation, applied at once and remembered), images (the image cache) and servers (the ones
// connected to before). Opens on "This conversation", what the header's button is used for most.
Dialog {
    id: dialog
    title: qsTr("Settings")
    modal: true
    standardButtons: Dialog.Close
    anchors.centerIn: Overlay.overlay
    width: Math.min(Theme.gridUnit * 38, Overlay.overlay ? Overlay.overlay.width - Theme.gridUnit * 2 : Theme.gridUnit * 38)
    required property ConversationSettings settings
    required property NewChatDefaults newChatDefaults
    required property ImageCacheSetting imageCache
    required property LanguageSettings language
    required property ThemeSetting theme
    required property ServerConnection server
    // Runs a connect (Main.qml: "Stop the reply and switch?" while a reply is written).
    property var switchModel: (connect) => connect()
    // Settings → Servers → "Connect to a server…": the server dialog.
    signal addServerRequested()
    // The loaded model's compiled levels (empty: none loaded, every level offered).
    property var modelLevels: []
    readonly property sampling s: settings.sampling

    onAboutToShow: sections.currentIndex = 0

    // The Language box's entries: the languages' own names stay untranslated, so anyone finds
    // theirs.
    function languageNames() {
        const choices = dialog.language.choices
        let names = []
        for (let i = 0; i < choices.length; ++i)
            names.push(choices[i] === "system"
                       ? qsTr("System (%1)").arg(dialog.language.nativeName(dialog.language.systemLanguage))
                       : dialog.language.nativeName(choices[i]))
        return names
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.largeSpacing
        TabBar {
            id: sections
            objectName: "settingsSections"
            Layout.fillWidth: true
            //: Settings section: what applies to the open conversation only.
            SectionTabButton { text: qsTr("This conversation") }
            //: Settings section: what a new chat starts with.
            SectionTabButton { text: qsTr("New chats") }
            //: Settings section: how the window looks, for every conversation.
            SectionTabButton { text: qsTr("Appearance") }
            //: Settings section: the images' encodings kept in memory, for every conversation.
            SectionTabButton { text: qsTr("Images") }
            //: Settings section: the servers connected to before.
            SectionTabButton { text: qsTr("Servers") }
        }

        StackLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            currentIndex: sections.currentIndex
            GridLayout {
                objectName: "conversationSection"
                columns: 2
                Label { text: qsTr("System prompt") }
                SystemPromptField {
                    objectName: "systemPrompt"
                    Layout.fillWidth: true
                    text: dialog.settings.systemPrompt
                    placeholderText: qsTr("Optional: instructions the model follows in this conversation")
                    Accessible.name: qsTr("System prompt")
                    onEditingFinished: dialog.settings.systemPrompt = text
                }
                //: Settings row: whether the model reasons before answering (noun).
                Label { text: qsTr("Thinking") }
                // One control for thinking: the "Think first" switch under the message box.
                Label {
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    color: Theme.mutedText
                    text: dialog.settings.thinking
                          ? qsTr("On for this conversation: switch it with “Think first” under the message box.")
                          : qsTr("Off for this conversation: switch it with “Think first” under the message box.")
                }
                //: Settings row: sample the next token at random (on) or take the likeliest (off, greedy). A verb.
                Label { text: qsTr("Sample") }
                CheckBox {
                    checked: dialog.s.doSample
                    Accessible.name: qsTr("Sample (off: greedy)")
                    onToggled: dialog.settings.setSamplingValue("doSample", checked)
                }
                Label { text: qsTr("Temperature") }
                SpinBox {
                    from: 0; to: 200; stepSize: 5
                    value: Math.round(dialog.s.temperature * 100)
                    editable: true
                    textFromValue: (v, locale) => Number(v / 100).toLocaleString(locale, "f", 2)
                    valueFromText: (t, locale) => Math.round(Number.fromLocaleString(locale, t) * 100)
                    Accessible.name: qsTr("Temperature")
                    onValueModified: dialog.settings.setSamplingValue("temperature", value / 100)
                }
                Label { text: qsTr("Top-k") }
                SpinBox {
                    from: 0; to: 1000; editable: true
                    value: dialog.s.topK
                    Accessible.name: qsTr("Top-k")
                    onValueModified: dialog.settings.setSamplingValue("topK", value)
                }
                Label { text: qsTr("Top-p") }
                SpinBox {
                    from: 0; to: 100; stepSize: 1; editable: true
                    value: Math.round(dialog.s.topP * 100)
                    textFromValue: (v, locale) => Number(v / 100).toLocaleString(locale, "f", 2)
                    valueFromText: (t, locale) => Math.round(Number.fromLocaleString(locale, t) * 100)
                    Accessible.name: qsTr("Top-p")
                    onValueModified: dialog.settings.setSamplingValue("topP", value / 100)
                }
                Label { text: qsTr("Max new tokens") }
                SpinBox {
                    from: 1; to: 32768; editable: true
                    value: dialog.s.maxNewTokens
                    Accessible.name: qsTr("Max new tokens")
                    onValueModified: dialog.settings.setSamplingValue("maxNewTokens", value)
                }
                //: The repetition guard: the engine ends a reply that repeats the same words over and over.
                Label { text: qsTr("Stop repeating replies") }
                CheckBox {
                    objectName: "stopOnRepetition"
                    checked: dialog.s.stopOnRepetition
                    Accessible.name: qsTr("Stop a reply that repeats the same words over and over")
                    onToggled: dialog.settings.setSamplingValue("stopOnRepetition", checked)
                }
                //: The random seed of sampling.
                Label { text: qsTr("Seed") }
                TextField {
                    Layout.fillWidth: true
                    text: dialog.s.seedText
                    //: Placeholder of the empty seed field: a fresh random seed per reply.
                    placeholderText: qsTr("random")
                    validator: RegularExpressionValidator { regularExpression: /[0-9]{0,19}/ }
                    Accessible.name: qsTr("Seed (empty: random)")
                    onEditingFinished: dialog.settings.setSamplingValue("seed", text)
                }
                Label {
                    objectName: "seedProblem"
                    Layout.columnSpan: 2
                    Layout.fillWidth: true
                    visible: text.length > 0
                    wrapMode: Text.Wrap
                    color: Theme.error
                    text: dialog.settings.seedProblem
                }
                Label {
                    Layout.columnSpan: 2
                    text: dialog.settings.samplingIsDefault ? qsTr("Using the model's defaults (generation_config.json)")
                                                     : qsTr("Custom settings for this conversation")
                    color: Theme.mutedText
                }
                Button {
                    Layout.columnSpan: 2
                    text: qsTr("Reset to the model's defaults")
                    enabled: !dialog.settings.samplingIsDefault
                    Accessible.name: text
                    onClicked: dialog.settings.resetSampling()
                }
            }
            NewChatSection {
                objectName: "newChatSection"
                defaults: dialog.newChatDefaults
                modelLevels: dialog.modelLevels
            }
            GridLayout {
                objectName: "appearanceSection"
                columns: 2
                //: Light or dark colours of the window.
                Label { text: qsTr("Theme") }
                ComboBox {
                    objectName: "themeChoice"
                    Layout.fillWidth: true
                    //: Theme choices: follow the desktop's colours, or always light or dark.
                    model: [qsTr("System"), qsTr("Light"), qsTr("Dark")]
                    currentIndex: dialog.theme.choiceIndex
                    Accessible.name: qsTr("Theme")
                    onActivated: (index) => dialog.theme.choiceIndex = index
                }
                //: The language of the app's menus and labels (not of the model's answers).
                Label { text: qsTr("Language") }
                ComboBox {
                    objectName: "languageChoice"
                    Layout.fillWidth: true
                    model: dialog.languageNames()
                    currentIndex: dialog.language.choiceIndex
                    Accessible.name: qsTr("Language")
                    onActivated: (index) => dialog.language.choiceIndex = index
                }
                Item { Layout.columnSpan: 2; Layout.fillHeight: true }
            }
            GridLayout {
                objectName: "imagesSection"
                columns: 2
                //: The memory kept for the vision encoder's output, shared by all conversations.
                Label { text: qsTr("Image cache (MB)") }
                SpinBox {
                    objectName: "imageCacheMegabytes"
                    from: 0
                    to: dialog.imageCache.maximumMegabytes
                    stepSize: 64
                    editable: true
                    value: dialog.imageCache.megabytes
                    Accessible.name: qsTr("Image cache size in megabytes")
                    onValueModified: dialog.imageCache.megabytes = value
                }
                Label {
                    Layout.columnSpan: 2
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    text: qsTr("Encoded images are kept so that an image is never encoded twice at the same detail level; images are also encoded while you type. 0 turns this off.")
                    color: Theme.mutedText
                }
                Item { Layout.columnSpan: 2; Layout.fillHeight: true }
            }
            ServersSection {
                objectName: "serversSection"
                connection: dialog.server
                switchModel: dialog.switchModel
                onAddRequested: {
                    dialog.close()
                    dialog.addServerRequested()
                }
            }
        }
    }
}
