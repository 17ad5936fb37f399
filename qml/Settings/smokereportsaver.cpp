#include "Settings/smokereportsaver.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QQuickWindow>
#include <QSaveFile>

namespace facet::ui {

QString SmokeReportSaver::save(const QUrl& folder, const QJsonObject& report,
                               QQuickWindow* window) {
    const QString dir = folder.toLocalFile();
    const QString stem = QDir(dir).filePath(
        QStringLiteral("facet-smoke-test-%1")
            .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
    const auto fail = [&](const QString& path, const QString& reason) {
        error_ = tr("%1: %2").arg(path, reason);
        emit errorChanged();
        qWarning().noquote() << "smoke test report not saved:" << error_;
        return QString();
    };
    if (!QFileInfo(dir).isDir())
        return fail(dir, tr("folder does not exist"));
    QSaveFile json(stem + QStringLiteral(".json"));
    const QByteArray bytes = QJsonDocument(report).toJson(QJsonDocument::Indented);
    if (!json.open(QIODevice::WriteOnly) || json.write(bytes) != bytes.size() || !json.commit())
        return fail(json.fileName(), json.errorString());
    if (window && !window->grabWindow().save(stem + QStringLiteral(".png")))
        return fail(stem + QStringLiteral(".png"), tr("cannot write the screenshot"));
    error_.clear();
    emit errorChanged();
    return stem + QStringLiteral(".json");
}

} // namespace facet::ui
