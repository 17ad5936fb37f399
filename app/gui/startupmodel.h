#pragma once
// Which model the app loads at start, and what it remembers: the last folder that loaded (the
// demo model is not remembered). When that folder fails to load (moved, NPU or runtime missing,
// a broken config) the demo model is loaded instead with a visible note naming the folder and the
// reason. A load that was still running when the app last ended (it crashed the app) is not
// retried: the marker `model/loading` stays set while a load runs.
#include <QObject>
#include <QString>

namespace facet::app {
class EngineClient;
}

namespace facet::gui {

class StartupModel : public QObject {
    Q_OBJECT
public:
    explicit StartupModel(app::EngineClient& engine, QObject* parent = nullptr);
    // Starts loading; progress shows in the status line.
    void start();

private:
    void onStateChanged();
    void fallBackToDemo(const QString& folder, const QString& reason);

    app::EngineClient& engine_;
    QString tryingFolder_; // the remembered folder, while its start-up load runs
    QString noteFolder_;   // shown once the demo model is in
    QString note_;
};

} // namespace facet::gui
