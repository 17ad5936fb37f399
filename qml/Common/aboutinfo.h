#pragma once
// What Help → About Facet shows (issue #57): the app's version, the Qt it was built with and
// runs on, and the licences of what Facet carries (NOTICE, compiled into the resources at
// :/about/NOTICE, so the installed app shows the same text as the source tree).
#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class AboutInfo : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(QString version READ version CONSTANT)
    Q_PROPERTY(QString qtVersion READ qtVersion CONSTANT)
    Q_PROPERTY(QString notice READ notice CONSTANT)
public:
    using QObject::QObject;
    QString version() const;
    // "6.4.2", or "6.4.2 (built with 6.4.1)" when the library found at run time differs.
    QString qtVersion() const;
    // NOTICE as committed; empty only if the resource is missing (a broken build).
    QString notice() const;
};

} // namespace facet::ui
