// The scene-graph backend choice (app/gui/scenegraphbackend.*): the software renderer under a
// window system without a GPU (no render node, or Mesa told to render on the CPU), Qt's default
// otherwise, and never over the user's own choice.
#include "scenegraphbackend.h"

#include <QTest>

using facet::gui::currentGraphicsSituation;
using facet::gui::GraphicsSituation;
using facet::gui::softwareRendererReason;

class TestSceneGraphBackend : public QObject {
    Q_OBJECT
private slots:
    void softwareWithoutAGpu() {
        GraphicsSituation s;
        s.platform = QStringLiteral("xcb");
        s.renderNode = false;
        QCOMPARE(softwareRendererReason(s), QStringLiteral("no GPU render node in /dev/dri"));
        s.platform = QStringLiteral("wayland-egl");
        QVERIFY(!softwareRendererReason(s).isEmpty());
        s.renderNode = true;
        s.softwareGlForced = true;
        QCOMPARE(softwareRendererReason(s), QStringLiteral("LIBGL_ALWAYS_SOFTWARE is set"));
    }

    void defaultWithAGpu() {
        GraphicsSituation s;
        s.platform = QStringLiteral("xcb");
        s.renderNode = true;
        QVERIFY(softwareRendererReason(s).isEmpty());
    }

    // offscreen, vnc, linuxfb: Qt picks the software renderer itself where it cannot use a
    // GPU API (qsgcontextplugin.cpp, contextFactory()); nothing to choose there.
    void otherPlatformsLeftToQt() {
        GraphicsSituation s;
        s.platform = QStringLiteral("offscreen");
        s.renderNode = false;
        QVERIFY(softwareRendererReason(s).isEmpty());
    }

    void theUsersChoiceWins() {
        GraphicsSituation s;
        s.platform = QStringLiteral("xcb");
        s.renderNode = false;
        s.softwareGlForced = true;
        s.userChose = true;
        QVERIFY(softwareRendererReason(s).isEmpty());
    }

    // The environment read as Qt reads it: any of its backend variables, or --device=, is the
    // user's choice; LIBGL_ALWAYS_SOFTWARE=0 forces nothing.
    void situationFromTheEnvironment() {
        for (const char* name :
             {"QT_QUICK_BACKEND", "QMLSCENE_DEVICE", "QSG_RHI_BACKEND", "LIBGL_ALWAYS_SOFTWARE"})
            qunsetenv(name);
        QVERIFY(!currentGraphicsSituation({}).userChose);
        QVERIFY(!currentGraphicsSituation({}).softwareGlForced);
        QVERIFY(currentGraphicsSituation(
                    {QStringLiteral("facet"), QStringLiteral("--device=softwarecontext")})
                    .userChose);
        for (const char* name : {"QT_QUICK_BACKEND", "QMLSCENE_DEVICE", "QSG_RHI_BACKEND"}) {
            qputenv(name, "opengl");
            QVERIFY2(currentGraphicsSituation({}).userChose, name);
            qunsetenv(name);
        }
        qputenv("LIBGL_ALWAYS_SOFTWARE", "0");
        QVERIFY(!currentGraphicsSituation({}).softwareGlForced);
        qputenv("LIBGL_ALWAYS_SOFTWARE", "1");
        QVERIFY(currentGraphicsSituation({}).softwareGlForced);
        qunsetenv("LIBGL_ALWAYS_SOFTWARE");
    }
};

QTEST_GUILESS_MAIN(TestSceneGraphBackend)
#include "tst_scenegraphbackend.moc"
