// Dark theme: `--theme dark` (the app's option, parsed by the same code as `facet`) gives the
// window a dark palette; Theme.qml follows the palette's window lightness, at start and when the
// palette changes at run time; text stays readable (WCAG contrast) on every surface it is drawn
// on. Screenshots of both looks are saved under the build folder.
#include "Common/appcontroller.h"
#include "Common/application.h"
#include "Common/themechoice.h"
#include "guitestutil.h"
#include "test_paths.h"

#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QQmlApplicationEngine>
#include <QQmlComponent>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>

#include <cmath>
#include <memory>

Q_IMPORT_QML_PLUGIN(Facet_UiPlugin)

using namespace facet::test;
using facet::ui::ThemeChoice;

namespace {

// WCAG 2 relative luminance and contrast ratio.
double luminance(const QColor& c) {
    const auto channel = [](double v) {
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

double meanLightness(const QImage& image) {
    double sum = 0;
    int n = 0;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4, ++n)
            sum += static_cast<double>(image.pixelColor(x, y).lightnessF());
    return n ? sum / n : 0;
}

facet::app::Conversation sampleConversation() {
    facet::app::Conversation c;
    c.id = QStringLiteral("theme");
    c.title = QStringLiteral("Theme check");
    facet::app::Message question;
    question.id = QStringLiteral("q");
    question.text = QStringLiteral("What is in this picture?");
    facet::app::Message reply;
    reply.id = QStringLiteral("r");
    reply.role = facet::app::Message::Role::Model;
    reply.text = QStringLiteral("## A harbour at dusk\n\nThree **boats** and a `lighthouse`:\n\n"
                                "- a red boat\n- two white ones\n\n```python\nboats = 3\n```\n");
    reply.stats = QJsonObject{{"prompt_tokens", 312}, {"generated_tokens", 41}};
    reply.finishReason = facet::app::FinishReason::StopToken;
    facet::app::Message failed;
    failed.id = QStringLiteral("e");
    failed.role = facet::app::Message::Role::Model;
    failed.text = QStringLiteral("Partial answer");
    failed.error = QStringLiteral("device lost");
    failed.finishReason = facet::app::FinishReason::Error;
    c.messages = {question, reply, failed};
    return c;
}

} // namespace

class GuiThemeTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::unique_ptr<facet::ui::AppController> app_;
    std::unique_ptr<QQmlApplicationEngine> qml_;
    QQuickWindow* window_ = nullptr;
    std::unique_ptr<QObject> theme_; // a QtObject mirroring the Theme singleton's colors

    QColor themeColor(const char* name) { return theme_->property(name).value<QColor>(); }

    QImage screenshot(const QString& name) {
        QDir().mkpath(QString::fromStdString(facet::test::screenshotDir().string()));
        // Pending events first (a palette change reaches the items through them), then until the
        // async images have landed.
        QCoreApplication::processEvents();
        for (int waited = 0; facet::test::imagesLoading(window_) && waited < 5000; waited += 10)
            QTest::qWait(10);
        const QImage shot = window_->grabWindow();
        if (!shot.save(QString::fromStdString(facet::test::screenshotDir().string()) +
                       QLatin1Char('/') + name))
            qWarning("cannot save %s", qPrintable(name));
        return shot;
    }

