#include "Settings/smokereportsaver.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QQuickWindow>
#include <QSaveFile>

namespace facet::ui {

QStringList SmokeReportSaver::save(const QUrl& folder, const QJsonObject& report,
                                   QQuickWindow* window) {
    const QString dir = folder.toLocalFile();
    const QString stem = QDir(dir).filePath(
        QStringLiteral("facet-smoke-test-%1")
            .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
    const auto fail = [&](const QString& path, const QString& reason) {
        error_ = tr("%1: %2").arg(path, reason);
        emit errorChanged();
        qWarning().noquote() << "smoke test report not saved:" << error_;
    };
    if (!QFileInfo(dir).isDir()) {
        fail(dir, tr("folder does not exist"));
        return {};
    }
    QSaveFile json(stem + QStringLiteral(".json"));
    const QByteArray bytes = QJsonDocument(report).toJson(QJsonDocument::Indented);
    if (!json.open(QIODevice::WriteOnly) || json.write(bytes) != bytes.size() || !json.commit()) {
        fail(json.fileName(), json.errorString());
        return {};
    }
    QStringList written{json.fileName()};
    const QString png = stem + QStringLiteral(".png");
    if (!window)
        fail(png, tr("no window to take a screenshot of"));
    else if (!window->grabWindow().save(png))
        fail(png, tr("cannot write the screenshot"));
    else
        written << png;
    if (written.size() == 2) {
        error_.clear();
        emit errorChanged();
    }
    return written;
}

} // namespace facet::ui
