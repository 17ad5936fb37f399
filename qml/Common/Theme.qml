pragma Singleton
import QtQuick

// Colors and sizes shared by the views. Light or dark follows the system palette (Qt 6.4 has no
// styleHints.colorScheme): a dark window color means a dark theme.
QtObject {
    readonly property SystemPalette system: SystemPalette { colorGroup: SystemPalette.Active }
    readonly property bool dark: system.window.hslLightness < 0.5

    readonly property color window: system.window
    readonly property color text: system.windowText
    readonly property color mutedText: dark ? "#a8acb3" : "#5f6368"
    readonly property color accent: dark ? "#8ab4f8" : "#1a73e8"
    readonly property color userBubble: dark ? "#2d3b55" : "#e8f0fe"
    readonly property color replyBubble: dark ? "#2a2b2e" : "#f6f7f9"
    readonly property color sidebar: dark ? "#1f2023" : "#eef0f3"
    readonly property color border: dark ? "#45474c" : "#d5d8dc"
    readonly property color error: dark ? "#f28b82" : "#c5221f"
    readonly property color warning: dark ? "#fdd663" : "#8a5a00"
    readonly property color overlay: dark ? "#cc101418" : "#cce8f0fe"
    // The selected conversation and hovered rows: chosen against `text` (WCAG AA in both themes;
    // the system highlight made light text on light blue in the dark theme).
    readonly property color selection: dark ? "#2e3a50" : "#d2e3fc"
    readonly property color hover: dark ? "#2a2d33" : "#e2e6ea"
    // Words that differ from the baseline in the compare view: behind `text`, WCAG AA in both.
    readonly property color diffHighlight: dark ? "#6b5511" : "#f9d45c"

    readonly property int spacing: 8
    readonly property int radius: 8
    readonly property int chipHeight: 64
}
