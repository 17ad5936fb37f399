// The compare controller on the scripted engine: columns stream, one column fails and the others
// go on, Stop ends the whole comparison, continue with one answer, leaving mid-comparison keeps
// what ran.
#include "Common/appcontroller.h"
#include "Compare/comparemodel.h"
#include "core/conversations/conversationstore.h"
#include "scriptedbackend.h"

#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace facet;
using app::Conversation;

// The compare controller against the scripted engine.
class CompareSessionTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::shared_ptr<app::ScriptedEngine> script_;
    std::unique_ptr<ui::AppController> app_;
    int storeCount_ = 0;
    QString image_;

    ui::CompareModel& columns() { return *app_->compare()->columns(); }
    const Conversation& conversation() { return app_->conversation()->conversation(); }
    void attach() { QVERIFY(app_->attachments()->addFiles({image_}).isEmpty()); }
    app::ConversationStore store() const {
        return app::ConversationStore(dir_.filePath(QString::number(storeCount_)));
    }

private slots:
    void initTestCase() {
        image_ = dir_.filePath("harbour.png");
        QImage picture(320, 200, QImage::Format_RGB32);
        picture.fill(Qt::darkCyan);
        QVERIFY(picture.save(image_));
    }

    void init() {
        script_ = std::make_shared<app::ScriptedEngine>();
        ++storeCount_;
        app_ = std::make_unique<ui::AppController>(dir_.filePath(QString::number(storeCount_)),
                                                   app::makeScriptedBackend(script_));
        app_->engine()->model().loadModelDir("scripted", 0, {});
        QTRY_VERIFY_WITH_TIMEOUT(app_->engine()->model().ready(), 5000);
    }
    void cleanup() { app_.reset(); }

    void refusedWithoutAnImageOrWithBadLevels() {
        QSignalSpy notices(app_->compare(), &ui::CompareSession::notice);
        QVERIFY(!app_->compare()->start("What?", {70, 280}));
        QVERIFY2(notices.last().at(0).toString().contains("Attach an image"),
                 qPrintable(notices.last().at(0).toString()));
        attach();
        QVERIFY(!app_->compare()->start("What?", {70}));
        QVERIFY(app_->compare()->levelsProblem({70}).contains("2"));
        QVERIFY(!app_->compare()->levelsProblem({70, 99}).isEmpty());
        QVERIFY(app_->compare()->levelsProblem({70, 140, 280, 560, 1120}).isEmpty());
        QCOMPARE(app_->compare()->defaultLevels(), QList<int>({70, 140, 280, 560, 1120}));
        QCOMPARE(conversation().messages.size(), 0); // nothing sent
        QVERIFY(script_->compareRequests().empty());
    }

    void fiveColumnsStreamAndOneIsContinued() {
        app::EngineScript s;
        s.pieceIntervalMs = 2;
        s.levelPieces[70] = {"A", " boat."};
        s.levelPieces[1120] = {"A", " red", " boat."};
        s.reasoning = {"Looking", " closely."};
        script_->setScript(s);
        app_->settings()->setSamplingValue("seed", "9");
        attach();
        QVERIFY(app_->compare()->start("What is in the picture?", {70, 140, 280, 560, 1120}));
        QVERIFY(app_->compare()->running());
        QVERIFY(app_->chat()->busy());             // the composer shows Stop
        QVERIFY(!app_->chat()->send("meanwhile")); // and sends nothing
        // The images leave the composer once they are copied into the conversation.
        QTRY_COMPARE_WITH_TIMEOUT(app_->attachments()->rowCount(), 0, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!app_->compare()->running(), 5000);
        QVERIFY(app_->compare()->active());
        QVERIFY(app_->chat()->held());
        QVERIFY(!app_->chat()->busy());
        // What the engine got: one comparison of the five levels with the conversation's seed.
        const auto requests = script_->compareRequests();
        QCOMPARE(requests.size(), std::size_t{1});
        QCOMPARE(requests[0].levels, std::vector<int>({70, 140, 280, 560, 1120}));
        QCOMPARE(requests[0].request.sampling.seed.value_or(0), std::uint64_t{9});
        QCOMPARE(requests[0].request.newUserTurn.size(), std::size_t{2}); // image + text
        // Every column ran at its level, with its own stats.
        QCOMPARE(columns().rowCount(), 5);
        const auto& cols = columns().columns();
        QCOMPARE(cols[0].text, QString("A boat."));
        QCOMPARE(cols[0].reasoning, QString("Looking closely."));
        QCOMPARE(cols[2].text, QString("Hello from the scripted engine."));
        QCOMPARE(cols[4].text, QString("A red boat."));
        for (int i = 0; i < 5; ++i) {
            QVERIFY(cols[i].ended);
            const auto stats = app::replyStatsFromJson(cols[i].stats);
            QCOMPARE(stats.images.size(), 1);
            QCOMPARE(stats.images[0].level, cols[i].level);
        }
        QCOMPARE(app::replyStatsFromJson(cols[3].stats).images[0].bucket, 640);
        // Marked against column 0.
        QCOMPARE(columns().index(4).data(ui::CompareModel::ChangedWordsRole).toInt(), 1); // red
        QCOMPARE(columns().index(2).data(ui::CompareModel::ChangedWordsRole).toInt(), 5);

        QVERIFY(app_->compare()->continueWith(4));
        QVERIFY(!app_->compare()->active());
        QVERIFY(!app_->chat()->held());
        QCOMPARE(conversation().messages.size(), 2);
        QCOMPARE(conversation().messages[1].level, 1120);
        QCOMPARE(conversation().alternatives.size(), 4);
        const QModelIndex replyRow = app_->conversation()->index(1);
        QCOMPARE(replyRow.data(ui::ConversationModel::BranchCountRole).toInt(), 5);
        QCOMPARE(replyRow.data(ui::ConversationModel::BranchIndexRole).toInt(), 4);
        QCOMPARE(replyRow.data(ui::ConversationModel::LevelRole).toInt(), 1120);
        // Saved: the file has every column.
        const Conversation saved = store().load(app_->library()->currentId());
        QCOMPARE(saved.messages[1].text, QString("A red boat."));
        QCOMPARE(saved.alternatives.size(), 4);
        // The branch switcher pages to the 70 answer.
        app_->chat()->switchBranch(1, 0);
        QCOMPARE(conversation().messages[1].text, QString("A boat."));
        // The next turn sends the picture at the level of the answer shown.
        QVERIFY(app_->chat()->send("Which colour?"));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 5000);
        QCOMPARE(script_->requests().back().history.at(0).parts.at(0).image.level, 70);
    }

    // The verdict line marks the lowest level that gives the highest one's answer, by the rule
    // of `facet-cli compare` (sweep::cheapestAgreeing): case and the final full stop aside.
    void theCheapestAgreeingLevelIsMarked() {
        app::EngineScript s;
        s.levelPieces[70] = {"A", " boat."};
        s.levelPieces[280] = {"a", " red", " BOAT"};
        s.levelPieces[1120] = {"A", " red", " boat."};
        script_->setScript(s);
        attach();
        QVERIFY(app_->compare()->start("What?", {70, 280, 560, 1120}));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->compare()->running(), 5000);
        QCOMPARE(columns().cheapestAgreeingLevel(), 280);
        QVERIFY2(columns().verdict().startsWith("280 gives the same answer as 1120"),
                 qPrintable(columns().verdict()));
        QVERIFY(columns().index(1).data(ui::CompareModel::IsCheapestAgreeingRole).toBool());
        QVERIFY(!columns().index(2).data(ui::CompareModel::IsCheapestAgreeingRole).toBool());
        QVERIFY(app_->compare()->continueWith(3));
        QVERIFY(columns().verdict().isEmpty()); // closed

        // No lower level agrees: said so, nothing marked.
        s.levelPieces[280] = {"A", " boat."};
        script_->setScript(s);
        attach();
        QVERIFY(app_->compare()->start("What?", {70, 280, 1120}));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->compare()->running(), 5000);
        QCOMPARE(columns().cheapestAgreeingLevel(), 0);
        QVERIFY2(columns().verdict().contains("No lower level"), qPrintable(columns().verdict()));
    }

    void aFailingColumnDoesNotStopTheOthers() {
        app::EngineScript s;
        s.compareErrorLevel = 280;
        s.errorAfterPieces = 1;
        s.errorMessage = "device 0: image prefill failed";
        script_->setScript(s);
        attach();
        QVERIFY(app_->compare()->start("What?", {70, 280, 1120}));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->compare()->running(), 5000);
        QCOMPARE(columns().rowCount(), 3);
        const auto& cols = columns().columns();
        QCOMPARE(cols[1].error, QString("device 0: image prefill failed"));
        QCOMPARE(cols[1].finishReason, app::FinishReason::Error);
        QCOMPARE(cols[1].text, QString("Hello"));
        QCOMPARE(cols[2].finishReason, app::FinishReason::StopToken);
        QCOMPARE(cols[2].text, QString("Hello from the scripted engine."));
        QVERIFY(app_->compare()->continueWith(1)); // even the failed one, as with a reply
        QCOMPARE(conversation().messages[1].error, QString("device 0: image prefill failed"));
    }

    void stopEndsTheWholeComparison() {
        app::EngineScript s;
        s.pieceIntervalMs = 30;
        s.pieces = std::vector<std::string>(100, "word ");
        script_->setScript(s);
        attach();
        QVERIFY(app_->compare()->start("Long", {70, 140, 280}));
        QTRY_VERIFY_WITH_TIMEOUT(columns().columns()[0].text.size() > 10, 5000);
        app_->chat()->stop(); // the composer's Stop
        QTRY_VERIFY_WITH_TIMEOUT(!app_->compare()->running(), 2000);
        const auto& cols = columns().columns();
        QCOMPARE(cols[0].finishReason, app::FinishReason::Cancelled);
        QVERIFY(cols[0].text.startsWith("word word"));
        for (int i = 1; i < 3; ++i) {
            QCOMPARE(cols[i].finishReason, app::FinishReason::Cancelled);
            QVERIFY(cols[i].text.isEmpty());
        }
    }

    void leavingMidComparisonKeepsWhatRan() {
        app::EngineScript s;
        s.pieceIntervalMs = 30;
        s.pieces = std::vector<std::string>(100, "word ");
        script_->setScript(s);
        attach();
        QVERIFY(app_->compare()->start("Long", {70, 140}));
        const QString id = app_->library()->currentId();
        QTRY_VERIFY_WITH_TIMEOUT(columns().columns()[0].text.size() > 10, 5000);
        app_->library()->newChat();
        QVERIFY(!app_->compare()->active());
        QVERIFY(!app_->chat()->busy());
        QVERIFY(!app_->chat()->held());
        const Conversation saved = store().load(id);
        QCOMPARE(saved.messages.size(), 2);
        QCOMPARE(saved.messages[1].level, 70); // the baseline column
        QCOMPARE(saved.messages[1].finishReason, app::FinishReason::Cancelled);
        QVERIFY(saved.messages[1].text.startsWith("word word"));
        QCOMPARE(saved.alternatives.size(), 1);
        QCOMPARE(saved.alternatives[0].level, 140);
    }

    // Issue #56 item 8: the question's images are copied off the GUI thread before it joins the
    // conversation. From start() the comparison is on screen and running (the composer shows
    // Stop, nothing else is sent); Stop meanwhile asks nothing and the composer keeps it all.
    void stopWhileItsImagesAreCopiedAsksNothing() {
        attach();
        QSignalSpy notices(app_->chat(), &ui::ChatSession::notice);
        QVERIFY(app_->compare()->start("Which level?", {70, 280}));
        QVERIFY(app_->compare()->active());
        QVERIFY(app_->compare()->running());
        QCOMPARE(columns().rowCount(), 2);
        QVERIFY(app_->chat()->busy());
        app_->chat()->stop(); // the composer's Stop
        QTRY_VERIFY_WITH_TIMEOUT(!app_->compare()->active(), 5000);
        QVERIFY(!app_->compare()->running());
        QVERIFY(!app_->chat()->busy());
        QVERIFY(!app_->chat()->held());
        QCOMPARE(conversation().messages.size(), 0);
        QCOMPARE(app_->attachments()->rowCount(), 1);
        QVERIFY(script_->compareRequests().empty());
        QCOMPARE(notices.count(), 0);
    }

    // Another conversation opened meanwhile: the columns close at once, the question is not
    // asked anywhere, and the chat says so.
    void leavingWhileItsImagesAreCopiedAsksNothing() {
        attach();
        QSignalSpy notices(app_->chat(), &ui::ChatSession::notice);
        QVERIFY(app_->compare()->start("Which level?", {70, 280}));
        app_->library()->newChat();
        QVERIFY(!app_->compare()->active());
        QTRY_VERIFY_WITH_TIMEOUT(!app_->chat()->busy(), 5000);
        QCOMPARE(notices.count(), 1);
        QVERIFY(notices.at(0).at(0).toString().contains("another conversation"));
        QCOMPARE(conversation().messages.size(), 0);
        QCOMPARE(app_->attachments()->rowCount(), 1);
        QVERIFY(script_->compareRequests().empty());
    }

    // An image that is no longer one when the comparison starts: named, nothing asked, closed.
    void anImageThatCannotBeCopiedClosesTheComparison() {
        const QString path = dir_.filePath("gone.png");
        QVERIFY(QFile::copy(image_, path));
        QVERIFY(app_->attachments()->addFiles({path}).isEmpty());
        QVERIFY(QFile::remove(path));
        QSignalSpy notices(app_->chat(), &ui::ChatSession::notice);
        QVERIFY(app_->compare()->start("Which level?", {70, 280}));
        QTRY_VERIFY_WITH_TIMEOUT(!app_->compare()->active(), 5000);
        QVERIFY(!app_->chat()->busy());
        QCOMPARE(notices.count(), 1);
        QVERIFY2(notices.at(0).at(0).toString().contains("gone.png"),
                 qPrintable(notices.at(0).at(0).toString()));
        QCOMPARE(conversation().messages.size(), 0);
        QVERIFY(script_->compareRequests().empty());
    }
};

int runCompareSessionTest(int argc, char** argv) {
    CompareSessionTest session;
    return QTest::qExec(&session, argc, argv);
}

#include "tst_comparesession.moc"
