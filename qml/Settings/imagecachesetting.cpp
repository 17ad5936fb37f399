#include "Settings/imagecachesetting.h"

#include "core/worker/engineclient.h"

#include <QSettings>

#include <algorithm>

namespace facet::ui {
namespace {
const QString kKey = QStringLiteral("engine/imageCacheMegabytes");
}

ImageCacheSetting::ImageCacheSetting(app::EngineClient& engine, QObject* parent)
    : QObject(parent), engine_(engine) {
    bool ok = false;
    const int stored = QSettings().value(kKey, kDefaultMegabytes).toInt(&ok);
    megabytes_ = ok ? std::clamp(stored, 0, kMaximumMegabytes) : kDefaultMegabytes;
    apply();
}

void ImageCacheSetting::setMegabytes(int megabytes) {
    megabytes = std::clamp(megabytes, 0, kMaximumMegabytes);
    if (megabytes == megabytes_)
        return;
    megabytes_ = megabytes;
    QSettings().setValue(kKey, megabytes_);
    apply();
    emit changed();
}

void ImageCacheSetting::apply() {
    engine_.requests().setVisionCacheLimit(static_cast<quint64>(megabytes_) << 20);
}

} // namespace facet::ui
