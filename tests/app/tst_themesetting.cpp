// Settings → Appearance → Theme (issue #57): System, Light or Dark applied at once to the
// application palette (what Fusion and Theme.qml draw with) and remembered for the next start;
// `--theme` on the command line wins for its run without changing what is remembered.
#include "Settings/themesetting.h"

#include <QGuiApplication>
#include <QPalette>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using facet::ui::ThemeChoice;
using facet::ui::ThemeSetting;

class ThemeSettingTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QColor platformWindow_;

    static QColor window() { return QGuiApplication::palette().color(QPalette::Window); }

private slots:
    void initTestCase() {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.path());
        QCoreApplication::setOrganizationName(QStringLiteral("facet-theme-test"));
        QCoreApplication::setApplicationName(QStringLiteral("facet-theme-test"));
        platformWindow_ = window();
        // The test needs the dark palette to differ from the platform's.
        QVERIFY(platformWindow_ != facet::ui::darkPalette().color(QPalette::Window));
    }
    void init() { QSettings().clear(); }

    void choiceAppliesAtOnceAndComesBack() {
        {
            ThemeSetting theme;
            QCOMPARE(theme.choice(), ThemeChoice::System);
            theme.setChoiceIndex(int(ThemeChoice::Dark));
            QCOMPARE(window(), facet::ui::darkPalette().color(QPalette::Window));
        }
        ThemeSetting next;
        QCOMPARE(next.choice(), ThemeChoice::Dark);
        next.setChoiceIndex(int(ThemeChoice::Light));
        QCOMPARE(window(), facet::ui::lightPalette().color(QPalette::Window));
        // System puts the platform's palette back.
        next.setChoiceIndex(int(ThemeChoice::System));
        QCOMPARE(window(), platformWindow_);
        QCOMPARE(ThemeSetting().choice(), ThemeChoice::System);
    }

    void commandLineWinsWithoutChangingWhatIsRemembered() {
        ThemeSetting theme;
        theme.setChoiceIndex(int(ThemeChoice::Light));
        ThemeSetting atStart;
        atStart.applyAtStart(ThemeChoice::Dark); // --theme dark
        QCOMPARE(window(), facet::ui::darkPalette().color(QPalette::Window));
        QCOMPARE(ThemeSetting().choice(), ThemeChoice::Light);
        atStart.applyAtStart(ThemeChoice::System); // no --theme: the remembered one
        QCOMPARE(window(), facet::ui::lightPalette().color(QPalette::Window));
        facet::ui::applyThemeChoice(ThemeChoice::System);
    }

    void unknownIndexIsIgnored() {
        ThemeSetting theme;
        theme.setChoiceIndex(7);
        QCOMPARE(theme.choice(), ThemeChoice::System);
    }
};

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    ThemeSettingTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_themesetting.moc"
