#include "qmlmodules.h"

#include <QQmlComponent>
#include <QQmlEngine>
#include <QStringList>

namespace facet::gui {

QList<QmlModule> requiredQmlModules() {
    QList<QmlModule> modules{
        {QStringLiteral("QtQml"), QStringLiteral("qml6-module-qtqml")},
        {QStringLiteral("QtQml.Models"), QStringLiteral("qml6-module-qtqml-models")},
        {QStringLiteral("QtQml.WorkerScript"), QStringLiteral("qml6-module-qtqml-workerscript")},
        {QStringLiteral("QtQuick"), QStringLiteral("qml6-module-qtquick")},
        {QStringLiteral("QtQuick.Window"), QStringLiteral("qml6-module-qtquick-window")},
        {QStringLiteral("QtQuick.Layouts"), QStringLiteral("qml6-module-qtquick-layouts")},
        {QStringLiteral("QtQuick.Templates"), QStringLiteral("qml6-module-qtquick-templates")},
        {QStringLiteral("QtQuick.Controls"), QStringLiteral("qml6-module-qtquick-controls")},
        // IconImage (Settings/ModelPicker.qml); Debian 12 ships it in the same package
        // (dpkg -S .../qt6/qml/QtQuick/Controls/impl/qmldir).
        {QStringLiteral("QtQuick.Controls.impl"), QStringLiteral("qml6-module-qtquick-controls")},
        {QStringLiteral("QtQuick.Dialogs"), QStringLiteral("qml6-module-qtquick-dialogs")},
        // Loaded by QtQuick.Dialogs' own (non-native) file and folder dialogs.
        {QStringLiteral("Qt.labs.folderlistmodel"),
         QStringLiteral("qml6-module-qt-labs-folderlistmodel")},
    };
    // A test hook: pretend the app also needs MODULE=PACKAGE (to show the refusal works).
    const QString extra = qEnvironmentVariable("FACET_EXTRA_QML_MODULE");
    const qsizetype eq = extra.indexOf(QLatin1Char('='));
    if (eq > 0)
        modules.append({extra.left(eq), extra.mid(eq + 1)});
    return modules;
}

QList<MissingModule> missingQmlModules(QQmlEngine& engine, const QList<QmlModule>& modules) {
    QList<MissingModule> missing;
    for (const QmlModule& m : modules) {
        QQmlComponent probe(&engine);
        probe.setData(QStringLiteral("import QtQml\nimport %1\nQtObject {}\n").arg(m.uri).toUtf8(),
                      QUrl(QStringLiteral("qrc:/facet-module-check.qml")));
        if (probe.isError()) {
            QStringList reasons;
            for (const QQmlError& e : probe.errors())
                reasons << e.description();
            missing.append({m, reasons.join(QStringLiteral("; "))});
        }
    }
    return missing;
}

QString missingModulesMessage(const QList<MissingModule>& missing) {
    QStringList names;
    QStringList packages;
    for (const MissingModule& m : missing) {
        names << QStringLiteral("  %1 (%2)").arg(m.module.uri, m.reason);
        if (!packages.contains(m.module.debianPackage))
            packages << m.module.debianPackage;
    }
    return QStringLiteral("Facet cannot start: %1 QML module(s) it needs are not installed:\n%2\n"
                          "Install them with:\n  sudo apt install %3\n"
                          "(scripts/setup.sh installs every package Facet needs.)")
        .arg(missing.size())
        .arg(names.join(QLatin1Char('\n')), packages.join(QLatin1Char(' ')));
}

} // namespace facet::gui
