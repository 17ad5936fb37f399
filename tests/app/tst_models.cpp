// Item models of the app under QAbstractItemModelTester, driven the way the controller drives them.
#include "Attachments/attachmentmodel.h"
#include "Chat/conversationmodel.h"
#include "Conversations/chatlistmodel.h"
#include "image/preprocess.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using facet::ui::AttachmentModel;
using facet::ui::ChatListModel;
using facet::ui::ConversationModel;

class ModelsTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    QString writeImage(const QString& name, int w, int h) {
        QImage image(w, h, QImage::Format_RGB888);
        image.fill(QColor(200, 120, 40));
        const QString path = dir_.filePath(name);
        if (!image.save(path))
            qFatal("cannot write test image");
        return path;
    }

private slots:
    void attachmentTokensFollowTheEngineSizeRule() {
        AttachmentModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QString wide = writeImage("wide.png", 1600, 400);
        const QString tall = writeImage("tall.png", 300, 900);
        QCOMPARE(model.addUrls({QUrl::fromLocalFile(wide), QUrl::fromLocalFile(tall)}),
                 QStringList());
        QCOMPARE(model.rowCount(), 2);
        for (int level : {70, 140, 280, 560, 1120}) {
            model.setMessageLevel(level);
            QCOMPARE(model.index(0).data(AttachmentModel::TokensRole).toInt(),
                     facet::image::softTokensFor(1600, 400, level));
            QCOMPARE(model.index(1).data(AttachmentModel::TokensRole).toInt(),
                     facet::image::softTokensFor(300, 900, level));
            QCOMPARE(model.totalTokens(), facet::image::softTokensFor(1600, 400, level) +
                                              facet::image::softTokensFor(300, 900, level));
        }
        // Tokens never exceed the budget, and a larger budget never costs fewer tokens.
        QVERIFY(facet::image::softTokensFor(1600, 400, 70) <= 70);
        QVERIFY(facet::image::softTokensFor(1600, 400, 1120) >=
                facet::image::softTokensFor(1600, 400, 70));
    }

    void perImageOverride() {
        AttachmentModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.addFiles({writeImage("a.png", 800, 600), writeImage("b.png", 800, 600)});
        model.setMessageLevel(140);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setImageLevel(1, 1120);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.index(0).data(AttachmentModel::LevelRole).toInt(), 140);
        QCOMPARE(model.index(1).data(AttachmentModel::LevelRole).toInt(), 1120);
        QVERIFY(model.index(1).data(AttachmentModel::OverriddenRole).toBool());
        model.setMessageLevel(560); // the override stays
        QCOMPARE(model.index(0).data(AttachmentModel::LevelRole).toInt(), 560);
        QCOMPARE(model.index(1).data(AttachmentModel::LevelRole).toInt(), 1120);
        model.clearImageLevel(1);
        QCOMPARE(model.index(1).data(AttachmentModel::LevelRole).toInt(), 560);
        model.remove(0);
        QCOMPARE(model.rowCount(), 1);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void wrongFilesAreRefusedByName() {
        AttachmentModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QString good = writeImage("good.png", 64, 64);
        QFile text(dir_.filePath("notes.png"));
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("this is not an image\n");
        text.close();
        QFile big(dir_.filePath("huge.jpg"));
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.resize(101LL * 1024 * 1024)); // sparse: no disk used
        big.close();
        QSignalSpy rejected(&model, &AttachmentModel::rejected);
        const QStringList problems =
            model.addFiles({dir_.filePath("notes.png"), good, dir_.filePath("huge.jpg"),
                            dir_.filePath("gone.png")});
        QCOMPARE(problems.size(), 3);
        QCOMPARE(rejected.count(), 3);
        QVERIFY2(problems[0].startsWith("notes.png: "), qPrintable(problems[0]));
        QVERIFY2(problems[1].startsWith("huge.jpg: too large"), qPrintable(problems[1]));
        QVERIFY2(problems[2].startsWith("gone.png: "), qPrintable(problems[2]));
        QCOMPARE(model.rowCount(), 1); // the good one is kept
        QCOMPARE(model.index(0).data(AttachmentModel::NameRole).toString(), QString("good.png"));
        const QStringList remote = model.addUrls({QUrl("https://example.com/a.png")});
        QCOMPARE(remote.size(), 1);
        QCOMPARE(model.rowCount(), 1);
    }

    void conversationModelStreams() {
        ConversationModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        facet::app::Conversation c;
        c.id = "c1";
        facet::app::Message user;
        user.id = "u1";
        user.text = "What is this?";
        user.images.append({"abc.png", "cat.png", 560, 800, 600, 540});
        c.messages.append(user);
        model.setConversation(c, "/data/c1");
        QCOMPARE(model.rowCount(), 1);
        const QVariantList images = model.index(0).data(ConversationModel::ImagesRole).toList();
        QCOMPARE(images.size(), 1);
        QCOMPARE(images[0].toMap().value("path").toString(), QString("/data/c1/abc.png"));
        QCOMPARE(images[0].toMap().value("tokens").toInt(), 540);

        facet::app::Message reply;
        reply.id = "r1";
        reply.role = facet::app::Message::Role::Model;
        const int row = model.appendMessage(reply);
        QVERIFY(model.index(row).data(ConversationModel::StreamingRole).toBool());
        model.setPhase(row, "Reading prompt");
        QCOMPARE(model.index(row).data(ConversationModel::PhaseRole).toString(),
                 QString("Reading prompt"));
        model.appendReplyText(row, "A ", "");
        model.appendReplyText(row, "cat.", "");
        QCOMPARE(model.index(row).data(ConversationModel::TextRole).toString(), QString("A cat."));
        model.finishReply(row, QJsonObject{{"generated_tokens", 3}},
                          facet::app::FinishReason::StopToken, "");
        QVERIFY(!model.index(row).data(ConversationModel::StreamingRole).toBool());
        // Typed for the views: the stored JSON read once into ReplyStats.
        const auto stats =
            model.index(row).data(ConversationModel::StatsRole).value<facet::app::ReplyStats>();
        QVERIFY(stats.present);
        QCOMPARE(stats.generatedTokens, 3);
        QCOMPARE(model.index(row)
                     .data(ConversationModel::FinishReasonRole)
                     .value<facet::app::FinishReason>(),
                 facet::app::FinishReason::StopToken);

        // Regenerate: the old reply becomes another version at row 1, the new one is shown.
        model.detachTail(1);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.conversation().alternatives.size(), 1);
        facet::app::Message second;
        second.id = "r2";
        second.role = facet::app::Message::Role::Model;
        second.created = QDateTime::currentDateTime().addSecs(1);
        QCOMPARE(model.appendMessage(second), 1);
        model.appendReplyText(1, "A dog.", "");
        model.finishReply(1, {}, facet::app::FinishReason::StopToken, "");
        QCOMPARE(model.index(1).data(ConversationModel::BranchCountRole).toInt(), 2);
        QCOMPARE(model.index(1).data(ConversationModel::BranchIndexRole).toInt(), 1);
        QCOMPARE(model.index(0).data(ConversationModel::BranchCountRole).toInt(), 1);
        QVERIFY(model.switchBranch(1, 0));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(1).data(ConversationModel::TextRole).toString(), QString("A cat."));
        QCOMPARE(model.index(1).data(ConversationModel::BranchIndexRole).toInt(), 0);
        QVERIFY(!model.switchBranch(1, 2)); // no third version
        QVERIFY(model.switchBranch(1, 1));
        QCOMPARE(model.index(1).data(ConversationModel::TextRole).toString(), QString("A dog."));
    }

    void chatListFiltersAndOrders() {
        ChatListModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QDateTime t0 = QDateTime::currentDateTime();
        model.setEntries({{"a", "Receipt", t0.addSecs(-60), "receipt\ntotal is 12 euros", {}},
                          {"b", "Diagram", t0, "diagram\nboxes and arrows", {}},
                          {"c", "Cat photo", t0.addSecs(-120), "cat photo\na tabby cat", {}}});
        QCOMPARE(model.idAt(0), QString("b"));
        QCOMPARE(model.idAt(2), QString("c"));
        model.setFilter("euros"); // text, not title
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.idAt(0), QString("a"));
        model.setFilter("CAT tabby");
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.idAt(0), QString("c"));
        model.setFilter("");
        model.upsert({"c", "Cat photo", t0.addSecs(10), "cat photo", {}});
        QCOMPARE(model.idAt(0), QString("c"));
        model.upsert({"c", "Renamed", t0.addSecs(10), "renamed", {}});
        QCOMPARE(model.index(0).data(ChatListModel::TitleRole).toString(), QString("Renamed"));
        model.remove("b");
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.rowOf("b"), -1);
    }
};

int runModelsTest(int argc, char** argv) {
    ModelsTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_models.moc"
