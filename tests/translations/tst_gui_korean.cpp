// The app in Korean, offscreen, started with the same code as `facet` under LANGUAGE=ko: the
// window's texts are the committed translations, Hangul has a font to render with, the
// settings' Language choice switches the open window to English and back at once, and
// screenshots are saved (docs/screenshots/korean.png is one of them).
#include "Common/appcontroller.h"
#include "Common/application.h"
#include "core/conversations/conversationstore.h"
#include "guitestutil.h"
#include "mainwindow.h"
#include "test_paths.h"
#include "tsfile.h"

#include <QDateTime>
#include <QDir>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QImage>
#include <QJsonArray>
#include <QQmlApplicationEngine>
#include <QRawFont>
#include <QSettings>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>

#include <memory>

Q_IMPORT_QML_PLUGIN(Facet_UiPlugin)

using namespace facet::test;

class GuiKoreanTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::unique_ptr<facet::ui::AppController> app_;
    std::unique_ptr<QQmlApplicationEngine> qml_;
    QQuickWindow* window_ = nullptr;

    QString text(const char* objectName, const char* property = "text") {
        QQuickItem* item = itemNamed(window_, objectName);
        return item ? item->property(property).toString()
                    : QStringLiteral("<no %1>").arg(objectName);
    }
    // Send is an icon button (issue #57): its words are its label (the accessible name and the
    // tooltip's first line are made from it).
    QString sendLabel() { return text("sendButton", "label"); }

    void screenshot(const QString& name) {
        QDir().mkpath(QString::fromStdString(facet::test::screenshotDir().string()));
        QCoreApplication::processEvents();
        QTRY_VERIFY(!imagesLoading(window_));
        const QImage shot = window_->grabWindow();
        QVERIFY(!shot.isNull());
        QVERIFY(shot.save(QString::fromStdString(facet::test::screenshotDir().string()) +
                          QLatin1Char('/') + name));
    }

    // Two stored conversations: a question about a picture with its answer and statistics, and
    // an empty one, so the sidebar has a list.
    void storeSampleConversations() {
        QImage picture(640, 400, QImage::Format_RGB888);
        for (int y = 0; y < picture.height(); ++y)
            for (int x = 0; x < picture.width(); ++x)
                picture.setPixelColor(x, y, QColor(40 + x / 4, 90 + y / 4, 170));
        if (!picture.save(dir_.filePath("harbour.png")))
            qFatal("cannot write the sample picture");
        facet::app::Conversation c;
        c.id = QStringLiteral("korean");
        c.title = QStringLiteral("항구 사진");
        facet::app::Message question;
        question.id = QStringLiteral("q");
        question.text = QStringLiteral("이 사진에 무엇이 있나요?");
        facet::app::ConversationStore store(dir_.filePath("store"));
        question.images = {{store.importImage(c.id, dir_.filePath("harbour.png")),
                            QStringLiteral("harbour.png"), 560, 640, 400, 512}};
        facet::app::Message reply;
        reply.id = QStringLiteral("r");
        reply.role = facet::app::Message::Role::Model;
        reply.text = QStringLiteral("해 질 녘의 항구입니다. 배 세 척과 등대가 보입니다.");
        reply.stats = QJsonObject{
            {"prompt_tokens", 1544},
            {"image_tokens", 512},
            {"generated_tokens", 24},
            {"ttft_ms", 1234.0},
            {"decode_tokens_per_s", 18.25},
            {"total_ms", 2550.0},
            {"finish_reason", "stop_token"},
            {"images",
             QJsonArray{QJsonObject{{"level", 560}, {"soft_tokens", 512}, {"bucket", 640}}}}};
        reply.finishReason = facet::app::FinishReason::StopToken;
        c.messages = {question, reply};
        c.created = c.updated = QDateTime::currentDateTime();
        store.save(c);
        facet::app::Conversation other;
        other.id = QStringLiteral("receipt");
        other.title = QStringLiteral("영수증 읽기");
        other.created = other.updated = c.updated.addSecs(-3600);
        store.save(other);
    }

