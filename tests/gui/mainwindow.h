#pragma once
// The real main window as `facet` opens it, for the GUI tests: an AppController on a store
// folder with the local engine, Main.qml loaded by the app's own loader, the window shown;
// then the built-in demo model loaded on the simulated device. Each step returns what failed,
// empty when it worked, for QVERIFY2 in the calling test.
#include "Common/appcontroller.h"
#include "Common/application.h"

#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTest>

#include <memory>

namespace facet::test {

// Loading the demo model compiles its graphs on the simulator: slow under the sanitizers
// (ThreadSanitizer's simulator at load 6 needed up to 220 s for a five-level comparison).
#if defined(__SANITIZE_THREAD__)
constexpr int kEngineWaitMs = 600000;
#elif defined(__SANITIZE_ADDRESS__)
constexpr int kEngineWaitMs = 300000;
#else
constexpr int kEngineWaitMs = 90000;
#endif

inline QString openMainWindow(const QString& storeDir, std::unique_ptr<ui::AppController>& app,
                              std::unique_ptr<QQmlApplicationEngine>& qml, QQuickWindow*& window,
                              QSize size = {}) {
    app = std::make_unique<ui::AppController>(storeDir, app::makeLocalBackend());
    app->library()->loadConversations();
    qml = std::make_unique<QQmlApplicationEngine>();
    if (!ui::loadMainWindow(*qml, *app))
        return QStringLiteral("Main.qml did not load");
    window = qobject_cast<QQuickWindow*>(qml->rootObjects().first());
    if (!window)
        return QStringLiteral("the root object is not a window");
    if (size.isValid())
        window->resize(size);
    if (!QTest::qWaitForWindowExposed(window))
        return QStringLiteral("the window was never exposed");
    return {};
}

inline QString loadDemoModel(ui::AppController& app) {
    app.engine()->model().loadDemoModel();
    const bool settled = QTest::qWaitFor(
        [&] { return app.engine()->model().state() != app::ModelLoader::State::Loading; },
        kEngineWaitMs);
    if (!settled)
        return QStringLiteral("the demo model was still loading after %1 s")
            .arg(kEngineWaitMs / 1000);
    return app.engine()->model().ready() ? QString() : app.engine()->model().lastError();
}

} // namespace facet::test
