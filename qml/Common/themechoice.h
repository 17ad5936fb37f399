#pragma once
// Light or dark: by default Facet follows the system palette (Theme.qml reads the window color's
// lightness, Qt 6.4 has no color-scheme API); `--theme dark|light` or FACET_THEME=dark|light
// forces one, e.g. to check the dark look on a light desktop or in the GUI tests.
#include <QPalette>
#include <QStringList>

class QQuickWindow;

namespace facet::ui {

enum class ThemeChoice { System, Light, Dark };

// `--theme VALUE` or `--theme=VALUE` in `arguments`, else the FACET_THEME environment variable;
// System when neither is given. An unknown value is reported with qWarning and means System.
ThemeChoice themeChoice(const QStringList& arguments);

// Light and Dark set a fixed application palette (Fusion controls and Theme.qml follow it);
// System keeps the platform's. Call after QGuiApplication exists; may be called again later.
void applyTheme(ThemeChoice choice);

// Qt Quick Controls (Fusion) on Qt 6.4 take their colors from the style's own theme, not from
// the application palette: copy the application palette into `window`'s palette, now and
// whenever it changes, so controls and Theme.qml agree.
void followApplicationPalette(QQuickWindow* window);

QPalette darkPalette();
QPalette lightPalette();

} // namespace facet::ui
