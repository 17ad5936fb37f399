// The Markdown block splitter behind the streamed reply: blocks render to the same text as the
// whole reply (checked with Qt's own Markdown reader, an independent parser), fences and lists are
// never cut, and streaming a reply in touches only its last block.
#include "markdownblocks.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QTextDocument>

using facet::ui::MarkdownBlockModel;
using facet::ui::splitMarkdownBlocks;

namespace {

// A reply as a model writes them: headings, a loose ordered list with continuations and a nested
// list, fences with blank lines inside, a quote, a table.
const QString kReply = QStringLiteral("## What the picture shows\n"
                                      "\n"
                                      "The image has **three** parts and some `inline code`.\n"
                                      "It goes on in a second line.\n"
                                      "\n"
                                      "1. First item\n"
                                      "\n"
                                      "   continued paragraph in the item\n"
                                      "\n"
                                      "2. Second item\n"
                                      "   - nested a\n"
                                      "   - nested b\n"
                                      "\n"
                                      "3. Third\n"
                                      "\n"
                                      "\n"
                                      "After the list.\n"
                                      "\n"
                                      "```python\n"
                                      "def f():\n"
                                      "\n"
                                      "    return 1\n"
                                      "```\n"
                                      "\n"
                                      "~~~\n"
                                      "tilde fence\n"
                                      "\n"
                                      "~~~\n"
                                      "> a quote\n"
                                      "\n"
                                      "| a | b |\n"
                                      "|---|---|\n"
                                      "| 1 | 2 |\n"
                                      "\n"
                                      "- loose\n"
                                      "\n"
                                      "- list\n"
                                      "Final words.\n");

// The text a Markdown document shows, one entry per non-empty line.
QStringList renderedLines(const QString& markdown) {
    QTextDocument document;
    document.setMarkdown(markdown);
    QStringList lines = document.toPlainText().split(QChar::ParagraphSeparator);
    QStringList out;
    for (const QString& part : lines)
        for (const QString& line : part.split(u'\n'))
            if (!line.trimmed().isEmpty())
                out.append(line.trimmed());
    return out;
}

} // namespace

class MarkdownBlocksTest : public QObject {
    Q_OBJECT

private slots:
    void splitsAtBlankLinesButNotInsideFencesOrLists() {
        const QStringList blocks = splitMarkdownBlocks(kReply);
        const QStringList expected{
            "## What the picture shows",
            "The image has **three** parts and some `inline code`.\nIt goes on in a second line.",
            "1. First item\n\n   continued paragraph in the item\n\n2. Second item\n"
            "   - nested a\n   - nested b\n\n3. Third",
            "After the list.",
            "```python\ndef f():\n\n    return 1\n```",
            "~~~\ntilde fence\n\n~~~\n> a quote",
            "| a | b |\n|---|---|\n| 1 | 2 |",
            "- loose\n\n- list\nFinal words."};
        QCOMPARE(blocks, expected);
    }

    void blocksRenderLikeTheWholeReply() {
        QStringList pieces;
        for (const QString& block : splitMarkdownBlocks(kReply))
            pieces += renderedLines(block);
        QCOMPARE(pieces, renderedLines(kReply));
    }

    void edgeCases() {
        QCOMPARE(splitMarkdownBlocks(QString()), QStringList());
        QCOMPARE(splitMarkdownBlocks(QStringLiteral("\n\n  \n")), QStringList());
        QCOMPARE(splitMarkdownBlocks(QStringLiteral("\n\na\n\n\n\nb\n\n")),
                 QStringList({"a", "b"}));
        // An unclosed fence (still streaming) keeps everything after it.
        QCOMPARE(splitMarkdownBlocks(QStringLiteral("x\n\n```\na\n\nb")),
                 QStringList({"x", "```\na\n\nb"}));
        // A shorter run does not close a longer fence; a backtick info string is no fence.
        QCOMPARE(splitMarkdownBlocks(QStringLiteral("````\n```\n\nz\n````\n\nq")),
                 QStringList({"````\n```\n\nz\n````", "q"}));
        QCOMPARE(splitMarkdownBlocks(QStringLiteral("``` a`b\n\nc")),
                 QStringList({"``` a`b", "c"}));
        // A list ends at an unindented paragraph after a blank line; "12" still arriving may
        // become the next item, so it stays with the list.
        QCOMPARE(splitMarkdownBlocks(QStringLiteral("- a\n\nb")), QStringList({"- a", "b"}));
        QCOMPARE(splitMarkdownBlocks(QStringLiteral("1. a\n\n12")), QStringList({"1. a\n\n12"}));
        QCOMPARE(splitMarkdownBlocks(QStringLiteral("1. a\n\n12\n")), QStringList({"1. a", "12"}));
        // "**bold**" and a thematic break are no list markers; tabs indent list continuations.
        QCOMPARE(splitMarkdownBlocks(QStringLiteral("- a\n\n**b**\n\n---")),
                 QStringList({"- a", "**b**", "---"}));
        QCOMPARE(splitMarkdownBlocks(QStringLiteral("- a\n\n\tcode\r\n\r\nz")),
                 QStringList({"- a\n\n\tcode\r", "z"}));
    }

    // Streaming the reply in small pieces: the model always holds the blocks of the text so far,
    // rows are only added (never removed) and a change touches only the last row.
    void streamingTouchesOnlyTheLastBlock() {
        MarkdownBlockModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        int earlierRowChanged = 0;
        int lastRowChanges = 0;
        const auto watch =
            connect(&model, &QAbstractItemModel::dataChanged, this,
                    [&](const QModelIndex& from, const QModelIndex& to, const QList<int>& roles) {
                        QCOMPARE(roles, QList<int>{MarkdownBlockModel::BlockRole});
                        QCOMPARE(from.row(), to.row());
                        if (to.row() == model.rowCount() - 1)
                            ++lastRowChanges;
                        else
                            ++earlierRowChanged;
                    });
        QString text;
        for (qsizetype at = 0; at < kReply.size(); at += 3) {
            text += kReply.mid(at, 3);
            model.setText(text);
            QCOMPARE(model.blocks(), splitMarkdownBlocks(text));
        }
        QCOMPARE(model.text(), kReply);
        QCOMPARE(model.rowCount(), 8);
        QCOMPARE(earlierRowChanged, 0);
        QVERIFY(lastRowChanges > 100);
        QCOMPARE(removed.size(), 0);
        QCOMPARE(reset.size(), 0);

        // Another text altogether (a different conversation): rows shrink to fit.
        disconnect(watch);
        model.setText(QStringLiteral("one\n\ntwo"));
        QCOMPARE(model.blocks(), QStringList({"one", "two"}));
        QCOMPARE(model.data(model.index(1), MarkdownBlockModel::BlockRole).toString(), "two");
        model.setText(QString());
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(MarkdownBlocksTest)
#include "tst_markdownblocks.moc"
