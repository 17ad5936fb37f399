#pragma once
// Where the main window opens: where the user left it, or — on the first start, or when the
// screen it was on is gone — a size that fits the screen it opens on. Pure geometry, so the
// rules are tested without a window system (tests/app/tst_windowsettings.cpp).
#include <QList>
#include <QRect>
#include <QSize>

#include <optional>

namespace facet::ui {

// The size the window asks for on a screen with room for it.
inline constexpr QSize kPreferredWindowSize{1180, 800};
// Below this the sidebar and the composer's controls no longer fit side by side (Main.qml's
// minimumWidth and minimumHeight).
inline constexpr QSize kMinimumWindowSize{720, 520};

// `stored`: the geometry saved when the window last closed (client area, as QWindow reports
// it), none on the first start. `screens`: each screen's available geometry (without panels),
// the primary one first. Returns the client-area geometry to open with:
// - the stored one when its top edge (where the title bar is grabbed) lies on a screen, shrunk
//   to that screen's free area if it has become smaller;
// - otherwise kPreferredWindowSize, shrunk to 90 % of the primary screen's free area (the
//   window manager's frame and title bar come on top of the client area, and Qt cannot know
//   their size before the window is shown), never below kMinimumWindowSize, centred on it.
QRect placeWindow(const std::optional<QRect>& stored, const QList<QRect>& screens);

} // namespace facet::ui
