#pragma once
// Settings → Appearance → Theme (issue #57): System, Light or Dark, remembered in the application
// settings (QSettings `ui/theme`) and applied at once. `--theme` or FACET_THEME on the command
// line still win for that run (themechoice.h), without changing what is remembered.
#include "Common/themechoice.h"

#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class ThemeSetting : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    // 0 System, 1 Light, 2 Dark: the Theme box's rows.
    Q_PROPERTY(int choiceIndex READ choiceIndex WRITE setChoiceIndex NOTIFY changed)
public:
    explicit ThemeSetting(QObject* parent = nullptr);

    ThemeChoice choice() const { return choice_; }
    int choiceIndex() const { return static_cast<int>(choice_); }
    // Remembers the choice and applies it to the application palette.
    void setChoiceIndex(int index);
    // At start: `forced` (from the command line) when it is Light or Dark, else what is
    // remembered.
    void applyAtStart(ThemeChoice forced);

signals:
    void changed();

private:
    ThemeChoice choice_ = ThemeChoice::System;
};

// System, Light or Dark on the application palette; System puts the platform's palette back.
void applyThemeChoice(ThemeChoice choice);

} // namespace facet::ui
