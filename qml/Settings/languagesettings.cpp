#include "Settings/languagesettings.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>
#include <QtGlobal>

namespace facet::ui {
namespace {

const QString kSystem = QStringLiteral("system");
constexpr auto kSettingsKey = "ui/language";

// "ko_KR.UTF-8", "ko", "ko_KR@euro" → "ko"; "C", "POSIX" and unsupported ones → empty.
QString supportedPart(const QString& entry) {
    const QString language = entry.section(QLatin1Char('.'), 0, 0)
                                 .section(QLatin1Char('@'), 0, 0)
                                 .section(QLatin1Char('_'), 0, 0)
                                 .section(QLatin1Char('-'), 0, 0)
                                 .toLower();
    return LanguageSettings::supportedLanguages().contains(language) ? language : QString();
}

} // namespace

LanguageNotifier& LanguageNotifier::instance() {
    static LanguageNotifier notifier;
    return notifier;
}

LanguageSettings::LanguageSettings(QObject* parent)
    : QObject(parent), systemLanguage_(languageFromEnvironment()) {
    const QString stored = QSettings().value(kSettingsKey, kSystem).toString();
    choice_ = supportedLanguages().contains(stored) ? stored : kSystem;
}

LanguageSettings::~LanguageSettings() {
    removeTranslators();
}

QStringList LanguageSettings::supportedLanguages() {
    return {QStringLiteral("en"), QStringLiteral("ko")};
}

QStringList LanguageSettings::choices() {
    return QStringList{kSystem} + supportedLanguages();
}

QString LanguageSettings::nativeName(const QString& language) {
    if (language == QLatin1String("ko"))
        return QStringLiteral("한국어");
    if (language == QLatin1String("en"))
        return QStringLiteral("English");
    return language;
}

QString LanguageSettings::languageFromEnvironment() {
    // LANGUAGE lists several in order of preference ("ko:en"); the others name one locale.
    for (const QString& entry :
         qEnvironmentVariable("LANGUAGE").split(QLatin1Char(':'), Qt::SkipEmptyParts))
        if (const QString language = supportedPart(entry); !language.isEmpty())
            return language;
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const QString value = qEnvironmentVariable(name);
        if (value.isEmpty())
            continue;
        // The first one set decides, as in gettext: LC_ALL=C means English even if LANG is ko.
        const QString language = supportedPart(value);
        return language.isEmpty() ? QStringLiteral("en") : language;
    }
    return QStringLiteral("en");
}

QString LanguageSettings::active() const {
    return choice_ == kSystem ? systemLanguage_ : choice_;
}

void LanguageSettings::setChoice(const QString& choice) {
    const QString valid = supportedLanguages().contains(choice) ? choice : kSystem;
    if (valid == choice_)
        return;
    choice_ = valid;
    QSettings().setValue(kSettingsKey, choice_);
    apply();
    emit changed();
}

void LanguageSettings::removeTranslators() {
    for (const auto& translator : translators_)
        QCoreApplication::removeTranslator(translator.get());
    translators_.clear();
    installed_.clear();
}

bool LanguageSettings::apply() {
    const QString language = active();
    // Numbers and dates in the same language; the system's own locale (its territory's date
    // order, for one) when it already speaks that language — C counts as English.
    const QLocale system = QLocale::system();
    const bool systemSpeaksIt =
        QLocale(system.language()) == QLocale(language) ||
        (system.language() == QLocale::C && language == QLatin1String("en"));
    QLocale::setDefault(systemSpeaksIt ? system : QLocale(language));
    if (language == installed_)
        return true;
    removeTranslators();
    installed_ = language;

    bool ok = true;
    // Facet's texts. English has one too: it holds the plural forms of the English source.
    auto own = std::make_unique<QTranslator>();
    const QString file = QStringLiteral(":/i18n/facet_%1.qm").arg(language);
    if (own->load(file)) {
        QCoreApplication::installTranslator(own.get());
        translators_.push_back(std::move(own));
    } else {
        qWarning("%s: cannot load the translation; the interface stays in English",
                 qPrintable(file));
        ok = false;
    }
    // Qt's own texts (dialog buttons, file dialogs), from Debian's qt6-translations-l10n.
    if (language != QLatin1String("en")) {
        auto qt = std::make_unique<QTranslator>();
        const QString folder = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        if (qt->load(QLocale(language), QStringLiteral("qt"), QStringLiteral("_"), folder)) {
            QCoreApplication::installTranslator(qt.get());
            translators_.push_back(std::move(qt));
        } else {
            qWarning("%s/qt_%s.qm: cannot load Qt's translation (install qt6-translations-l10n); "
                     "Qt's own buttons stay in English",
                     qPrintable(folder), qPrintable(language));
        }
    }
    emit LanguageNotifier::instance().languageApplied();
    return ok;
}

} // namespace facet::ui
