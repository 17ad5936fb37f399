#include "scenegraphbackend.h"

#include <QDir>
#include <QGuiApplication>
#include <QQuickWindow>
#include <QSGRendererInterface>

namespace facet::gui {

GraphicsSituation currentGraphicsSituation(const QStringList& arguments) {
    GraphicsSituation s;
    // Qt reads these itself (qtdeclarative v6.4.2 src/quick/scenegraph/qsgcontextplugin.cpp,
    // contextFactory(): --device=, QMLSCENE_DEVICE, QT_QUICK_BACKEND; src/quick/scenegraph/
    // qsgrhisupport.cpp: QSG_RHI_BACKEND), but a backend set with QQuickWindow::setGraphicsApi()
    // comes before the environment there, so the user's choice is honoured by not setting one.
    for (const char* name : {"QT_QUICK_BACKEND", "QMLSCENE_DEVICE", "QSG_RHI_BACKEND"})
        s.userChose = s.userChose || !qEnvironmentVariableIsEmpty(name);
    for (const QString& a : arguments)
        s.userChose = s.userChose || a.startsWith(QLatin1String("--device="));
    s.platform = QGuiApplication::platformName();
    const QString forced = qEnvironmentVariable("LIBGL_ALWAYS_SOFTWARE");
    s.softwareGlForced = !forced.isEmpty() && forced != QLatin1String("0");
    s.renderNode = !QDir(QStringLiteral("/dev/dri"))
                        .entryList({QStringLiteral("renderD*")}, QDir::System)
                        .isEmpty();
    return s;
}

QString softwareRendererReason(const GraphicsSituation& s) {
    if (s.userChose)
        return {};
    if (s.platform != QLatin1String("xcb") && !s.platform.startsWith(QLatin1String("wayland")))
        return {};
    if (s.softwareGlForced)
        return QStringLiteral("LIBGL_ALWAYS_SOFTWARE is set");
    if (!s.renderNode)
        return QStringLiteral("no GPU render node in /dev/dri");
    return {};
}

QString chooseSceneGraphBackend(const QStringList& arguments) {
    const QString reason = softwareRendererReason(currentGraphicsSituation(arguments));
    if (!reason.isEmpty())
        QQuickWindow::setGraphicsApi(QSGRendererInterface::Software);
    return reason;
}

} // namespace facet::gui
