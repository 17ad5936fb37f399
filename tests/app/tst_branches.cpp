// Branches of a conversation: edit-and-resend and regenerate keep the old continuation as another
// version; switching restores what was shown; only the active branch is sent and exported as
// Markdown; format version 2 stores every branch and version 1 files still load.
#include "core/conversations/conversationbranches.h"
#include "core/conversations/conversationexport.h"
#include "core/conversations/conversationstore.h"
#include "core/worker/requestbuilder.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace facet::app;

namespace {

const QDateTime t0 = QDateTime::fromString("2026-03-04T05:06:07.000", Qt::ISODateWithMs);

Message message(const QString& id, Message::Role role, const QString& text, int second) {
    Message m;
    m.id = id;
    m.role = role;
    m.text = text;
    m.created = t0.addSecs(second);
    return m;
}

Message user(const QString& id, const QString& text, int second) {
    return message(id, Message::Role::User, text, second);
}

Message reply(const QString& id, const QString& text, int second) {
    return message(id, Message::Role::Model, text, second);
}

QStringList ids(const QList<Message>& messages) {
    QStringList out;
    for (const auto& m : messages)
        out << m.id;
    return out;
}

// u1 r1 u2 r2, then u2 edited (u2b r2b), then r2b regenerated (r2c).
Conversation branched() {
    Conversation c;
    c.id = "b";
    c.title = "Branches";
    c.messages = {user("u1", "first", 0), reply("r1", "one", 1), user("u2", "second", 2),
                  reply("r2", "two", 3)};
    detachTail(c, 2);
    c.messages << user("u2b", "second, edited", 4) << reply("r2b", "two b", 5);
    detachTail(c, 3);
    c.messages << reply("r2c", "two c", 6);
    return c;
}

void checkPosition(const Conversation& c, int row, int index, int count) {
    const BranchPosition at = branchPosition(c, row);
    QCOMPARE(at.index, index);
    QCOMPARE(at.count, count);
}

QString parseProblem(QJsonObject o) {
    try {
        (void)conversationFromJson(o);
    } catch (const std::runtime_error& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace

class BranchesTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void editAndRegenerateKeepVersions() {
        const Conversation c = branched();
        QCOMPARE(ids(c.messages), QStringList({"u1", "r1", "u2b", "r2c"}));
        QCOMPARE(c.alternatives.size(), 3);
        checkPosition(c, 0, 0, 1);
        checkPosition(c, 1, 0, 1);
        checkPosition(c, 2, 1, 2); // edited message: second of two
        checkPosition(c, 3, 1, 2); // regenerated reply: second of two
        checkBranches(c);
    }

    void switchingRestoresWhatWasShown() {
        Conversation c = branched();
        QVERIFY(switchBranch(c, 2, 0)); // back to the original question and its reply
        QCOMPARE(ids(c.messages), QStringList({"u1", "r1", "u2", "r2"}));
        checkPosition(c, 2, 0, 2);
        checkPosition(c, 3, 0, 1);
        QCOMPARE(c.messages.size() + c.alternatives.size(), 7);
        checkBranches(c);
        // Forward again: the reply shown last under the edit (r2c), not the newest by chance.
        QVERIFY(switchBranch(c, 2, 1));
        QVERIFY(switchBranch(c, 3, 0));
        QCOMPARE(ids(c.messages), QStringList({"u1", "r1", "u2b", "r2b"}));
        QVERIFY(switchBranch(c, 2, 0));
        QVERIFY(switchBranch(c, 2, 1));
        QCOMPARE(ids(c.messages), QStringList({"u1", "r1", "u2b", "r2b"}));
        for (const auto& m : c.messages) // parent links only live in the alternatives
            QVERIFY(m.parentId.isEmpty() && m.activeChildId.isEmpty());
        QVERIFY(!switchBranch(c, 2, 2));
        QVERIFY(!switchBranch(c, 7, 0));
        QCOMPARE(ids(c.messages), QStringList({"u1", "r1", "u2b", "r2b"}));
        checkBranches(c);
    }

    void requestUsesTheActiveBranchOnly() {
        Conversation c = branched();
        c.enableThinking = true;
        c.messages.removeLast(); // as while r2c is being written: its user message is the turn
        const auto request = buildRequest(c, 2, {}, [](const StoredImage& i) { return i.file; });
        QVERIFY(request.enableThinking);
        QCOMPARE(request.history.size(), std::size_t{2});
        QCOMPARE(request.history[0].parts.at(0).text, std::string("first"));
        QCOMPARE(request.history[1].modelText, std::string("one"));
        QCOMPARE(request.newUserTurn.at(0).text, std::string("second, edited"));
        Conversation off = branched();
        QCOMPARE(buildRequest(off, 0, {}, {}).enableThinking, false);
    }

    void exportWritesTheActiveBranch() {
        Conversation c = branched();
        c.alternatives[0].images.append({"ab.png", "a.png", 280, 10, 10, 1});
        const QString md = toMarkdown(c, "/s/b");
        QVERIFY2(md.contains("## User (version 2 of 2)\n\nsecond, edited"), qPrintable(md));
        QVERIFY2(md.contains("## Gemma (version 2 of 2)\n\ntwo c"), qPrintable(md));
        QVERIFY(!md.contains("two b"));
        QVERIFY(!md.contains("\nsecond\n"));
        const QJsonObject json = QJsonDocument::fromJson(toJsonExport(c, "/s/b")).object();
        const QJsonArray alternatives = json["alternatives"].toArray();
        QCOMPARE(alternatives.size(), 3);
        QCOMPARE(alternatives[0].toObject()["images"].toArray()[0].toObject()["path"].toString(),
                 QString("/s/b/ab.png"));
        QVERIFY(searchableText(c).contains("two b"));
    }

    void versionTwoRoundTrip() {
        ConversationStore store(dir_.filePath("v2"));
        Conversation c = branched();
        c.enableThinking = true;
        QVERIFY(switchBranch(c, 2, 0)); // leaves remembered choices in the alternatives
        store.save(c);
        const QJsonObject saved = toJson(c);
        QCOMPARE(saved["version"].toInt(), kConversationFormatVersion);
        const Conversation back = store.load("b");
        QVERIFY(back.enableThinking);
        QCOMPARE(ids(back.messages), ids(c.messages));
        QCOMPARE(ids(back.alternatives), ids(c.alternatives));
        for (qsizetype i = 0; i < c.alternatives.size(); ++i) {
            QCOMPARE(back.alternatives[i].parentId, c.alternatives[i].parentId);
            QCOMPARE(back.alternatives[i].activeChildId, c.alternatives[i].activeChildId);
            QCOMPARE(back.alternatives[i].text, c.alternatives[i].text);
        }
        Conversation again = back;
        QVERIFY(switchBranch(again, 2, 1));
        QCOMPARE(ids(again.messages), QStringList({"u1", "r1", "u2b", "r2c"}));
    }

    void versionOneFileStillLoads() {
        // Written by the version-1 build (no branches, no thinking switch).
        const QByteArray v1 = R"({
            "format": "facet-conversation", "version": 1, "id": "old", "title": "Old one",
            "created": "2026-01-02T03:04:05.006", "updated": "2026-01-02T03:05:05.006",
            "system_prompt": "",
            "messages": [
                {"id": "a", "role": "user", "text": "Hi", "created": "2026-01-02T03:04:05.006",
                 "images": [{"file": "f.png", "original_name": "f.png", "level": 140,
                             "width": 8, "height": 8, "soft_tokens": 1}]},
                {"id": "b", "role": "model", "text": "Hello", "finish_reason": "stop_token",
                 "created": "2026-01-02T03:04:06.006", "stats": {"prompt_tokens": 9}}]})";
        ConversationStore store(dir_.filePath("v1"));
        QVERIFY(QDir().mkpath(store.folder("old")));
        QFile f(store.file("old"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(v1);
        f.close();
        const auto listing = store.loadAll();
        QVERIFY2(listing.problems.isEmpty(), qPrintable(listing.problems.join('\n')));
        QCOMPARE(listing.conversations.size(), 1);
        const Conversation c = listing.conversations[0];
        QCOMPARE(ids(c.messages), QStringList({"a", "b"}));
        QVERIFY(c.alternatives.isEmpty());
        QVERIFY(!c.enableThinking);
        QCOMPARE(c.messages[0].images[0].level, 140);
        checkPosition(c, 1, 0, 1);
        store.save(c); // written back in the current version
        QCOMPARE(QJsonDocument::fromJson([&] {
                     QFile g(store.file("old"));
                     return g.open(QIODevice::ReadOnly) ? g.readAll() : QByteArray();
                 }())
                     .object()["version"]
                     .toInt(),
                 kConversationFormatVersion);
    }

    void brokenTreesAreRefusedByName() {
        const QJsonObject good = toJson(branched());
        QVERIFY(parseProblem(good).isEmpty());
        auto withAlternative = [&](int i, const char* key, const QJsonValue& value) {
            QJsonObject o = good;
            QJsonArray alternatives = o["alternatives"].toArray();
            QJsonObject m = alternatives[i].toObject();
            m[key] = value;
            alternatives[i] = m;
            o["alternatives"] = alternatives;
            return o;
        };
        QString p = parseProblem(withAlternative(0, "parent", "nowhere"));
        QVERIFY2(p.contains("\"u2\"") && p.contains("parent is not in the conversation"),
                 qPrintable(p));
        p = parseProblem(withAlternative(0, "parent", "r2")); // u2 -> r2 -> u2
        QVERIFY2(p.contains("cycle"), qPrintable(p));
        p = parseProblem(withAlternative(0, "id", "u1"));
        QVERIFY2(p.contains("\"u1\"") && p.contains("twice"), qPrintable(p));
        p = parseProblem(withAlternative(0, "active_child", "r2b"));
        QVERIFY2(p.contains("active child"), qPrintable(p));
        QJsonObject noParent = good;
        QJsonArray alternatives = noParent["alternatives"].toArray();
        QJsonObject first = alternatives[0].toObject();
        first.remove("parent");
        alternatives[0] = first;
        noParent["alternatives"] = alternatives;
        p = parseProblem(noParent);
        QVERIFY2(p.contains("\"parent\" is missing"), qPrintable(p));
        QJsonObject thinking = good;
        thinking["enable_thinking"] = "yes";
        QVERIFY(parseProblem(thinking).contains("enable_thinking"));
    }
};

int runBranchesTest(int argc, char** argv) {
    BranchesTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_branches.moc"
