#include "core/support/imagefacts.h"

#include "image/image.h"
#include "image/preprocess.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QPainter>

#include <exception>
#include <stdexcept>

namespace facet::app {
namespace {

QImage toQImage(const image::RgbImage& rgb) {
    QImage view(rgb.rgb.data(), rgb.width, rgb.height, rgb.width * 3, QImage::Format_RGB888);
    return view.copy(); // own the pixels: `rgb` goes away
}

// The engine's messages name the full path; the app names the file the user recognises.
[[noreturn]] void failFor(const QString& path, const QString& reason) {
    throw std::runtime_error(
        (QFileInfo(path).fileName() + QLatin1String(": ") + reason).toStdString());
}

QString engineReason(const QString& path, const std::exception& e) {
    QString message = QString::fromStdString(e.what());
    const QString prefix =
        QString::fromStdString(std::filesystem::path(path.toStdString()).string());
    if (message.startsWith(prefix + QLatin1String(": ")))
        message = message.mid(prefix.size() + 2);
    return message;
}

image::RgbImage decode(const QString& path) {
    try {
        return image::decodeImage(path.toStdString());
    } catch (const std::exception& e) {
        failFor(path, engineReason(path, e));
    }
}

} // namespace

ImageFacts inspectImage(const QString& path) {
    const QFileInfo info(path);
    if (!info.exists())
        failFor(path, QCoreApplication::translate("ImageFacts", "the file does not exist"));
    if (!info.isFile())
        failFor(path, QCoreApplication::translate("ImageFacts", "not a file"));
    if (info.size() > kMaxImageFileBytes)
        failFor(path,
                QCoreApplication::translate("ImageFacts", "too large (%L1 MB; the limit is %L2 MB)")
                    .arg(static_cast<double>(info.size()) / (1024.0 * 1024.0), 0, 'f', 1)
                    .arg(kMaxImageFileBytes / (1024 * 1024)));
    try {
        const image::Dimensions d = image::probeDimensions(path.toStdString());
        return {d.width, d.height, info.size()};
    } catch (const std::exception& e) {
        failFor(path, engineReason(path, e));
    }
}

int softTokensFor(int width, int height, int level) {
    try {
        return image::softTokensFor(width, height, level);
    } catch (const std::exception&) {
        return 0;
    }
}

QSize modelInputSize(int width, int height, int level) {
    try {
        const image::TargetSize t = image::aspectRatioPreservingSize(
            height, width, image::kPatchSize,
            level * image::kPoolingKernelSize * image::kPoolingKernelSize,
            image::kPoolingKernelSize);
        return {t.width, t.height};
    } catch (const std::exception&) {
        return {};
    }
}

QImage decodeThumbnail(const QString& path, int maxSide) {
    const QImage full = toQImage(decode(path));
    if (full.width() <= maxSide && full.height() <= maxSide)
        return full;
    return full.scaled(maxSide, maxSide, Qt::KeepAspectRatio, Qt::SmoothTransformation);
}

QImage modelView(const QString& path, int level) {
    const image::RgbImage decoded = decode(path);
    const QSize size = modelInputSize(decoded.width, decoded.height, level);
    if (size.isEmpty())
        failFor(path,
                QCoreApplication::translate("ImageFacts", "cannot be resized for detail level %1")
                    .arg(level));
    QImage seen = toQImage(image::resizeBicubic(decoded, size.width(), size.height()))
                      .convertToFormat(QImage::Format_ARGB32_Premultiplied);
    // One cell per soft token: 16-pixel patches pooled 3×3.
    QPainter painter(&seen);
    painter.setPen(QPen(QColor(255, 255, 255, 150), 1));
    for (int x = kSoftTokenPixels; x < seen.width(); x += kSoftTokenPixels)
        painter.drawLine(x, 0, x, seen.height());
    for (int y = kSoftTokenPixels; y < seen.height(); y += kSoftTokenPixels)
        painter.drawLine(0, y, seen.width(), y);
    painter.setPen(QPen(QColor(0, 0, 0, 90), 1));
    for (int x = kSoftTokenPixels + 1; x < seen.width(); x += kSoftTokenPixels)
        painter.drawLine(x, 0, x, seen.height());
    for (int y = kSoftTokenPixels + 1; y < seen.height(); y += kSoftTokenPixels)
        painter.drawLine(0, y, seen.width(), y);
    return seen;
}

} // namespace facet::app