    // Text colors against the surfaces they are drawn on: 4.5:1 for text (WCAG AA), 3:1 for the
    // accent (selection, focus).
    void checkReadable() {
        for (const char* surface :
             {"window", "replyBubble", "userBubble", "sidebar", "codeBackground"}) {
            for (const char* ink : {"text", "mutedText", "error", "warning"})
                QVERIFY2(contrast(themeColor(ink), themeColor(surface)) >= 4.5,
                         qPrintable(QStringLiteral("%1 on %2: %3")
                                        .arg(ink, surface)
                                        .arg(contrast(themeColor(ink), themeColor(surface)))));
            QVERIFY(contrast(themeColor("accent"), themeColor(surface)) >= 3);
        }
        // The sidebar's states: the selected and the hovered conversation (the selected one was
        // light text on light blue, 1.7:1, in the dark theme), and its focus frame.
        for (const char* surface : {"selection", "hover", "pressed"}) {
            for (const char* ink : {"text", "mutedText"})
                QVERIFY2(contrast(themeColor(ink), themeColor(surface)) >= 4.5,
                         qPrintable(QStringLiteral("%1 on %2: %3")
                                        .arg(ink, surface)
                                        .arg(contrast(themeColor(ink), themeColor(surface)))));
            QVERIFY(contrast(themeColor("accent"), themeColor(surface)) >= 3);
            QVERIFY(contrast(themeColor("focus"), themeColor(surface)) >= 3);
        }
        // The primary action (Send) filled with the accent, plain and under the pointer: its icon
        // in `accentInk` at 4.5:1 (more than the 3:1 an icon needs, as its
        // meaning rests on the icon alone); the fill at 3:1 on the composer (window).
        for (const char* fill : {"accent", "accentStrong"}) {
            const double c = contrast(themeColor("accentInk"), themeColor(fill));
            QVERIFY2(c >= 4.5,
                     qPrintable(QStringLiteral("accentInk %3 on %1 %4: %2")
                                    .arg(fill)
                                    .arg(c)
                                    .arg(themeColor("accentInk").name(), themeColor(fill).name())));
            QVERIFY(contrast(themeColor(fill), themeColor("window")) >= 3);
        }
        // The context meter's fill (accent, error when the reply would not fit) against its
        // track (border): 3:1, the bar being the only sign of how full the context is.
        for (const char* fill : {"accent", "error"}) {
            const double c = contrast(themeColor(fill), themeColor("border"));
            QVERIFY2(c >= 3, qPrintable(QStringLiteral("%1 on border: %2").arg(fill).arg(c)));
        }
        // The controls' palette in every state: text on buttons and fields (active, inactive,
        // disabled), selected text, and the highlight that marks a checked switch or the chosen
        // level against the window (3:1 for a control's state, WCAG 1.4.11).
        const QPalette palette = QGuiApplication::palette();
        const auto check = [&](QPalette::ColorGroup g, QPalette::ColorRole ink,
                               QPalette::ColorRole surface, double needed, const char* what) {
            const double c = contrast(palette.color(g, ink), palette.color(g, surface));
            QVERIFY2(c >= needed,
                     qPrintable(QStringLiteral("%1 (group %2): %3").arg(what).arg(g).arg(c)));
        };
        for (auto g : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
            check(g, QPalette::ButtonText, QPalette::Button, 4.5, "button text");
            check(g, QPalette::Text, QPalette::Base, 4.5, "field text");
            check(g, QPalette::WindowText, QPalette::Window, 4.5, "window text");
            check(g, QPalette::PlaceholderText, QPalette::Base, 4.5, "placeholder");
        }
        for (auto g : {QPalette::Active, QPalette::Inactive}) {
            check(g, QPalette::HighlightedText, QPalette::Highlight, 4.5, "selected text");
            check(g, QPalette::Highlight, QPalette::Window, 3, "checked switch / chosen level");
            check(g, QPalette::Highlight, QPalette::Button, 3, "highlight on a button");
        }
        // Controls (Fusion) draw with the application palette too, not the style's own light one
        // (the send button is disabled here: no model).
        QQuickItem* send = itemNamed(window_, "sendButton");
        auto* controls = send->property("palette").value<QObject*>();
        QVERIFY(controls);
        const auto group = send->isEnabled() ? QPalette::Active : QPalette::Disabled;
        QCOMPARE(controls->property("button").value<QColor>(),
                 QGuiApplication::palette().color(group, QPalette::Button));
        QCOMPARE(controls->property("buttonText").value<QColor>(),
                 QGuiApplication::palette().color(group, QPalette::ButtonText));
        // The reply's text blocks use Theme.text.
        const auto blocks = itemsNamed(window_, "replyText");
        QVERIFY(!blocks.isEmpty());
        for (QQuickItem* part : blocks.first()->childItems())
            if (part->property("textFormat").isValid())
                QCOMPARE(part->property("color").value<QColor>(), themeColor("text"));
    }

private slots:
    void choiceFromArgumentsAndEnvironment() {
        qunsetenv("FACET_THEME");
        QCOMPARE(facet::ui::themeChoice({"facet"}), ThemeChoice::System);
        QCOMPARE(facet::ui::themeChoice({"facet", "--theme", "dark"}), ThemeChoice::Dark);
        QCOMPARE(facet::ui::themeChoice({"facet", "--theme=light"}), ThemeChoice::Light);
        qputenv("FACET_THEME", "dark");
        QCOMPARE(facet::ui::themeChoice({"facet"}), ThemeChoice::Dark);
        QCOMPARE(facet::ui::themeChoice({"facet", "--theme", "system"}), ThemeChoice::System);
        qunsetenv("FACET_THEME");
        QTest::ignoreMessage(QtWarningMsg,
                             "unknown theme purple (use dark, light or system); following the "
                             "system");
        QCOMPARE(facet::ui::themeChoice({"facet", "--theme", "purple"}), ThemeChoice::System);
    }

