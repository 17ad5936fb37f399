// A reply shows the numbers it wrote (issue #55: a count answer "3." was shown as "1."). What the
// reply shows is read back from Qt's own Markdown reader, the one the reply's TextEdits use: each
// block's text with its list marker as Qt numbers it (QTextList::itemText), for the text the
// reply's block model hands to QML. The expected texts are written by hand; the random replies
// are checked against their own text (the numbers written at line starts, in order).
#include "Chat/markdownblocks.h"
#include "Chat/markdownlists.h"
#include "test_paths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextList>

using facet::ui::keepWrittenListNumbers;
using facet::ui::MarkdownBlockModel;

namespace {

// The lines one Markdown text shows: list items with the marker Qt draws before them.
QStringList shownLines(const QString& markdown, int* listItems = nullptr) {
    QTextDocument document;
    document.setMarkdown(markdown);
    QStringList out;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        QString text = block.text();
        text.replace(QChar::LineSeparator, u'\n'); // a hard line break
        if (QTextList* list = block.textList()) {
            if (listItems)
                ++*listItems;
            const auto style = list->format().style();
            const bool bullet = style == QTextListFormat::ListDisc ||
                                style == QTextListFormat::ListCircle ||
                                style == QTextListFormat::ListSquare;
            if (!bullet) // a number as Qt draws it (itemText of a bullet is just its suffix)
                text = list->itemText(block) + u' ' + text;
        }
        for (const QString& line : text.split(u'\n'))
            if (!line.trimmed().isEmpty())
                out.append(line.trimmed());
    }
    return out;
}

// What the app shows for a reply: every piece the block model hands to QML, rendered.
QString shownByApp(const QString& reply, int* listItems = nullptr) {
    MarkdownBlockModel model;
    model.setText(reply);
    QStringList lines;
    for (int row = 0; row < model.rowCount(); ++row)
        lines += shownLines(model.data(model.index(row), MarkdownBlockModel::BlockRole).toString(),
                            listItems);
    return lines.join(u'\n');
}

// Numbers followed by '.' or ')' in the order they appear: those written must be those shown.
QStringList writtenNumbers(const QString& text) {
    static const QRegularExpression number(QStringLiteral("\\d+[.)]"));
    QStringList out;
    for (const auto& m : number.globalMatch(text))
        out.append(m.captured());
    return out;
}

// A random reply of a model's shapes: numbered lines (some from 1, some not), bullets, nested and
// quoted items, paragraphs, blank lines, code fences, headings and rules.
QString randomReply(QRandomGenerator& random) {
    static const QStringList words{"apples", "**bold** word", "`code`", "a *thing*",
                                   "year",   "shapes",        "the end"};
    QString reply;
    int next = 1 + static_cast<int>(random.bounded(3));
    bool inFence = false;
    const int lines = 1 + static_cast<int>(random.bounded(12));
    for (int i = 0; i < lines; ++i) {
        const QString word = words[random.bounded(words.size())];
        const QString indent = QString(static_cast<int>(random.bounded(3)) * 2 - (i % 2), u' ');
        if (inFence) {
            reply += random.bounded(3) == 0 ? QStringLiteral("```\n")
                                            : QStringLiteral("%1. in code\n").arg(next++);
            inFence = reply.endsWith(QStringLiteral("in code\n"));
            continue;
        }
        switch (random.bounded(11)) {
        case 0:
        case 1:
        case 2:
            reply += QStringLiteral("%1%2. %3\n")
                         .arg(random.bounded(4) ? QString() : indent)
                         .arg(next++)
                         .arg(word);
            break;
        case 3:
            reply += QStringLiteral("%1) %2\n").arg(random.bounded(2) ? next++ : 1).arg(word);
            break;
        case 4:
            next = static_cast<int>(random.bounded(2000));
            reply += QStringLiteral("%1. %2\n").arg(next++).arg(word);
            break;
        case 5:
            reply += QStringLiteral("%1- %2\n").arg(indent, word);
            break;
        case 6:
            reply += u'\n';
            break;
        case 7:
            reply += word + u'\n';
            break;
        case 8:
            reply += QStringLiteral("> %1. %2\n").arg(next++).arg(word);
            break;
        case 9:
            reply += QStringLiteral("```\n");
            inFence = true;
            break;
        default:
            reply += random.bounded(2) ? QStringLiteral("# Title\n") : QStringLiteral("---\n");
            break;
        }
    }
    return reply;
}

} // namespace

