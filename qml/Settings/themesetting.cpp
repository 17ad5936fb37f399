#include "Settings/themesetting.h"

#include <QGuiApplication>
#include <QSettings>

namespace facet::ui {
namespace {
const QString kThemeKey = QStringLiteral("ui/theme");
const char* const kThemeNames[] = {"system", "light", "dark"};
} // namespace

ThemeSetting::ThemeSetting(QObject* parent) : QObject(parent) {
    const QString stored = QSettings().value(kThemeKey).toString();
    for (int i = 0; i < 3; ++i)
        if (stored == QLatin1String(kThemeNames[i]))
            choice_ = static_cast<ThemeChoice>(i);
}

void ThemeSetting::setChoiceIndex(int index) {
    if (index < 0 || index > 2 || index == choiceIndex())
        return;
    choice_ = static_cast<ThemeChoice>(index);
    QSettings().setValue(kThemeKey, QLatin1String(kThemeNames[index]));
    applyThemeChoice(choice_);
    emit changed();
}

void ThemeSetting::applyAtStart(ThemeChoice forced) {
    applyThemeChoice(forced != ThemeChoice::System ? forced : choice_);
}

void applyThemeChoice(ThemeChoice choice) {
    if (choice == ThemeChoice::System)
        // A palette that sets no role: Qt resolves it against the platform theme's palette
        // (QGuiApplicationPrivate::updatePalette in qtbase), the one Facet started with.
        QGuiApplication::setPalette(QPalette());
    else
        applyTheme(choice);
}

} // namespace facet::ui