    void darkThemeFromTheCommandLine() {
        facet::ui::applyTheme(facet::ui::themeChoice({"facet", "--theme", "dark"}));
        QVERIFY(dir_.isValid());
        app_ = std::make_unique<facet::ui::AppController>(dir_.filePath("store"),
                                                          facet::app::makeLocalBackend());
        qml_ = std::make_unique<QQmlApplicationEngine>();
        QVERIFY(facet::ui::loadMainWindow(*qml_, *app_));
        window_ = qobject_cast<QQuickWindow*>(qml_->rootObjects().first());
        QVERIFY(window_);
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        app_->conversation()->setConversation(sampleConversation(), dir_.path());

        QQmlComponent mirror(qml_.get());
        mirror.setData(
            "import QtQuick\nimport Facet.Ui\nQtObject {\n"
            "property bool dark: Theme.dark\n property color window: Theme.window\n"
            "property color text: Theme.text\n property color mutedText: Theme.mutedText\n"
            "property color accent: Theme.accent\n property color error: Theme.error\n"
            "property color warning: Theme.warning\n"
            "property color replyBubble: Theme.replyBubble\n"
            "property color userBubble: Theme.userBubble\n"
            "property color sidebar: Theme.sidebar\n"
            "property color selection: Theme.selection\n property color hover: Theme.hover\n"
            "property color pressed: Theme.pressed\n property color focus: Theme.focus\n"
            "property color codeBackground: Theme.codeBackground\n"
            "property color accentStrong: Theme.accentStrong\n"
            "property color accentInk: Theme.accentInk\n property color border: Theme.border\n}",
            QUrl());
        theme_.reset(mirror.create());
        QVERIFY2(theme_, qPrintable(mirror.errorString()));

        QVERIFY(theme_->property("dark").toBool());
        QVERIFY(window_->color().lightnessF() < 0.2f);
        QVERIFY(themeColor("text").lightnessF() > 0.8f);
        QTRY_VERIFY(!itemsNamed(window_, "replyText").isEmpty());
        checkReadable();
        const QImage shot = screenshot("theme-dark.png");
        QVERIFY2(meanLightness(shot) < 0.35, qPrintable(QString::number(meanLightness(shot))));
    }

