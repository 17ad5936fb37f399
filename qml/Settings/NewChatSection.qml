import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Facet.Ui

// Settings → New chats (issue #57): what every chat started from now on begins with — the
// message's detail level, a system prompt and the thinking switch (NewChatDefaults, remembered).
// The open conversation keeps its own; "This conversation" changes that one.
GridLayout {
    id: section
    required property NewChatDefaults defaults
    // The loaded model's compiled levels: only those can be picked (empty: no model, all five).
    property var modelLevels: []
    columns: 2

    //: Settings row: the detail level a new chat's message starts at.
    Label { text: qsTr("Detail level") }
    LevelPicker {
        objectName: "newChatLevel"
        modelLevels: section.modelLevels
        accessiblePrefix: qsTr("New chat detail level")
        onPicked: (value) => section.defaults.level = value
        // Not a plain binding: a click assigns `level` (LevelPicker.qml).
        Binding on level { value: section.defaults.level }
    }
    Item { width: 1; height: 1; visible: levelNote.visible }
    Label {
        id: levelNote
        objectName: "newChatLevelNote"
        Layout.fillWidth: true
        wrapMode: Text.Wrap
        color: Theme.mutedText
        font.pointSize: Theme.smallFontSize
        readonly property int nearest: {
            const levels = section.modelLevels
            let best = section.defaults.level
            if (levels.length > 0) {
                best = levels[0]
                for (let i = 1; i < levels.length; ++i)
                    if (Math.abs(levels[i] - section.defaults.level) < Math.abs(best - section.defaults.level))
                        best = levels[i]
            }
            return best
        }
        visible: nearest !== section.defaults.level
        //: Under the new chat's level: the chosen level is not compiled into the loaded model.
        text: qsTr("The loaded model has no level %1: new chats start at %2 with it.")
              .arg(section.defaults.level).arg(nearest)
    }

    Label { text: qsTr("System prompt") }
    SystemPromptField {
        objectName: "newChatSystemPrompt"
        Layout.fillWidth: true
        text: section.defaults.systemPrompt
        placeholderText: qsTr("Optional: instructions the model follows in every new chat")
        Accessible.name: qsTr("System prompt for new chats")
        onEditingFinished: section.defaults.systemPrompt = text
    }

    Label { text: qsTr("Thinking") }
    Switch {
        objectName: "newChatThinking"
        text: qsTr("Think first")
        checked: section.defaults.thinking
        Accessible.name: qsTr("New chats let the model think before answering")
        onToggled: section.defaults.thinking = checked
    }

    Label {
        Layout.columnSpan: 2
        Layout.fillWidth: true
        wrapMode: Text.Wrap
        color: Theme.mutedText
        text: qsTr("For chats started from now on (Ctrl+N); the open chat keeps its own settings.")
    }
    Item { Layout.columnSpan: 2; Layout.fillHeight: true }
}