class MarkdownListsTest : public QObject {
    Q_OBJECT

private slots:
    void showsTheNumbersWritten_data() {
        QTest::addColumn<QString>("reply");
        QTest::addColumn<QString>("shown");
        QTest::newRow("count answer") << "3."
                                      << "3.";
        QTest::newRow("count answer, a line") << "3.\n"
                                              << "3.";
        QTest::newRow("a year") << "1990. A good year"
                                << "1990. A good year";
        QTest::newRow("paren") << "2) the second"
                               << "2) the second";
        QTest::newRow("from 3") << "3. apples\n4. pears"
                                << "3. apples\n4. pears";
        QTest::newRow("all ones") << "1. a\n1. b\n1. c"
                                  << "1. a\n1. b\n1. c";
        QTest::newRow("gap") << "1. a\n3. b"
                             << "1. a\n3. b";
        QTest::newRow("split by text") << "1. First\n\nSome text.\n\n2. Second"
                                       << "1. First\nSome text.\n2. Second";
        QTest::newRow("quoted") << "> 2. quoted"
                                << "2. quoted";
        QTest::newRow("delimiter changes") << "1. a\n2) b"
                                           << "1. a 2) b";
        QTest::newRow("in code") << "```\n3. not a list\n```"
                                 << "3. not a list";
        QTest::newRow("after code")
            << "Steps:\n\n1. **Open** the `file`\n2. Run it\n\n```sh\nmake\n```\n\n3. Done"
            << "Steps:\n1. Open the file\n2. Run it\nmake\n3. Done";
        QTest::newRow("hard break in an item") << "1. a  \n   b\n2. c"
                                               << "1. a\nb\n2. c";
        QTest::newRow("backslash break in an item") << "1. a\\\n   b\n2. c"
                                                    << "1. a\nb\n2. c";
        QTest::newRow("from 1") << "1. a\n2. b\n3. c"
                                << "1. a\n2. b\n3. c";
        QTest::newRow("from 1 with parens") << "1) a\n2) b"
                                            << "1) a\n2) b";
        QTest::newRow("nested from 1") << "1. a\n   1. x\n   2. y\n2. b"
                                       << "1. a\n1. x\n2. y\n2. b";
        QTest::newRow("nested from 3") << "1. a\n\n   3. x\n   4. y\n2. b"
                                       << "1. a\n3. x\n4. y\n2. b";
    }

    void showsTheNumbersWritten() {
        QFETCH(QString, reply);
        QFETCH(QString, shown);
        QCOMPARE(shownByApp(reply), shown);
    }

    // Lists written 1, 2, 3 … stay lists (indented items), the others become plain lines.
    void listsWrittenFromOneStayLists() {
        int items = 0;
        shownByApp(QStringLiteral("Three things:\n\n1. **Red**\n2. `Green`\n3. Blue\n"), &items);
        QCOMPARE(items, 3);
        items = 0;
        shownByApp(QStringLiteral("- one\n- two\n"), &items);
        QCOMPARE(items, 2);
        items = 0;
        shownByApp(QStringLiteral("3. apples\n4. pears\n"), &items);
        QCOMPARE(items, 0);
        QCOMPARE(keepWrittenListNumbers(QStringLiteral("Plain text, no list.")),
                 QStringLiteral("Plain text, no list."));
        QCOMPARE(keepWrittenListNumbers(QStringLiteral("    3. indented code")),
                 QStringLiteral("    3. indented code"));
    }

    // The demo model's answers (the "Try it" samples) and its refusal, and a Gemma-style reply
    // with a heading, bold, code and lists.
    void realReplies() {
        QFile file(QString::fromStdString(
            (facet::test::sourceDir() / "resources/demo-model/samples/samples.json").string()));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray samples =
            QJsonDocument::fromJson(file.readAll()).object().value("samples").toArray();
        QVERIFY(!samples.isEmpty());
        for (const QJsonValue& sample : samples) {
            const QString answer = sample.toObject().value("answer").toString();
            QCOMPARE(shownByApp(answer), answer);
        }
        const QString gemma = QStringLiteral(
            "## Counting\n\nThere are **3** shapes.\n\n1. A *green* circle\n2. A yellow square\n"
            "3. A blue triangle\n\nIn code:\n\n```python\nshapes = 3.\n```\n\n"
            "4. And a fourth, added later.\n");
        QCOMPARE(shownByApp(gemma),
                 QStringLiteral("Counting\nThere are 3 shapes.\n1. A green circle\n"
                                "2. A yellow square\n3. A blue triangle\nIn code:\n"
                                "shapes = 3.\n4. And a fourth, added later."));
    }

    // 3000 random replies: the numbers shown are the numbers written, in order.
    void randomRepliesShowTheirNumbers() {
        QRandomGenerator random(55); // 150,000 replies of 5 other seeds passed too
        for (int i = 0; i < 3000; ++i) {
            const QString reply = randomReply(random);
            const QStringList shown = writtenNumbers(shownByApp(reply));
            if (shown != writtenNumbers(reply))
                QFAIL(qPrintable(QStringLiteral("reply %1:\n%2\nas given to QML:\n%3\nshows %4")
                                     .arg(i)
                                     .arg(reply, keepWrittenListNumbers(reply), shown.join(u' '))));
        }
    }
};

QTEST_MAIN(MarkdownListsTest)
#include "tst_markdownlists.moc"
