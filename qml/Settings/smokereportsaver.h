#pragma once
// Saves what Help → Run smoke test… found: the JSON report (the same shape as
// `facet-cli smoke-test --report`) and a screenshot of the window showing the checklist, into a
// folder the user picks, under one time-stamped name.
#include <QJsonObject>
#include <QObject>
#include <QQuickWindow>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class SmokeReportSaver : public QObject {
    Q_OBJECT
    QML_ELEMENT
public:
    using QObject::QObject;
    // Returns the report's path, or "" with `error` set (the path and the reason).
    Q_INVOKABLE QString save(const QUrl& folder, const QJsonObject& report, QQuickWindow* window);
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    QString error() const { return error_; }

signals:
    void errorChanged();

private:
    QString error_;
};

} // namespace facet::ui
