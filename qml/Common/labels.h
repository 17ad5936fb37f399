#pragma once
// The labels views show for levels and finish reasons, from the one source in
// core/types/replytypes (singleton `Labels` in QML). Bind to the properties (`levelNames`) rather
// than the functions where the text must follow a language change made in the settings: QML
// re-evaluates a binding on retranslate only when it calls qsTr() itself.
#include <QObject>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class Labels : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(QList<int> detailLevels READ detailLevels CONSTANT)
    Q_PROPERTY(int defaultDetailLevel READ defaultDetailLevel CONSTANT)
    // Level (as a string key: QML's `Labels.levelNames[280]`) → its name in the current language.
    Q_PROPERTY(QVariantMap levelNames READ levelNames NOTIFY languageChanged)
public:
    explicit Labels(QObject* parent = nullptr);
    QList<int> detailLevels() const;
    int defaultDetailLevel() const;
    QVariantMap levelNames() const;
    Q_INVOKABLE QString detailLevelName(int level) const;
    Q_INVOKABLE QString finishReason(int reason) const;
    // A smoke-test step's title in the current language; the engine's English one for a step
    // the app does not know.
    Q_INVOKABLE QString smokeStepTitle(const QString& id, const QString& engineTitle) const;
    Q_INVOKABLE QString smokeStepStatus(const QString& status) const; // "pass" → "pass", "통과"

signals:
    void languageChanged();
};

} // namespace facet::ui
