// The sidebar's date headers and thumbnails (issue #57): each conversation falls under Today,
// Yesterday, Last 7 days, Last 30 days or Older by the calendar day of its last change, the
// groups move on at midnight, and a conversation's first sent image is its thumbnail — a URL of
// the image provider made from the file, so a name with letters outside ASCII, a space or '#'
// reaches the provider as the same file.
#include "Attachments/imageurls.h"
#include "Common/appcontroller.h"
#include "Conversations/chatlistmodel.h"
#include "Conversations/dategroup.h"
#include "core/conversations/conversationstore.h"
#include "scriptedbackend.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace facet;
using ui::DateGroup;
using ui::dateGroupOf;

class ChatListGroupsTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    static int groupAt(const ui::ChatListModel& model, int row) {
        return model.data(model.index(row), ui::ChatListModel::DateGroupRole).toInt();
    }

private slots:
    void daysFallIntoTheirGroups() {
        const QDate today(2026, 3, 1); // the day after 28 February: month ends count as days
        QCOMPARE(dateGroupOf(today, today), DateGroup::Today);
        QCOMPARE(dateGroupOf(QDate(2026, 2, 28), today), DateGroup::Yesterday);
        QCOMPARE(dateGroupOf(QDate(2026, 2, 27), today), DateGroup::Last7Days);
        QCOMPARE(dateGroupOf(QDate(2026, 2, 23), today), DateGroup::Last7Days);  // 6 days ago
        QCOMPARE(dateGroupOf(QDate(2026, 2, 22), today), DateGroup::Last30Days); // 7 days ago
        QCOMPARE(dateGroupOf(QDate(2026, 1, 31), today), DateGroup::Last30Days); // 29 days ago
        QCOMPARE(dateGroupOf(QDate(2026, 1, 30), today), DateGroup::Older);      // 30 days ago
        QCOMPARE(dateGroupOf(QDate(2025, 3, 1), today), DateGroup::Older);
        // A clock set back since: not "older" than today.
        QCOMPARE(dateGroupOf(QDate(2026, 3, 5), today), DateGroup::Today);
        QCOMPARE(dateGroupOf(QDate(), today), DateGroup::Older);
    }

    void rowsCarryTheirGroupAndMoveOnWithTheDay() {
        ui::ChatListModel model;
        QAbstractItemModelTester tester(&model);
        const QDate today(2026, 3, 1);
        model.setToday(today);
        auto at = [](const QDate& d) { return QDateTime(d, QTime(12, 0)); };
        model.setEntries({{"a", "A", at(today), "a", {}},
                          {"b", "B", at(today.addDays(-1)), "b", {}},
                          {"c", "C", at(today.addDays(-3)), "c", {}},
                          {"d", "D", at(today.addDays(-10)), "d", {}},
                          {"e", "E", at(today.addDays(-40)), "e", {}}});
        QCOMPARE(groupAt(model, 0), int(DateGroup::Today));
        QCOMPARE(groupAt(model, 1), int(DateGroup::Yesterday));
        QCOMPARE(groupAt(model, 2), int(DateGroup::Last7Days));
        QCOMPARE(groupAt(model, 3), int(DateGroup::Last30Days));
        QCOMPARE(groupAt(model, 4), int(DateGroup::Older));
        QVERIFY(model.roleNames().value(ui::ChatListModel::DateGroupRole) == "dateGroup");

        // Midnight: what was today is yesterday, and the view is told.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setToday(today.addDays(1));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(groupAt(model, 0), int(DateGroup::Yesterday));
        QCOMPARE(groupAt(model, 1), int(DateGroup::Last7Days));
    }

    void firstSentImageIsTheThumbnail() {
        const QString root = dir_.filePath("store");
        const QString name = QStringLiteral("images/새 사진 é #1 100%.png");
        {
            app::ConversationStore store(root);
            app::Conversation c;
            c.id = QStringLiteral("with-image");
            c.title = QStringLiteral("Pictures");
            c.created = c.updated = QDateTime::currentDateTime();
            app::Message question;
            question.id = QStringLiteral("q");
            question.text = QStringLiteral("What is this?");
            app::Message second = question;
            second.id = QStringLiteral("q2");
            app::StoredImage image;
            image.file = name;
            question.images.append(image);
            image.file = QStringLiteral("images/later.png");
            second.images.append(image);
            c.messages = {question, second};
            store.save(c);

            app::Conversation plain;
            plain.id = QStringLiteral("plain");
            plain.title = QStringLiteral("Words only");
            plain.created = plain.updated = QDateTime::currentDateTime().addSecs(-60);
            app::Message m;
            m.id = QStringLiteral("m");
            m.text = QStringLiteral("hello");
            plain.messages.append(m);
            store.save(plain);
        }
        ui::AppController app(root,
                              app::makeScriptedBackend(std::make_shared<app::ScriptedEngine>()));
        QSignalSpy loaded(app.library(), &ui::ConversationLibrary::conversationsLoaded);
        app.library()->loadConversations();
        QVERIFY(loaded.wait(10000));
        ui::ChatListModel& chats = *app.chats();
        const int row = chats.rowOf(QStringLiteral("with-image"));
        QVERIFY(row >= 0);
        const QUrl url = chats.data(chats.index(row), ui::ChatListModel::ThumbnailRole).toUrl();
        const QString expected =
            app.library()->store().imagePath(QStringLiteral("with-image"), name);
        QCOMPARE(url, ui::thumbnailUrl(expected));
        // The provider is handed the id as Qt Quick writes it (QUrl::toString()): the same file.
        const QString id = url.toString().mid(QStringLiteral("image://facet/thumb/").size());
        QCOMPARE(ui::pathFromImageId(id), expected);

        const int plainRow = chats.rowOf(QStringLiteral("plain"));
        QVERIFY(plainRow >= 0);
        QVERIFY(
            chats.data(chats.index(plainRow), ui::ChatListModel::ThumbnailRole).toUrl().isEmpty());
        QCOMPARE(groupAt(chats, row), int(DateGroup::Today));
    }
};

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    ChatListGroupsTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_chatlistgroups.moc"