    // The palette changes while the app runs (the desktop switched to light): the views follow.
    void followsAPaletteChangeAtRunTime() {
        facet::ui::applyTheme(ThemeChoice::Light);
        QTRY_VERIFY(!theme_->property("dark").toBool());
        QTRY_VERIFY(window_->color().lightnessF() > 0.8f);
        QVERIFY(themeColor("text").lightnessF() < 0.2f);
        checkReadable();
        const QImage shot = screenshot("theme-light.png");
        QVERIFY2(meanLightness(shot) > 0.65, qPrintable(QString::number(meanLightness(shot))));
    }

    // Settings → Appearance → Theme switched while the dialog is open (issue #57): the dialog
    // and what is in it take the new colours at once, not only once reopened.
    void openSettingsDialogFollowsAThemeSwitch() {
        app_->theme()->setChoiceIndex(int(ThemeChoice::Light)); // as the test before left it
        QObject* dialog = qml_->rootObjects().first()->findChild<QObject*>("settingsDialog");
        QVERIFY(dialog);
        QVERIFY(QMetaObject::invokeMethod(dialog, "open"));
        QTRY_VERIFY(dialog->property("opened").toBool());
        auto* background = dialog->property("background").value<QQuickItem*>();
        QVERIFY(background);
        const auto colorOf = [](QObject* item) { return item->property("color").value<QColor>(); };
        // A label of the dialog's own (Fusion: the palette's windowText) and one drawn by the
        // view with a token (Theme.mutedText).
        auto* tabs = dialog->findChild<QQuickItem*>("settingsSections");
        QVERIFY(tabs);
        QQuickItem* systemPrompt = dialog->findChild<QQuickItem*>("systemPrompt");
        QVERIFY(systemPrompt);
        auto* promptFrame = systemPrompt->property("background").value<QQuickItem*>();
        QVERIFY(promptFrame);
        QVERIFY2(colorOf(background).lightnessF() > 0.8f, qPrintable(colorOf(background).name()));
        QVERIFY(colorOf(promptFrame).lightnessF() > 0.8f);
        const QImage light = window_->grabWindow();

        app_->theme()->setChoiceIndex(int(ThemeChoice::Dark));
        const QColor darkWindow = facet::ui::darkPalette().color(QPalette::Window);
        QTRY_COMPARE(colorOf(background), darkWindow);
        QCOMPARE(colorOf(promptFrame), darkWindow);
        const QImage dark = screenshot("theme-settings-switched-dark.png");
        // The dialog's middle, where its fields are: dark now.
        const QRectF box =
            background->mapRectToScene(QRectF(0, 0, background->width(), background->height()));
        const QRect inside = box.toRect().adjusted(8, 8, -8, -8);
        QVERIFY2(meanLightness(dark.copy(inside)) < 0.35,
                 qPrintable(QString::number(meanLightness(dark.copy(inside)))));
        QVERIFY(meanLightness(light.copy(inside)) > 0.65);

        app_->theme()->setChoiceIndex(int(ThemeChoice::Light));
        QTRY_COMPARE(colorOf(background), facet::ui::lightPalette().color(QPalette::Window));
        QVERIFY(QMetaObject::invokeMethod(dialog, "close"));
        QTRY_VERIFY(!dialog->property("visible").toBool());
        // Switched while closed, after its items got the light palette: reopened, it is dark.
        app_->theme()->setChoiceIndex(int(ThemeChoice::Dark));
        QVERIFY(QMetaObject::invokeMethod(dialog, "open"));
        QTRY_VERIFY(dialog->property("opened").toBool());
        QTRY_COMPARE(systemPrompt->property("color").value<QColor>(),
                     facet::ui::darkPalette().color(QPalette::Text));
        QCOMPARE(colorOf(background), darkWindow);
        QVERIFY(QMetaObject::invokeMethod(dialog, "close"));
        app_->theme()->setChoiceIndex(int(ThemeChoice::System));
    }

    void cleanupTestCase() {
        theme_.reset();
        qml_.reset();
        app_.reset();
    }
};

FACET_GUI_TEST_MAIN(GuiThemeTest)

#include "tst_gui_theme.moc"
