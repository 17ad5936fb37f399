#pragma once
// The labels views show for levels and finish reasons, from the one source in
// core/types/replytypes (singleton `Labels` in QML).
#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class Labels : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(QList<int> detailLevels READ detailLevels CONSTANT)
    Q_PROPERTY(int defaultDetailLevel READ defaultDetailLevel CONSTANT)
public:
    using QObject::QObject;
    QList<int> detailLevels() const;
    int defaultDetailLevel() const;
    Q_INVOKABLE QString detailLevelName(int level) const;
    Q_INVOKABLE QString finishReason(int reason) const;
};

} // namespace facet::ui
