#pragma once
// The language of the user interface: the system's (LANGUAGE, then LC_ALL, LC_MESSAGES, LANG),
// or the one chosen in the settings dialog (stored with QSettings, key "ui/language"). apply()
// installs the translators (Facet's own from the :/i18n resources, Qt's from its translations
// folder) and sets the default QLocale, so numbers and dates follow the same language. The
// window's QML engine retranslates when `changed` is emitted (application.cpp): a new choice
// applies at once, without a restart.
#include <QObject>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <vector>

class QTranslator;

namespace facet::ui {

// Tells C++ objects whose properties QML binds to (Labels) that translated texts changed: QML
// re-evaluates only the bindings that call qsTr() itself when the engine retranslates.
class LanguageNotifier : public QObject {
    Q_OBJECT
public:
    static LanguageNotifier& instance();
signals:
    void languageApplied();
};

class LanguageSettings : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    // "system", or one of supportedLanguages(): what the user chose.
    Q_PROPERTY(QString choice READ choice WRITE setChoice NOTIFY changed)
    // The language in effect ("en" or "ko").
    Q_PROPERTY(QString active READ active NOTIFY changed)
    // What "system" means on this machine.
    Q_PROPERTY(QString systemLanguage READ systemLanguage CONSTANT)
    Q_PROPERTY(QStringList supportedLanguages READ supportedLanguages CONSTANT)
    // What the settings dialog offers, in order ("system" first), and the index of the choice.
    Q_PROPERTY(QStringList choices READ choices CONSTANT)
    Q_PROPERTY(int choiceIndex READ choiceIndex WRITE setChoiceIndex NOTIFY changed)
public:
    explicit LanguageSettings(QObject* parent = nullptr);
    ~LanguageSettings() override;

    QString choice() const { return choice_; }
    void setChoice(const QString& choice); // stores it and applies it at once
    QString active() const;
    QString systemLanguage() const { return systemLanguage_; }
    static QStringList supportedLanguages();
    static QStringList choices();
    int choiceIndex() const { return static_cast<int>(choices().indexOf(choice_)); }
    void setChoiceIndex(int index) { setChoice(choices().value(index)); }

    // The language's own name ("English", "한국어"): shown untranslated so a user who cannot read
    // the current language still finds their own.
    Q_INVOKABLE static QString nativeName(const QString& language);

    // The first supported language the environment asks for, as gettext reads it: LANGUAGE (a
    // colon-separated list), then LC_ALL, LC_MESSAGES, LANG; "en" when none is supported.
    static QString languageFromEnvironment();

    // Installs the translators of active(). False (and a warning naming the file) when Facet's
    // translation is missing; the app then shows the English source texts.
    bool apply();

signals:
    void changed();

private:
    void removeTranslators();

    QString choice_;
    QString systemLanguage_;
    QString installed_;
    std::vector<std::unique_ptr<QTranslator>> translators_;
};

} // namespace facet::ui
