// Literals the token check must report (each line marked planted) and the uses it must allow.
// Not part of any QML module: tests/style/check_qml_tokens.py --planted reads it as text.
import QtQuick
import QtQuick.Layouts

ColumnLayout {
    spacing: 6 // planted
    anchors.margins: 12 // planted
    Layout.leftMargin: 4 // planted
    Text { font.pixelSize: 11 } // planted
    Text { font.pointSize: 9.5 } // planted
    Rectangle { radius: 4; color: "#ff0000" } // planted
    Rectangle { border.color: "red" } // planted
    Rectangle { color: down ? "black" : Theme.window } // planted
    Rectangle { color: status === "fail" ? Theme.error : "transparent" }
    Rectangle { color: Qt.rgba(1, 0, 0, 1) } // planted
    Text { topPadding: 2 } // planted
    // Allowed: tokens, zero, transparent, expressions, comments with literals (spacing: 8).
    Rectangle { radius: Theme.radius; color: "transparent"; border.width: 0 }
    Text { font.pointSize: Theme.smallFontSize; padding: Theme.smallSpacing * 2 }
    RowLayout { spacing: 0 }
    Text { text: qsTr("Colour #fff is white") }
}
