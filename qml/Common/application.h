#pragma once
// Shared start-up of the GUI: style, image provider, the main window. Used by main() and by the
// GUI smoke test so the test runs the same code as the app.
class QQmlApplicationEngine;

namespace facet::ui {

class AppController;

// Call before QGuiApplication is created.
void prepareApplication();
// Loads Main.qml with `app` as the App singleton. Returns false when the window failed to load.
bool loadMainWindow(QQmlApplicationEngine& engine, AppController& app);

} // namespace facet::ui
