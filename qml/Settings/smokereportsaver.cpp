#include "Settings/smokereportsaver.h"

#include "core/support/durablefile.h"

#include <QBuffer>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QQuickWindow>

#include <stdexcept>

namespace facet::ui {
namespace {

// A stem no earlier report uses: two saves within one second must not replace the first.
QString freshStem(const QString& dir) {
    const QString base = QDir(dir).filePath(
        QStringLiteral("facet-smoke-test-%1")
            .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
    QString stem = base;
    for (int n = 2; QFileInfo::exists(stem + QStringLiteral(".json")) ||
                    QFileInfo::exists(stem + QStringLiteral(".png"));
         ++n)
        stem = base + QStringLiteral("-%1").arg(n);
    return stem;
}

} // namespace

QStringList SmokeReportSaver::save(const QUrl& folder, const QJsonObject& report,
                                   QQuickWindow* window) {
    const QString dir = folder.toLocalFile();
    const auto fail = [&](const QString& message) {
        error_ = message;
        emit errorChanged();
        qWarning().noquote() << "smoke test report not saved:" << error_;
    };
    if (!QFileInfo(dir).isDir()) {
        fail(tr("%1: %2").arg(dir, tr("folder does not exist")));
        return {};
    }
    const QString stem = freshStem(dir);
    // Written durably (every write checked, fsync, size verified, then renamed): QSaveFile in
    // Qt 6.4 commits a short file on a full disk and says it succeeded (durablefile.h).
    const QString json = stem + QStringLiteral(".json");
    try {
        app::writeFileDurably(json, QJsonDocument(report).toJson(QJsonDocument::Indented),
                              app::FileAccess::Shared);
    } catch (const std::runtime_error& e) {
        fail(QString::fromUtf8(e.what())); // "PATH: could not be written (reason); …"
        return {};
    }
    QStringList written{json};
    const QString png = stem + QStringLiteral(".png");
    // Encoded in memory and written the same way: QImage::save() to a file has the same blind
    // spot for a failed flush.
    QByteArray pngBytes;
    QBuffer buffer(&pngBytes);
    if (!window) {
        fail(tr("%1: %2").arg(png, tr("no window to take a screenshot of")));
    } else if (!buffer.open(QIODevice::WriteOnly) || !window->grabWindow().save(&buffer, "PNG")) {
        fail(tr("%1: %2").arg(png, tr("cannot write the screenshot")));
    } else {
        try {
            app::writeFileDurably(png, pngBytes, app::FileAccess::Shared);
            written << png;
        } catch (const std::runtime_error& e) {
            fail(QString::fromUtf8(e.what()));
        }
    }
    if (written.size() == 2) {
        error_.clear();
        emit errorChanged();
    }
    return written;
}

} // namespace facet::ui
