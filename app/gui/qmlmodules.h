#pragma once
// The QML modules the app loads, each with the Debian package that ships it. Checked at start:
// a missing module must never take the app down (Qt Quick Dialogs' non-native FileDialog needs
// Qt.labs.folderlistmodel and crashed the app without it), so the app refuses to start with a
// message naming the package instead. scripts/packages.txt must list every package here
// (tests/app/check_qml_packages.py checks that).
#include <QList>
#include <QString>

class QQmlEngine;

namespace facet::gui {

struct QmlModule {
    QString uri;
    QString debianPackage;
};

[[nodiscard]] QList<QmlModule> requiredQmlModules();

// Imports each module in `engine`; returns the ones that failed, with Qt's reason.
struct MissingModule {
    QmlModule module;
    QString reason;
};
[[nodiscard]] QList<MissingModule> missingQmlModules(QQmlEngine& engine,
                                                     const QList<QmlModule>& modules);
// "Facet cannot start: ... sudo apt install PKG ..."
[[nodiscard]] QString missingModulesMessage(const QList<MissingModule>& missing);

} // namespace facet::gui
