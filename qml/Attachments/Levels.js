.pragma library

// The five detail levels (Gemma 4 max_soft_tokens) and their names in the interface.
var values = [70, 140, 280, 560, 1120]

function label(level) {
    switch (level) {
    case 70: return qsTr("Minimal")
    case 140: return qsTr("Low")
    case 280: return qsTr("Standard")
    case 560: return qsTr("High")
    case 1120: return qsTr("Maximum")
    }
    return String(level)
}

function available(level, modelLevels) {
    return modelLevels.length === 0 || modelLevels.indexOf(level) >= 0
}
