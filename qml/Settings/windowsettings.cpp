#include "Settings/windowsettings.h"

#include "Settings/windowplacement.h"

#include <QGuiApplication>
#include <QScreen>
#include <QSettings>

#include <algorithm>

namespace facet::ui {
namespace {
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kMaximizedKey = QStringLiteral("window/maximized");
const QString kSidebarWidthKey = QStringLiteral("window/sidebarWidth");
const QString kSidebarCollapsedKey = QStringLiteral("window/sidebarCollapsed");

QList<QRect> availableScreens() {
    QList<QRect> screens;
    if (QScreen* primary = QGuiApplication::primaryScreen())
        screens.append(primary->availableGeometry());
    for (QScreen* screen : QGuiApplication::screens())
        if (screen != QGuiApplication::primaryScreen())
            screens.append(screen->availableGeometry());
    return screens;
}

int clampedSidebarWidth(int width) {
    return std::clamp(width, WindowSettings::kMinimumSidebarWidth,
                      WindowSettings::kMaximumSidebarWidth);
}
} // namespace

WindowSettings::WindowSettings(QObject* parent) : QObject(parent) {
    const QSettings settings;
    std::optional<QRect> stored;
    if (const QVariant value = settings.value(kGeometryKey); value.canConvert<QRect>())
        if (const QRect rect = value.toRect(); rect.isValid())
            stored = rect;
    initialGeometry_ = placeWindow(stored, availableScreens());
    initiallyMaximized_ = settings.value(kMaximizedKey, false).toBool();
    bool ok = false;
    const int width = settings.value(kSidebarWidthKey, kDefaultSidebarWidth).toInt(&ok);
    sidebarWidth_ = ok ? clampedSidebarWidth(width) : kDefaultSidebarWidth;
    sidebarCollapsed_ = settings.value(kSidebarCollapsedKey, false).toBool();
}

void WindowSettings::setSidebarWidth(int width) {
    width = clampedSidebarWidth(width);
    if (width == sidebarWidth_)
        return;
    sidebarWidth_ = width;
    QSettings().setValue(kSidebarWidthKey, sidebarWidth_);
    emit sidebarChanged();
}

void WindowSettings::setSidebarCollapsed(bool collapsed) {
    if (collapsed == sidebarCollapsed_)
        return;
    sidebarCollapsed_ = collapsed;
    QSettings().setValue(kSidebarCollapsedKey, sidebarCollapsed_);
    emit sidebarChanged();
}

void WindowSettings::saveGeometry(const QRect& geometry, bool maximized) {
    QSettings settings;
    settings.setValue(kMaximizedKey, maximized);
    if (!maximized && geometry.isValid())
        settings.setValue(kGeometryKey, geometry);
}

} // namespace facet::ui