private slots:
    void initTestCase() {
        QCOMPARE(qEnvironmentVariable("LANGUAGE"), QStringLiteral("ko"));
        QVERIFY(dir_.isValid());
        QSettings().remove(QStringLiteral("ui/language")); // "System": the environment's Korean
        storeSampleConversations();
        const QString opened = openMainWindow(dir_.filePath("store"), app_, qml_, window_);
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        const QString loaded = loadDemoModel(*app_);
        QVERIFY2(loaded.isEmpty(), qPrintable(loaded));
    }

    // Hangul renders: a font for the Korean writing system is installed and has the glyphs
    // (without one every syllable is an empty box).
    void hangulHasAFont() {
        QVERIFY2(!QFontDatabase::families(QFontDatabase::Korean).isEmpty(),
                 "no Korean font: install fonts-nanum (scripts/packages.txt)");
        const QRawFont raw = QRawFont::fromFont(QGuiApplication::font(), QFontDatabase::Korean);
        QVERIFY(raw.isValid());
        for (char32_t c : U"상세수준답변한국어")
            if (c != 0)
                QVERIFY2(raw.supportsCharacter(c), qPrintable(raw.familyName()));
    }

    void windowSpeaksKorean() {
        QCOMPARE(app_->language()->active(), QStringLiteral("ko"));
        QCOMPARE(sendLabel(), tsText("ko", "Composer", "Send message"));
        QCOMPARE(text("level280"), tsText("ko", "facet::app::ReplyTypes", "Standard") + " 280");
        QCOMPARE(text("thinkingSwitch"), tsText("ko", "Composer", "Think first"));
        QVERIFY(sendLabel().contains(QChar(0xBCF4))); // 보
        // The window title of the new chat the app opens with (issue #55 item 8: it was made
        // before the translators were installed and said "New chat — Facet").
        QCOMPARE(window_->title(),
                 tsText("ko", "Main", "%1 — Facet")
                     .arg(tsText("ko", "facet::ui::ConversationLibrary", "New chat")));
    }

    void screenshotInKorean() {
        app_->library()->openChat(QStringLiteral("korean"));
        QTRY_VERIFY(!itemsNamed(window_, "replyText").isEmpty());
        app_->attachments()->addFiles({dir_.filePath("harbour.png")});
        QTRY_COMPARE(itemsNamed(window_, "tokenLabel").size(), 1);
        screenshot("korean.png");
    }

    // The settings' Language choice re-translates the open window at once, the C++ labels
    // (level names) included, and "System" returns to the environment's Korean.
    void languageChoiceAppliesAtOnce() {
        app_->language()->setChoice(QStringLiteral("en"));
        QTRY_COMPARE(sendLabel(), QStringLiteral("Send message"));
        QCOMPARE(text("level280"), QStringLiteral("Standard 280"));
        QCOMPARE(text("thinkingSwitch"), QStringLiteral("Think first"));
        app_->library()->newChat();
        QCOMPARE(window_->title(), QStringLiteral("New chat — Facet"));
        screenshot("korean-switched-to-english.png");
        app_->language()->setChoice(QStringLiteral("system"));
        QTRY_COMPARE(sendLabel(), tsText("ko", "Composer", "Send message"));
        QCOMPARE(text("level280"), tsText("ko", "facet::app::ReplyTypes", "Standard") + " 280");
        QTRY_COMPARE(window_->title(),
                     tsText("ko", "Main", "%1 — Facet")
                         .arg(tsText("ko", "facet::ui::ConversationLibrary", "New chat")));
    }

    void settingsDialogInKorean() {
        QObject* dialog = window_->findChild<QObject*>(QStringLiteral("settingsDialog"));
        QVERIFY(dialog);
        QVERIFY(QMetaObject::invokeMethod(dialog, "open"));
        QTRY_VERIFY(dialog->property("opened").toBool());
        // The language is on the Appearance tab (one tab per section since #57).
        QQuickItem* sections = itemNamed(window_, "settingsSections");
        QVERIFY(sections);
        sections->setProperty("currentIndex", 2);
        QQuickItem* choice = nullptr;
        QTRY_VERIFY((choice = itemNamed(window_, "languageChoice")));
        QVERIFY(choice);
        QCOMPARE(choice->property("displayText").toString(),
                 tsText("ko", "SettingsDialog", "System (%1)").arg(QStringLiteral("한국어")));
        screenshot("korean-settings.png");
        QVERIFY(QMetaObject::invokeMethod(dialog, "close"));
    }

    void cleanupTestCase() {
        qml_.reset();
        app_.reset();
    }
};

QTEST_MAIN(GuiKoreanTest)
#include "tst_gui_korean.moc"
