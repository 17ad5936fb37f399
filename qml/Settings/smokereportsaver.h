#pragma once
// Saves what Help → Run smoke test… found: the JSON report (the same shape as
// `facet-cli smoke-test --report`) and, when a window is given, a screenshot of it showing the
// checklist, into a folder the user picks, under one time-stamped name. It returns the files it
// wrote, so the dialog says only what is on disk.
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
    // Returns the paths written (the report, then the screenshot), and sets `error` (the path and
    // the reason) for what could not be: an empty list when the report itself was not written.
    Q_INVOKABLE QStringList save(const QUrl& folder, const QJsonObject& report,
                                 QQuickWindow* window);
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    QString error() const { return error_; }

signals:
    void errorChanged();

private:
    QString error_;
};

} // namespace facet::ui
