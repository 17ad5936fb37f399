// Where the main window opens and what it remembers (issue #57): the first start fits a
// 1280×800 screen with room for the window manager's title bar (before, the window asked for
// 1180×800 of client area, taller than the whole screen once framed), a place on a screen that
// is gone is not reused, and the window's place, the sidebar's width and its collapsed state
// come back at the next start.
#include "Settings/windowplacement.h"
#include "Settings/windowsettings.h"

#include <QGuiApplication>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using facet::ui::kMinimumWindowSize;
using facet::ui::kPreferredWindowSize;
using facet::ui::placeWindow;
using facet::ui::WindowSettings;

class WindowSettingsTest : public QObject {
    Q_OBJECT
    QTemporaryDir settingsDir_;

private slots:
    void initTestCase() {
        QVERIFY(settingsDir_.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
        QCoreApplication::setOrganizationName(QStringLiteral("facet-window-test"));
        QCoreApplication::setApplicationName(QStringLiteral("facet-window-test"));
    }
    void init() { QSettings().clear(); }

    void firstStartFitsASmallScreenWithItsTitleBar() {
        // A 1280×800 screen with a 28-px panel: the client area and a 40-px title bar fit.
        const QRect screen(0, 28, 1280, 772);
        const QRect window = placeWindow(std::nullopt, {screen});
        QVERIFY2(screen.contains(window), qPrintable(QDebug::toString(window)));
        QVERIFY2(window.height() + 40 <= screen.height(), qPrintable(QDebug::toString(window)));
        QVERIFY(window.width() >= kMinimumWindowSize.width());
        QVERIFY(window.height() >= kMinimumWindowSize.height());
        // Centred, so the frame has room on every side.
        QCOMPARE(window.center(), screen.center());
    }

    void firstStartOnALargeScreenTakesThePreferredSize() {
        const QRect screen(0, 0, 1920, 1080);
        const QRect window = placeWindow(std::nullopt, {screen});
        QCOMPARE(window.size(), kPreferredWindowSize);
        QCOMPARE(window.center(), screen.center());
    }

    void firstStartOpensOnThePrimaryScreen() {
        const QRect primary(1920, 0, 1280, 800);
        const QRect other(0, 0, 1920, 1080);
        QVERIFY(primary.contains(placeWindow(std::nullopt, {primary, other})));
    }

    void storedPlaceIsKept() {
        const QRect stored(300, 200, 1000, 700);
        QCOMPARE(placeWindow(stored, {QRect(0, 0, 1920, 1080)}), stored);
        // On the second screen of two.
        const QRect second(1920, 0, 1280, 1024);
        const QRect there(2000, 100, 900, 600);
        QCOMPARE(placeWindow(there, {QRect(0, 0, 1920, 1080), second}), there);
    }

    void placeOnAScreenThatIsGoneIsNotReused() {
        // Left on a second monitor that is now unplugged.
        const QRect stored(2200, 100, 900, 600);
        const QRect screen(0, 0, 1280, 800);
        const QRect window = placeWindow(stored, {screen});
        QVERIFY2(screen.contains(window), qPrintable(QDebug::toString(window)));
    }

    void storedWindowLargerThanItsScreenIsShrunkOntoIt() {
        // Saved on a large screen; the same monitor now runs at 1280×800.
        const QRect stored(100, 50, 1800, 1000);
        const QRect screen(0, 0, 1280, 800);
        const QRect window = placeWindow(stored, {screen});
        QVERIFY2(screen.contains(window), qPrintable(QDebug::toString(window)));
    }

    void storedWindowBelowTheMinimumIsNotReused() {
        const QRect screen(0, 0, 1920, 1080);
        QCOMPARE(placeWindow(QRect(10, 10, 200, 100), {screen}).size(), kPreferredWindowSize);
    }

    void noScreenGivesThePreferredSize() {
        QCOMPARE(placeWindow(std::nullopt, {}).size(), kPreferredWindowSize);
    }

    void placeAndSidebarComeBackAtTheNextStart() {
        const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
        // Small enough for the offscreen platform's 800×600 screen.
        const QRect place(screen.left() + 10, screen.top() + 10, 730, 540);
        {
            WindowSettings settings;
            QCOMPARE(settings.sidebarWidth(), WindowSettings::kDefaultSidebarWidth);
            QVERIFY(!settings.sidebarCollapsed());
            QSignalSpy changed(&settings, &WindowSettings::sidebarChanged);
            settings.setSidebarWidth(300);
            settings.setSidebarCollapsed(true);
            QCOMPARE(changed.count(), 2);
            settings.saveGeometry(place, false);
        }
        WindowSettings next;
        QCOMPARE(next.initialGeometry(), place);
        QVERIFY(!next.initiallyMaximized());
        QCOMPARE(next.sidebarWidth(), 300);
        QVERIFY(next.sidebarCollapsed());
    }

    void maximizedKeepsTheGeometryFromBefore() {
        const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
        // Small enough for the offscreen platform's 800×600 screen.
        const QRect place(screen.left() + 10, screen.top() + 10, 730, 540);
        WindowSettings().saveGeometry(place, false);
        // Maximized, Qt Quick reports the whole screen: not the place to return to.
        WindowSettings().saveGeometry(screen, true);
        WindowSettings next;
        QVERIFY(next.initiallyMaximized());
        QCOMPARE(next.initialGeometry(), place);
    }

    void sidebarWidthIsKeptWithinBounds() {
        WindowSettings settings;
        settings.setSidebarWidth(20);
        QCOMPARE(settings.sidebarWidth(), WindowSettings::kMinimumSidebarWidth);
        settings.setSidebarWidth(5000);
        QCOMPARE(settings.sidebarWidth(), WindowSettings::kMaximumSidebarWidth);
        // A damaged value in the settings file is not taken.
        QSettings().setValue(QStringLiteral("window/sidebarWidth"), QStringLiteral("wide"));
        QCOMPARE(WindowSettings().sidebarWidth(), WindowSettings::kDefaultSidebarWidth);
    }
};

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    WindowSettingsTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_windowsettings.moc"
