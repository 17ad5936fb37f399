// The interface language: taken from the environment as gettext reads it, overridden by the
// setting (stored, applied at once), with numbers in the same language. Every Korean text the
// app loads equals the committed facet_ko.ts; English plurals come from facet_en.ts; the
// level names QML binds to (Labels.levelNames) follow a change made while the app runs.
#include "Common/labels.h"
#include "Settings/languagesettings.h"
#include "core/types/replytypes.h"
#include "test_paths.h"
#include "tsfile.h"

#include <QCoreApplication>
#include <QLocale>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(Facet_UiPlugin)

using facet::test::readTs;
using facet::test::tsText;
using facet::ui::LanguageSettings;

class LanguageTest : public QObject {
    Q_OBJECT

    static void setEnvironment(const QString& language, const QString& lcAll,
                               const QString& lcMessages, const QString& lang) {
        const auto set = [](const char* name, const QString& value) {
            if (value.isEmpty())
                qunsetenv(name);
            else
                qputenv(name, value.toUtf8());
        };
        set("LANGUAGE", language);
        set("LC_ALL", lcAll);
        set("LC_MESSAGES", lcMessages);
        set("LANG", lang);
    }

private slots:
    void initTestCase() { QSettings().remove(QStringLiteral("ui/language")); }

    void fromTheEnvironment_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("lcAll");
        QTest::addColumn<QString>("lcMessages");
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("expected");
        QTest::newRow("nothing set") << ""
                                     << ""
                                     << ""
                                     << ""
                                     << "en";
        QTest::newRow("LANG Korean") << ""
                                     << ""
                                     << ""
                                     << "ko_KR.UTF-8"
                                     << "ko";
        QTest::newRow("LANG English") << ""
                                      << ""
                                      << ""
                                      << "en_GB.UTF-8"
                                      << "en";
        QTest::newRow("LANG German: English") << ""
                                              << ""
                                              << ""
                                              << "de_DE.UTF-8"
                                              << "en";
        QTest::newRow("LANG C") << ""
                                << ""
                                << ""
                                << "C.UTF-8"
                                << "en";
        QTest::newRow("LANGUAGE first") << "ko"
                                        << ""
                                        << ""
                                        << "en_US.UTF-8"
                                        << "ko";
        QTest::newRow("LANGUAGE list, first supported") << "fr:ko_KR:en"
                                                        << ""
                                                        << ""
                                                        << "C"
                                                        << "ko";
        QTest::newRow("LANGUAGE unsupported: LANG") << "fr"
                                                    << ""
                                                    << ""
                                                    << "ko_KR.UTF-8"
                                                    << "ko";
        QTest::newRow("LC_ALL before LANG") << ""
                                            << "C"
                                            << ""
                                            << "ko_KR.UTF-8"
                                            << "en";
        QTest::newRow("LC_MESSAGES before LANG") << ""
                                                 << ""
                                                 << "ko_KR.UTF-8"
                                                 << "en_US.UTF-8"
                                                 << "ko";
        QTest::newRow("modifier") << ""
                                  << ""
                                  << ""
                                  << "ko_KR.EUC-KR@euro"
                                  << "ko";
    }

    void fromTheEnvironment() {
        QFETCH(QString, language);
        QFETCH(QString, lcAll);
        QFETCH(QString, lcMessages);
        QFETCH(QString, lang);
        QFETCH(QString, expected);
        setEnvironment(language, lcAll, lcMessages, lang);
        QCOMPARE(LanguageSettings::languageFromEnvironment(), expected);
        LanguageSettings settings;
        QCOMPARE(settings.choice(), QStringLiteral("system"));
        QCOMPARE(settings.active(), expected);
    }

    // The choice is stored, applied at once, and read back by the next start.
    void settingOverridesTheSystem() {
        setEnvironment({}, {}, {}, QStringLiteral("en_US.UTF-8"));
        LanguageSettings settings;
        QVERIFY(settings.apply());
        QCOMPARE(facet::app::detailLevelName(280), QStringLiteral("Standard"));
        QSignalSpy changed(&settings, &LanguageSettings::changed);

        settings.setChoice(QStringLiteral("ko"));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(settings.active(), QStringLiteral("ko"));
        const QString standard = tsText("ko", "facet::app::ReplyTypes", "Standard");
        QVERIFY(!standard.isEmpty());
        QCOMPARE(facet::app::detailLevelName(280), standard);
        QCOMPARE(QLocale().language(), QLocale::Korean);
        QCOMPARE(QSettings().value("ui/language").toString(), QStringLiteral("ko"));
        QCOMPARE(LanguageSettings().choice(), QStringLiteral("ko"));

        settings.setChoice(QStringLiteral("en"));
        QCOMPARE(facet::app::detailLevelName(280), QStringLiteral("Standard"));
        // English numbers: en_US, or the system's own locale when it is English (or C).
        QVERIFY(QLocale().language() == QLocale::English || QLocale() == QLocale::system());
        // Unknown values fall back to the system's language.
        settings.setChoice(QStringLiteral("tlh"));
        QCOMPARE(settings.choice(), QStringLiteral("system"));
        QCOMPARE(settings.active(), QStringLiteral("en"));
    }

    // Every text of facet_ko.ts, looked up the way the app does (context, source, comment),
    // gives the committed translation: the .qm in the resources is complete and current.
    void everyKoreanTextLoads() {
        setEnvironment(QStringLiteral("ko"), {}, {}, {});
        LanguageSettings settings;
        QVERIFY(settings.apply());
        const auto messages = readTs(QString::fromStdString(
            (facet::test::sourceDir() / "translations/facet_ko.ts").string()));
        QVERIFY(messages.size() > 250);
        for (const auto& m : messages) {
            const QByteArray context = m.context.toUtf8();
            const QByteArray source = m.source.toUtf8();
            const QByteArray comment = m.comment.toUtf8();
            const QString shown = QCoreApplication::translate(
                context.constData(), source.constData(),
                m.comment.isEmpty() ? nullptr : comment.constData(), m.numerus ? 3 : -1);
            QString expected = m.forms.value(0);
            if (m.numerus)
                expected.replace(QLatin1String("%n"), QLatin1String("3"));
            QVERIFY2(shown == expected, qPrintable(m.context + ": " + m.source + " → " + shown));
        }
    }

    // English plural forms from facet_en.ts (the source text "%n image(s)" never shows).
    void englishPlurals() {
        setEnvironment(QStringLiteral("en"), {}, {}, {});
        LanguageSettings settings;
        QVERIFY(settings.apply());
        QCOMPARE(
            QCoreApplication::translate("ReplyStats", "%n image(s) not encoded again", nullptr, 1),
            QStringLiteral("1 image not encoded again"));
        QCOMPARE(
            QCoreApplication::translate("ReplyStats", "%n image(s) not encoded again", nullptr, 4),
            QStringLiteral("4 images not encoded again"));
    }

    // A QML binding on a C++ label (no qsTr of its own) and one with qsTr both follow a change.
    void qmlFollowsAChangeAtOnce() {
        setEnvironment({}, {}, {}, QStringLiteral("en_US.UTF-8"));
        LanguageSettings settings;
        settings.setChoice(QStringLiteral("en"));
        QQmlEngine engine;
        QObject::connect(&settings, &LanguageSettings::changed, &engine, &QQmlEngine::retranslate);
        QQmlComponent component(&engine);
        // Named like the view whose texts it borrows: qsTr's context is the file's base name.
        component.setData("import QtQml\nimport Facet.Ui\nQtObject {\n"
                          "property string send: qsTr(\"Send message\")\n"
                          "property string level: Labels.levelNames[1120]\n}",
                          QUrl(QStringLiteral("qrc:/probe/Composer.qml")));
        std::unique_ptr<QObject> probe(component.create());
        QVERIFY2(probe, qPrintable(component.errorString()));
        QCOMPARE(probe->property("send").toString(), QStringLiteral("Send message"));
        QCOMPARE(probe->property("level").toString(), QStringLiteral("Maximum"));

        settings.setChoice(QStringLiteral("ko"));
        QCOMPARE(probe->property("send").toString(), tsText("ko", "Composer", "Send message"));
        QCOMPARE(probe->property("level").toString(),
                 tsText("ko", "facet::app::ReplyTypes", "Maximum"));
        settings.setChoice(QStringLiteral("system"));
        QCOMPARE(probe->property("level").toString(), QStringLiteral("Maximum"));
    }

    void cleanupTestCase() { QSettings().remove(QStringLiteral("ui/language")); }
};

QTEST_MAIN(LanguageTest)
#include "tst_language.moc"
