// "Try it" in the real window (same start-up code as `facet`) on the demo model and the
// simulated device, with the keyboard only: Ctrl+T opens the demo banner's menu (screenshots
// light and dark, copied to docs/screenshots), Enter picks the first shapes question, which
// lands in a fresh conversation with its image at its level and the message box focused, and
// Enter sends it and a reply comes (its words are not checked: the demo model is often wrong).
// A draft in the message box is never replaced silently: the dialog keeps it unless "Replace"
// is chosen. The printed word's example opens Compare levels… with Minimal and Maximum ticked,
// and Enter runs those two. Help → Keyboard shortcuts lists Ctrl+T.
#include "Common/appcontroller.h"
#include "Common/application.h"
#include "Common/themechoice.h"
#include "guitestutil.h"
#include "mainwindow.h"
#include "test_paths.h"

#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QQmlApplicationEngine>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>

#include <memory>

Q_IMPORT_QML_PLUGIN(Facet_UiPlugin)

using namespace facet::test;
using facet::ui::AppController;

class GuiTryItTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::unique_ptr<AppController> app_;
    std::unique_ptr<QQmlApplicationEngine> qml_;
    QQuickWindow* window_ = nullptr;

    void screenshot(const QString& name) {
        QDir().mkpath(QString::fromStdString(facet::test::screenshotDir().string()));
        QCoreApplication::processEvents();
        QTRY_VERIFY(!imagesLoading(window_));
        const QImage shot = window_->grabWindow();
        QVERIFY(!shot.isNull());
        // Compressed hardest: docs/screenshots has copies of the menu's.
        QVERIFY(shot.save(QString::fromStdString(facet::test::screenshotDir().string()) +
                              QLatin1Char('/') + name,
                          "PNG", 0));
    }

    QQuickItem* input() { return itemNamed(window_, "messageInput"); }
    QString draft() { return input()->property("text").toString(); }
    QQuickItem* entry(int row) {
        return itemNamed(window_, QStringLiteral("tryItEntry%1").arg(row));
    }
    bool menuOpen() {
        QQuickItem* first = entry(0);
        return first && first->isVisible() && first->opacity() == 1.0;
    }
    // The first example of the shapes picture, and the one that compares two levels.
    int shapesRow() const {
        const auto& samples = app_->samples()->samples();
        for (int row = 0; row < samples.size(); ++row)
            if (samples[row].imagePath.endsWith("/shapes.png") &&
                samples[row].compareWithLevel == 0)
                return row;
        return -1;
    }
    int compareRow() const {
        const auto& samples = app_->samples()->samples();
        for (int row = 0; row < samples.size(); ++row)
            if (samples[row].compareWithLevel > 0)
                return row;
        return -1;
    }

    // Ctrl+T, then Down to `row`; the menu stays open.
    void openMenuAt(int row) {
        QTest::keyClick(window_, Qt::Key_T, Qt::ControlModifier);
        QTRY_VERIFY(menuOpen());
        for (int i = 0; i < row; ++i)
            QTest::keyClick(window_, Qt::Key_Down);
        QTRY_VERIFY(entry(row)->hasActiveFocus());
    }

    void waitMenuClosed() { QTRY_VERIFY(!entry(0) || !entry(0)->isVisible()); }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        facet::ui::applyTheme(facet::ui::ThemeChoice::Light);
        const QString opened =
            openMainWindow(dir_.filePath("store"), app_, qml_, window_, QSize(1280, 800));
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        const QString loaded = loadDemoModel(*app_);
        QVERIFY2(loaded.isEmpty(), qPrintable(loaded));
        QVERIFY2(app_->samples()->problems().isEmpty(),
                 qPrintable(app_->samples()->problems().join('\n')));
        QVERIFY(shapesRow() >= 0);
        QVERIFY(compareRow() >= 0);
        app_->settings()->setSamplingValue("maxNewTokens", 24);
    }

    void bannerSaysWhatTheModelIs() {
        QQuickItem* note = itemNamed(window_, "demoNote");
        QVERIFY(note);
        const QString text = note->property("text").toString();
        QVERIFY2(text.contains("a tiny demo model trained on shapes and words") &&
                     text.contains("still often wrong") &&
                     text.contains("choose a compiled model folder for Gemma 4"),
                 qPrintable(text));
        QVERIFY(itemNamed(window_, "tryItButton"));
    }

    // Help → Keyboard shortcuts (F1) lists the key that opens the menu.
    void shortcutIsListed() {
        QTest::keyClick(window_, Qt::Key_F1);
        QQuickItem* list = nullptr;
        QTRY_VERIFY((list = itemNamed(window_, "shortcutList")) != nullptr);
        QStringList keys;
        for (const QVariant& row : list->property("model").toList())
            keys << row.toMap().value("keys").toString();
        QVERIFY2(keys.contains("Ctrl+T"), qPrintable(keys.join(", ")));
        QTest::keyClick(window_, Qt::Key_Escape);
        QTRY_VERIFY(!itemNamed(window_, "shortcutList"));
    }

    // The menu open in both themes (docs/screenshots has copies); Esc closes it, nothing chosen.
    void menuInBothThemes() {
        app_->library()->newChat();
        input()->forceActiveFocus();
        openMenuAt(0);
        screenshot("tryit-menu-light.png");
        facet::ui::applyTheme(facet::ui::ThemeChoice::Dark);
        QTRY_VERIFY(window_->color().lightnessF() < 0.2f);
        screenshot("tryit-menu-dark.png");
        facet::ui::applyTheme(facet::ui::ThemeChoice::Light);
        QTRY_VERIFY(window_->color().lightnessF() > 0.8f);
        QTest::keyClick(window_, Qt::Key_Escape);
        waitMenuClosed();
        QCOMPARE(draft(), QString());
        QCOMPARE(app_->attachments()->rowCount(), 0);
    }

    void menuByKeyboard_shapesQuestion_entersSends() {
        // An earlier conversation: the example must not become its next turn.
        app_->library()->newChat();
        QVERIFY(app_->chat()->send("Hello"));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), kEngineWaitMs);
        const QString earlier = app_->library()->currentId();
        input()->forceActiveFocus();

        const int row = shapesRow();
        openMenuAt(row);
        QTest::keyClick(window_, Qt::Key_Return);
        waitMenuClosed();

        const auto& sample = app_->samples()->samples().at(row);
        QTRY_COMPARE(draft(), sample.question);
        QVERIFY(app_->library()->currentId() != earlier); // a fresh conversation
        QCOMPARE(app_->conversation()->rowCount(), 0);
        QCOMPARE(app_->attachments()->rowCount(), 1);
        QCOMPARE(app_->attachments()->items().first().path, sample.imagePath);
        QCOMPARE(app_->attachments()->levelAt(0), sample.level);
        QTRY_VERIFY(input()->hasActiveFocus()); // Enter sends
        screenshot("tryit-chosen.png");

        QTest::keyClick(window_, Qt::Key_Return);
        QTRY_VERIFY(app_->chat()->busy());
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), kEngineWaitMs);
        const auto& messages = app_->conversation()->conversation().messages;
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages[0].text, sample.question);
        QCOMPARE(messages[0].images.size(), 1);
        QCOMPARE(messages[0].images[0].level, sample.level);
        QVERIFY2(messages[1].error.isEmpty(), qPrintable(messages[1].error));
        QVERIFY(!messages[1].text.trimmed().isEmpty());
        QVERIFY(messages[1].finishReason == facet::app::FinishReason::StopToken ||
                messages[1].finishReason == facet::app::FinishReason::MaxTokens);
        screenshot("tryit-reply.png");
    }

    void aDraftIsKeptUnlessReplaced() {
        app_->library()->newChat();
        app_->attachments()->clear();
        const QString mine = QStringLiteral("my own question, half written");
        input()->forceActiveFocus();
        input()->setProperty("text", mine);
        const int row = shapesRow();

        // Enter keeps the draft (the safe button has the focus).
        openMenuAt(row);
        QTest::keyClick(window_, Qt::Key_Return);
        QQuickItem* keep = nullptr;
        QTRY_VERIFY((keep = itemNamed(window_, "keepDraftButton")) && keep->hasActiveFocus());
        screenshot("tryit-keep-draft.png");
        QTest::keyClick(window_, Qt::Key_Return);
        QTRY_VERIFY(!itemNamed(window_, "keepDraftButton"));
        QCOMPARE(draft(), mine);
        QCOMPARE(app_->attachments()->rowCount(), 0);

        // Esc keeps it too.
        openMenuAt(row);
        QTest::keyClick(window_, Qt::Key_Return);
        QTRY_VERIFY(itemNamed(window_, "keepDraftButton"));
        QTest::keyClick(window_, Qt::Key_Escape);
        QTRY_VERIFY(!itemNamed(window_, "keepDraftButton"));
        QCOMPARE(draft(), mine);

        // Images alone are a draft as well; "Replace" (Tab, Enter) replaces both.
        input()->setProperty("text", QString());
        QVERIFY(app_->attachments()
                    ->addFiles({app_->samples()->samples().at(compareRow()).imagePath})
                    .isEmpty());
        openMenuAt(row);
        QTest::keyClick(window_, Qt::Key_Return);
        QTRY_VERIFY(itemNamed(window_, "keepDraftButton"));
        QVERIFY(itemNamed(window_, "replaceDraftText")
                    ->property("text")
                    .toString()
                    .contains("1 image"));
        QTest::keyClick(window_, Qt::Key_Tab);
        QTRY_VERIFY(itemNamed(window_, "replaceDraftButton")->hasActiveFocus());
        QTest::keyClick(window_, Qt::Key_Return);
        QTRY_VERIFY(!itemNamed(window_, "replaceDraftButton"));
        const auto& sample = app_->samples()->samples().at(row);
        QTRY_COMPARE(draft(), sample.question);
        QCOMPARE(app_->attachments()->rowCount(), 1);
        QCOMPARE(app_->attachments()->items().first().path, sample.imagePath);
        QTRY_VERIFY(input()->hasActiveFocus());
        input()->setProperty("text", QString());
        app_->attachments()->clear();
    }

    void theWordComparesMinimalWithMaximum() {
        const int row = compareRow();
        const auto& sample = app_->samples()->samples().at(row);
        openMenuAt(row);
        QTest::keyClick(window_, Qt::Key_Return);
        QQuickItem* start = nullptr;
        QTRY_VERIFY((start = itemNamed(window_, "compareStartButton")) != nullptr);
        for (int level : {70, 140, 280, 560, 1120})
            QCOMPARE(itemNamed(window_, QStringLiteral("compareLevel%1").arg(level))
                         ->property("checked")
                         .toBool(),
                     level == 70 || level == 1120);
        QCOMPARE(draft(), sample.question);
        QCOMPARE(app_->attachments()->rowCount(), 1);
        QCOMPARE(app_->attachments()->items().first().path, sample.imagePath);
        QTRY_VERIFY(start->isEnabled());
        screenshot("tryit-compare-dialog.png");
        // Enter on the focused level box runs the comparison.
        QTest::keyClick(window_, Qt::Key_Return);
        QTRY_VERIFY(app_->compare()->running());
        QTRY_VERIFY_WITH_TIMEOUT(!app_->compare()->running(), kEngineWaitMs);
        const auto& columns = app_->compare()->columns()->columns();
        QCOMPARE(columns.size(), 2);
        QCOMPARE(columns[0].level, 70);
        QCOMPARE(columns[1].level, 1120);
        for (const auto& column : columns) {
            QVERIFY2(column.error.isEmpty(), qPrintable(column.error));
            const auto stats = facet::app::replyStatsFromJson(column.stats);
            QCOMPARE(stats.images.size(), 1);
            QCOMPARE(stats.images[0].level, column.level);
        }
        const auto& messages = app_->conversation()->conversation().messages;
        QCOMPARE(messages.size(), 1); // the question, until an answer is chosen
        QCOMPARE(messages[0].text, sample.question);
        screenshot("tryit-compare.png");
    }

    void cleanupTestCase() {
        qml_.reset();
        app_.reset();
    }
};

FACET_GUI_TEST_MAIN(GuiTryItTest)

#include "tst_gui_tryit.moc"
