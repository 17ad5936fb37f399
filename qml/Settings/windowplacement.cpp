#include "Settings/windowplacement.h"

#include <algorithm>

namespace facet::ui {
namespace {

// The screen holding the middle of the window's top edge: the part a user drags it by.
const QRect* screenHolding(const QRect& window, const QList<QRect>& screens) {
    const QPoint grip(window.center().x(), window.top());
    for (const QRect& screen : screens)
        if (screen.contains(grip))
            return &screen;
    return nullptr;
}

QRect fitted(QRect window, const QRect& screen) {
    window.setWidth(std::min(window.width(), screen.width()));
    window.setHeight(std::min(window.height(), screen.height()));
    // Moved back inside when it sticks out past the screen's right or bottom edge.
    window.moveLeft(std::clamp(window.left(), screen.left(), screen.right() - window.width() + 1));
    window.moveTop(std::clamp(window.top(), screen.top(), screen.bottom() - window.height() + 1));
    return window;
}

} // namespace

QRect placeWindow(const std::optional<QRect>& stored, const QList<QRect>& screens) {
    if (stored && stored->width() >= kMinimumWindowSize.width() &&
        stored->height() >= kMinimumWindowSize.height())
        if (const QRect* screen = screenHolding(*stored, screens))
            return fitted(*stored, *screen);
    if (screens.isEmpty())
        return {QPoint(0, 0), kPreferredWindowSize};
    const QRect& screen = screens.first();
    // 90 %: room for the frame and title bar the window manager adds around the client area.
    const QSize room(screen.width() * 9 / 10, screen.height() * 9 / 10);
    const QSize size(
        std::max(std::min(kPreferredWindowSize.width(), room.width()), kMinimumWindowSize.width()),
        std::max(std::min(kPreferredWindowSize.height(), room.height()),
                 kMinimumWindowSize.height()));
    QRect window(QPoint(0, 0), size);
    window.moveCenter(screen.center());
    return fitted(window, screen);
}

} // namespace facet::ui
