#pragma once
// Which Qt Quick scene-graph backend the window renders with when the user chose none: Qt's
// software renderer (QPainter into the window's backing store) where there is no GPU, instead
// of OpenGL through Mesa's llvmpipe. On Xvfb + llvmpipe, Mesa's LLVM JIT cost ~0.5 s and
// ~100 MB at start-up (docs/performance.md), which the software renderer does not pay; the
// views use nothing it lacks (no ShaderEffect, layer.effect, particles or VideoOutput:
// docs/design.md, "Rendering without a GPU").
#include <QString>

namespace facet::gui {

// What the choice depends on, read from the process's environment and the system.
struct GraphicsSituation {
    // QT_QUICK_BACKEND, QMLSCENE_DEVICE, QSG_RHI_BACKEND or --device= given: the user chose.
    bool userChose = false;
    // The platform plugin (QGuiApplication::platformName()): only xcb and wayland windows
    // render through the GPU or llvmpipe; the others (offscreen, vnc, linuxfb) Qt decides.
    QString platform;
    // LIBGL_ALWAYS_SOFTWARE set to anything but empty or "0": Mesa renders on the CPU anyway.
    bool softwareGlForced = false;
    // A DRM render node (/dev/dri/renderD*) exists: a GPU driver is there.
    bool renderNode = false;
};

// The situation of this process. Call after QGuiApplication exists (for the platform).
GraphicsSituation currentGraphicsSituation(const QStringList& arguments);

// "" to leave Qt's default, or why the software renderer is chosen (for the log).
QString softwareRendererReason(const GraphicsSituation& situation);

// Chooses the software renderer where softwareRendererReason() gives one, before any window
// exists (QQuickWindow::setGraphicsApi); returns that reason, "" when Qt's default stays.
QString chooseSceneGraphBackend(const QStringList& arguments);

} // namespace facet::gui
