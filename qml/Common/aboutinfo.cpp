#include "Common/aboutinfo.h"

#include <QCoreApplication>
#include <QFile>

namespace facet::ui {

QString AboutInfo::version() const {
    return QStringLiteral(FACET_VERSION);
}

QString AboutInfo::qtVersion() const {
    const QString running = QString::fromLatin1(qVersion());
    const QString built = QStringLiteral(QT_VERSION_STR);
    return running == built
               ? running
               : tr("%1 (built with %2)", "Qt version at run time").arg(running, built);
}

QString AboutInfo::notice() const {
    QFile file(QStringLiteral(":/about/NOTICE"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace facet::ui
