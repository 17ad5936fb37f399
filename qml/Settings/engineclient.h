#pragma once
// The GUI-thread face of the engine worker: starts the worker thread, loads models (the built-in
// demo model on the simulated device, or a folder the user picks), publishes the model status
// for the status line, and forwards generation requests and their events.
#include "engineworker.h"

#include <QObject>
#include <QThread>
#include <QUrl>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class EngineClient : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    Q_PROPERTY(State state READ state NOTIFY stateChanged)
    Q_PROPERTY(bool ready READ ready NOTIFY stateChanged)
    Q_PROPERTY(QString loadStep READ loadStep NOTIFY loadProgressChanged)
    Q_PROPERTY(double loadFraction READ loadFraction NOTIFY loadProgressChanged)
    Q_PROPERTY(QString lastError READ lastError NOTIFY stateChanged)
    Q_PROPERTY(QString modelDir READ modelDir NOTIFY stateChanged)
    Q_PROPERTY(bool demo READ demo NOTIFY stateChanged)
    Q_PROPERTY(QVariantMap info READ info NOTIFY stateChanged)
    Q_PROPERTY(QVariantList detailLevels READ detailLevels NOTIFY stateChanged)
    Q_PROPERTY(QString demoModelDir READ demoModelDir CONSTANT)
public:
    enum class State { NoModel, Loading, Ready, Failed };
    Q_ENUM(State)

    explicit EngineClient(QObject* parent = nullptr);
    ~EngineClient() override;

    State state() const { return state_; }
    bool ready() const { return state_ == State::Ready; }
    QString loadStep() const { return loadStep_; }
    double loadFraction() const { return loadFraction_; }
    QString lastError() const { return lastError_; }
    QString modelDir() const { return modelDir_; }
    bool demo() const { return demo_; }
    QVariantMap info() const;
    QVariantList detailLevels() const;
    static QString demoModelDir();
    static QString simulatorLibrary();

    const generate::ModelInfo& modelInfo() const { return info_; }
    const generate::SamplingSettings& defaultSampling() const { return defaults_; }

    Q_INVOKABLE void loadModel(const QUrl& folder, int deviceId = 0);
    Q_INVOKABLE void loadModelDir(const QString& folder, int deviceId, const QString& runtime);
    Q_INVOKABLE void loadDemoModel();
    Q_INVOKABLE void cancelLoad();

    // Generation (used by the chat controller). Returns the request id.
    quint64 submit(app::GenerateJob job);
    void stop(quint64 id);
    // Stops everything and joins the worker thread (quit while generating ends here).
    void shutdown();
    app::EngineWorker* worker() { return worker_; }

signals:
    void stateChanged();
    void loadProgressChanged();
    void phaseChanged(quint64 id, const facet::generate::PhaseEvent& phase);
    void textArrived(quint64 id, const QString& content, const QString& reasoning);
    void finished(quint64 id, const QJsonObject& stats, const QString& fullReply);
    void failed(quint64 id, const QString& message, const QJsonObject& partialStats);

private:
    void setState(State state);

    QThread thread_;
    app::EngineWorker* worker_ = nullptr; // lives on thread_, deleted when it finishes
    State state_ = State::NoModel;
    quint64 loadId_ = 0;
    QString loadStep_;
    double loadFraction_ = 0;
    QString lastError_;
    QString modelDir_;
    bool demo_ = false;
    generate::ModelInfo info_;
    generate::SamplingSettings defaults_;
};

} // namespace facet::ui
