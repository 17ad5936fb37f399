// Comparing detail levels in the app: the word diff (checked against a brute-force LCS), the
// compared replies in a conversation (versions, file format 3, files of versions 1 and 2 still
// read, export with levels and stats, history sent at the chosen level). The compare controller
// is in tst_comparesession.cpp.
#include "Common/appcontroller.h"
#include "Compare/comparemodel.h"
#include "Compare/worddiff.h"
#include "core/conversations/conversationbranches.h"
#include "core/conversations/conversationcompare.h"
#include "core/conversations/conversationexport.h"
#include "core/conversations/conversationstore.h"
#include "core/worker/requestbuilder.h"
#include "scriptedbackend.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace facet;
using app::Conversation;
using app::Message;

namespace {

QString joined(const QList<ui::DiffSpan>& spans) {
    QString all;
    for (const auto& s : spans)
        all += s.text;
    return all;
}

QStringList changedWords(const QList<ui::DiffSpan>& spans) {
    QStringList out;
    for (const auto& s : spans)
        if (s.changed)
            out += s.text.simplified().split(' ', Qt::SkipEmptyParts);
    return out;
}

// The LCS length of two word lists by plain recursion with memo: the independent reference.
int lcsLength(const QStringList& a, const QStringList& b) {
    QHash<QPair<int, int>, int> memo;
    std::function<int(int, int)> f = [&](int i, int j) -> int {
        if (i == a.size() || j == b.size())
            return 0;
        const auto key = qMakePair(i, j);
        if (memo.contains(key))
            return memo[key];
        const int v = a[i] == b[j] ? 1 + f(i + 1, j + 1) : std::max(f(i + 1, j), f(i, j + 1));
        memo.insert(key, v);
        return v;
    };
    return f(0, 0);
}

Message reply(const QString& id, int level, const QString& text, int ms) {
    Message m;
    m.id = id;
    m.role = Message::Role::Model;
    m.text = text;
    m.level = level;
    m.finishReason = app::FinishReason::StopToken;
    m.created = QDateTime(QDate(2026, 3, 1), QTime(10, 0)).addMSecs(ms);
    m.stats = QJsonObject{{"prompt_tokens", 100 + level},
                          {"prefill_chunks", 2},
                          {"ttft_ms", 12.5},
                          {"total_ms", 40.0},
                          {"generated_tokens", 5},
                          {"finish_reason", "stop_token"},
                          {"images", QJsonArray{QJsonObject{{"level", level},
                                                            {"soft_tokens", level - 6},
                                                            {"bucket", level == 70 ? 128 : 384}}}}};
    return m;
}

Conversation question() {
    Conversation c;
    c.id = "cmp";
    c.title = "Compare";
    c.created = QDateTime(QDate(2026, 3, 1), QTime(9, 0));
    Message user;
    user.id = "q";
    user.text = "What is in the picture?";
    user.images.append({"img.png", "harbour.png", 140, 640, 480, 130});
    user.created = c.created;
    c.messages.append(user);
    return c;
}

Conversation compared(int chosen) {
    Conversation c = question();
    app::addComparedReplies(c,
                            {reply("r70", 70, "A boat.", 0), reply("r280", 280, "A red boat.", 1),
                             reply("r1120", 1120, "A red boat by a pier.", 2)},
                            chosen);
    return c;
}

} // namespace

class CompareTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    // ---- the word diff ----
    void identicalTextsShareEverything() {
        const auto spans = ui::diffWords("a red boat", "a red boat");
        QCOMPARE(spans.size(), 1);
        QVERIFY(!spans[0].changed);
    }

    void substitutionAndInsertionAreMarked() {
        const auto spans = ui::diffWords("the cat sat", "the dog sat on it");
        QCOMPARE(changedWords(spans), QStringList({"dog", "on", "it"}));
        QCOMPARE(joined(spans), QString("the dog sat on it"));
        // The highlight ends with the word: spacing stays outside it.
        for (const auto& s : spans)
            if (s.changed)
                QVERIFY2(!s.text.endsWith(' ') && !s.text.startsWith(' '), qPrintable(s.text));
    }

    void spacingIsKeptButNeverADifference() {
        const QString text = "  A boat,\n\n  two  gulls.\t";
        const auto spans = ui::diffWords("A boat, two gulls.", text);
        QCOMPARE(joined(spans), text);
        QVERIFY(changedWords(spans).isEmpty());
    }

    void emptyBaselineMarksEveryWord() {
        QCOMPARE(changedWords(ui::diffWords("", "one two")), QStringList({"one", "two"}));
        QVERIFY(ui::diffWords("one two", "").isEmpty());
    }

    // Against the brute-force LCS: the unmarked words are a common subsequence of the longest
    // length, on pseudo-random word lists with many repeats.
    void unmarkedWordsAreALongestCommonSubsequence() {
        quint32 seed = 12345;
        const auto next = [&] { return (seed = seed * 1664525u + 1013904223u) >> 16; };
        const QStringList vocabulary{"a", "boat", "red", "the", "sea", "gull"};
        for (int round = 0; round < 200; ++round) {
            QStringList a;
            QStringList b;
            for (quint32 i = 0, n = next() % 12; i < n; ++i)
                a << vocabulary[next() % vocabulary.size()];
            for (quint32 i = 0, n = next() % 12; i < n; ++i)
                b << vocabulary[next() % vocabulary.size()];
            const auto spans = ui::diffWords(a.join(' '), b.join(' '));
            QStringList kept;
            for (const auto& s : spans)
                if (!s.changed)
                    kept += s.text.simplified().split(' ', Qt::SkipEmptyParts);
            QCOMPARE(kept.size(), lcsLength(a, b));
            QCOMPARE(lcsLength(kept, a), kept.size()); // a subsequence of the baseline
            QCOMPARE(changedWords(spans).size() + kept.size(), b.size());
        }
    }

    void veryLongAnswersFallBackWithoutComparingWordByWord() {
        QStringList a;
        QStringList b;
        for (int i = 0; i < 2100; ++i) {
            a << QString("w%1").arg(i);
            b << QString("x%1").arg(i);
        }
        const auto spans =
            ui::diffWords("same " + a.join(' ') + " end", "same " + b.join(' ') + " end");
        QCOMPARE(changedWords(spans).size(), 2100);
        QVERIFY(!spans.first().changed);
        QVERIFY(!spans.last().changed);
    }

    void htmlIsEscapedAndHighlighted() {
        const QString html =
            ui::diffHtml(ui::diffWords("say hi", "say <b>hi</b> & bye"), "#fde293");
        QVERIFY2(html.contains("&lt;b&gt;hi&lt;/b&gt;"), qPrintable(html));
        QVERIFY2(html.contains("<span style=\"background-color:#fde293\">&lt;b&gt;hi&lt;/b&gt; "
                               "&amp; bye</span>"),
                 qPrintable(html));
        QVERIFY(!html.contains("<b>"));
    }

    void modelMarksAgainstThePickedBaseline() {
        ui::CompareModel model;
        QAbstractItemModelTester tester(&model);
        model.reset({70, 280}, {});
        model.appendText(0, "A boat.", {});
        model.appendText(1, "A red boat.", {});
        const auto changed = [&](int row) {
            return model.index(row).data(ui::CompareModel::ChangedWordsRole).toInt();
        };
        QCOMPARE(changed(0), 0);
        QCOMPARE(changed(1), 1); // "red"
        QSignalSpy spy(&model, &QAbstractItemModel::dataChanged);
        model.setBaseline(1);
        QVERIFY(!spy.isEmpty());
        QCOMPARE(changed(0), 0); // "A boat." is all in "A red boat."
        QCOMPARE(changed(1), 0);
        QVERIFY(model.index(1).data(ui::CompareModel::IsBaselineRole).toBool());
    }

    // ---- compared replies in a conversation ----
    void continuedColumnIsTheReplyAndTheOthersItsVersions() {
        const Conversation c = compared(1);
        QCOMPARE(c.messages.size(), 2);
        QCOMPARE(c.messages[1].id, QString("r280"));
        QCOMPARE(c.alternatives.size(), 2);
        for (const auto& m : c.alternatives)
            QCOMPARE(m.parentId, QString("q"));
        const auto at = app::branchPosition(c, 1);
        QCOMPARE(at.count, 3);
        QCOMPARE(at.index, 1); // versions in column order
        Conversation paged = c;
        QVERIFY(app::switchBranch(paged, 1, 2));
        QCOMPARE(paged.messages[1].level, 1120);
        QCOMPARE(app::comparedVersions(c, 1).size(), 3);
        // Not after a model message, not without levels.
        Conversation bad = c;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 app::addComparedReplies(bad, {reply("x", 70, "", 0)}, 0));
        Conversation noLevel = question();
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 app::addComparedReplies(noLevel, {Message{}}, 0));
    }

    void formatThreeRoundTrip() {
        const Conversation c = compared(2);
        const QJsonObject json = app::toJson(c);
        QCOMPARE(json["version"].toInt(), 3);
        QCOMPARE(json["messages"].toArray()[1].toObject()["level"].toInt(), 1120);
        QVERIFY(!json["messages"].toArray()[0].toObject().contains("level"));
        app::ConversationStore store(dir_.filePath("v3"));
        store.save(c);
        const Conversation back = store.load("cmp");
        QCOMPARE(back.messages[1].level, 1120);
        QCOMPARE(back.alternatives.size(), 2);
        QCOMPARE(back.alternatives[0].level, 70);
        QCOMPARE(back.alternatives[0].stats["prefill_chunks"].toInt(), 2);
        QCOMPARE(back.alternatives[1].text, QString("A red boat."));
        // A level on a user message, or a level that is no level, is refused by name.
        QJsonObject broken = json;
        QJsonArray messages = broken["messages"].toArray();
        QJsonObject user = messages[0].toObject();
        user["level"] = 70;
        messages[0] = user;
        broken["messages"] = messages;
        try {
            (void)app::conversationFromJson(broken);
            QFAIL("a level on a user message was accepted");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains("\"q\": field \"level\""), e.what());
        }
    }

    void olderVersionsStillLoad() {
        const QByteArray v1 = R"({"format": "facet-conversation", "version": 1, "id": "one",
            "title": "Old", "messages": [
              {"id": "a", "role": "user", "text": "Hi", "created": "2026-01-02T03:04:05.006"},
              {"id": "b", "role": "model", "text": "Hello", "finish_reason": "stop_token",
               "created": "2026-01-02T03:04:06.006", "stats": {"prompt_tokens": 9}}]})";
        const QByteArray v2 = R"({"format": "facet-conversation", "version": 2, "id": "two",
            "title": "Branched", "enable_thinking": true, "messages": [
              {"id": "a", "role": "user", "text": "Hi", "created": "2026-01-02T03:04:05.006"},
              {"id": "c", "role": "model", "text": "Second", "created": "2026-01-02T03:04:07.006"}],
            "alternatives": [
              {"id": "b", "role": "model", "text": "First", "parent": "a",
               "created": "2026-01-02T03:04:06.006"}]})";
        app::ConversationStore store(dir_.filePath("old"));
        for (const auto& [id, bytes] : {std::pair{"one", v1}, std::pair{"two", v2}}) {
            QVERIFY(QDir().mkpath(store.folder(id)));
            QFile f(store.file(id));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        }
        const auto listing = store.loadAll();
        QVERIFY2(listing.problems.isEmpty(), qPrintable(listing.problems.join('\n')));
        QCOMPARE(listing.conversations.size(), 2);
        for (const Conversation& c : listing.conversations) {
            QCOMPARE(c.messages.size(), 2);
            QCOMPARE(c.messages[1].level, 0); // no comparison before version 3
            if (c.id == "two") {
                QVERIFY(c.enableThinking);
                QCOMPARE(app::branchPosition(c, 1).count, 2);
                QVERIFY(app::comparedVersions(c, 1).isEmpty());
            }
            store.save(c);
            QCOMPARE(app::toJson(store.load(c.id))["version"].toInt(), 3);
        }
    }

    void exportKeepsEveryLevelWithItsNumbers() {
        const Conversation c = compared(1);
        const QString md = app::toMarkdown(c, "/s/cmp");
        QVERIFY2(md.contains("## Gemma — detail level 280 (version 2 of 3)\n\nA red boat."),
                 qPrintable(md));
        QVERIFY2(md.contains("### Also compared: detail level 70\n\nA boat."), qPrintable(md));
        QVERIFY2(md.contains("### Also compared: detail level 1120\n\nA red boat by a pier."),
                 qPrintable(md));
        QVERIFY2(md.contains("image at level 1120: 1114 soft tokens, bucket 384"), qPrintable(md));
        QVERIFY2(md.contains("2 prefill chunks"), qPrintable(md));
        QVERIFY2(md.contains("total 40 ms"), qPrintable(md));
        const QJsonObject json = QJsonDocument::fromJson(app::toJsonExport(c, "/s/cmp")).object();
        QCOMPARE(json["messages"].toArray()[1].toObject()["level"].toInt(), 280);
        QSet<int> levels;
        for (const auto& v : json["alternatives"].toArray()) {
            levels.insert(v.toObject()["level"].toInt());
            QCOMPARE(v.toObject()["stats"].toObject()["ttft_ms"].toDouble(), 12.5);
        }
        QCOMPARE(levels, QSet<int>({70, 1120}));
    }

    // A backend that cannot compare or use a server says so: the client and the worker ask its
    // capabilities first and answer with a clear message, nothing is thrown or sent.
    void capabilitiesAreAskedFirst() {
        auto script = std::make_shared<app::ScriptedEngine>();
        app::EngineScript s;
        s.capabilities = {};
        script->setScript(s);
        app::EngineClient engine(app::makeScriptedBackend(script));
        QCOMPARE(engine.capabilities().compare, false);
        engine.model().loadModelDir(QStringLiteral("/scripted"), 0, {});
        QTRY_VERIFY(engine.model().ready());
        QVERIFY(!engine.smokeTest().run());

        QSignalSpy ended(&engine.requests(), &app::RequestStream::compareEnded);
        app::CompareJob job;
        job.sessionKey = QStringLiteral("c");
        job.request.levels = {70, 280};
        const quint64 id = engine.requests().submitCompare(job);
        QTRY_COMPARE(ended.count(), 1);
        QCOMPARE(ended.at(0).at(0).toULongLong(), id);
        QCOMPARE(ended.at(0).at(1).toString(),
                 QStringLiteral("This engine cannot compare detail levels"));
        QVERIFY(ended.at(0).at(2).value<facet::ErrorInfo>().kind == facet::ErrorKind::BadInput);
        QVERIFY(script->compareRequests().empty());

        QSignalSpy refused(&engine.serverSession(), &app::ServerSession::connectFailed);
        engine.serverSession().connectServer(QStringLiteral("http://127.0.0.1:9/v1"), {}, {}, {70});
        QCOMPARE(refused.count(), 1);
        QCOMPARE(refused.at(0).at(1).toString(), QStringLiteral("This engine cannot use a server"));
        QVERIFY(engine.model().ready()); // the model in use stays
        engine.shutdown();
    }

    void historySendsTheTurnAtTheContinuedLevel() {
        Conversation c = compared(2);
        Message next;
        next.id = "q2";
        next.text = "And the colour?";
        c.messages.append(next);
        const auto request =
            app::buildRequest(c, 2, {}, [](const app::StoredImage& i) { return "/s/" + i.file; });
        QCOMPARE(request.history.size(), std::size_t{2});
        QCOMPARE(request.history[0].parts.at(0).image.level, 1120); // not the stored 140
        QCOMPARE(request.history[1].modelText, std::string("A red boat by a pier."));
        // An ordinary reply keeps the images' own levels.
        c.messages[1].level = 0;
        QCOMPARE(app::buildRequest(c, 2, {}, [](const app::StoredImage& i) { return i.file; })
                     .history[0]
                     .parts.at(0)
                     .image.level,
                 140);
    }
};

int runCompareTest(int argc, char** argv) {
    CompareTest diff;
    return QTest::qExec(&diff, argc, argv);
}

#include "tst_compare.moc"
