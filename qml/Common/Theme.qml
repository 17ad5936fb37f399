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
    // The primary action (Send) is filled with the accent: `accentStrong` under the pointer or
    // pressed, `accentInk` its icon (4.5:1 on both, tests/gui/tst_gui_theme.cpp;
    // not named onAccent: QML reads `on` and a capital letter as a signal handler).
    readonly property color accentStrong: dark ? "#aecbfa" : "#1557b0"
    readonly property color accentInk: dark ? "#202124" : "#ffffff"
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

    // States of what the views draw themselves (conversation rows, chips, frames): `hover` above,
    // `pressed` one step further, `focus` the frame of the keyboard's position (3:1 against every
    // surface it is drawn on, tests/gui/tst_gui_theme.cpp). Disabled controls are Fusion's, drawn
    // from the palette's Disabled group, which the same test checks.
    readonly property color pressed: dark ? "#353941" : "#dbdfe4"
    readonly property color focus: accent
    // Behind a code block in a reply: a step away from the reply bubble, every ink AA on it.
    readonly property color codeBackground: dark ? "#1e1f22" : "#eceef1"
    // Behind a picture's thumbnail, so transparent parts look as in an image viewer: white in
    // both themes (the examples are drawn on white).
    readonly property color imageBackground: "#ffffff"

    // Sizes follow the application font, as Kirigami's Units do (kirigami units.cpp: gridUnit
    // from the font's metrics, made even; smallSpacing = max(2, gridUnit / 4); largeSpacing =
    // 2 × smallSpacing): a larger system font makes the whole window larger, not only its text.
    // A default-constructed QFont is the application's font (QGuiApplication::font()).
    readonly property FontMetrics metrics: FontMetrics {}
    readonly property int gridUnit: {
        const h = Math.ceil(metrics.height);
        return h % 2 === 0 ? h : h + 1;
    }
    readonly property int smallSpacing: Math.max(2, Math.floor(gridUnit / 4))
    readonly property int tinySpacing: Math.max(1, Math.floor(smallSpacing / 2))
    readonly property int mediumSpacing: Math.round(smallSpacing * 1.5)
    readonly property int largeSpacing: smallSpacing * 2
    readonly property int wideSpacing: smallSpacing * 3
    // A line between two surfaces (borders, focus frames): one device-independent pixel.
    readonly property int hairline: 1
    readonly property int focusWidth: 2

    // Type scale: multiples of the application font's size, so captions keep their proportion
    // to the body text whatever the user's font.
    readonly property real bodyFontSize: metrics.font.pointSize > 0
                                         ? metrics.font.pointSize
                                         : metrics.font.pixelSize * 0.75
    readonly property real smallFontSize: bodyFontSize * 0.9
    readonly property real captionFontSize: bodyFontSize * 0.82
    readonly property real headingFontSize: bodyFontSize * 1.4
    readonly property real displayFontSize: bodyFontSize * 2

    // Corner radii: small for chips and badges, large for bubbles and cards.
    readonly property int smallRadius: Math.max(2, Math.floor(smallSpacing * 0.75))
    readonly property int radius: largeSpacing
    readonly property int chipHeight: gridUnit * 4
    // The conversation's reading column: 52 grid units (832 px at the usual font) keeps a reply's
    // lines near 100 characters, within the 760–860 px issue #57 asks for, on any screen.
    readonly property int readingWidth: gridUnit * 52
}
