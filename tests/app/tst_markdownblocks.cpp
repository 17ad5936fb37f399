// The Markdown block splitter behind the streamed reply: blocks render to the same text as the
// whole reply (checked with Qt's own Markdown reader, an independent parser), fences and lists are
// never cut, and streaming a reply in touches only its last block.
#include "Chat/markdownblocks.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QTextDocument>

using facet::ui::kMarkdownPieceLines;
using facet::ui::MarkdownBlockModel;
using facet::ui::MarkdownPiece;
using facet::ui::markdownPieces;
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

QStringList textsOf(const QList<MarkdownPiece>& pieces) {
    QStringList out;
    for (const auto& piece : pieces)
        out.append(piece.text);
    return out;
}

QStringList renderedLinesOfPieces(const QString& markdown) {
    QStringList out;
    for (const auto& piece : markdownPieces(markdown))
        out += renderedLines(piece.text);
    return out;
}

// n numbered code lines in a fence, or n list items ("- item k" with a blank line between).
QString longFence(int n, bool closed) {
    QString s = QStringLiteral("```cpp\n");
    for (int k = 0; k < n; ++k)
        s += QStringLiteral("int v%1 = %1;\n").arg(k);
    return closed ? s + QStringLiteral("```\n") : s;
}

QString longList(int n, const QString& marker) {
    QString s;
    for (int k = 0; k < n; ++k)
        s += (marker == "1." ? QString::number(k + 1) + "." : marker) +
             QStringLiteral(" item %1\n\n").arg(k);
    return s;
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

    // Long fences and bullet lists are cut into pieces that render the same; ordered lists and
    // fences with text after them in the same block stay whole.
    void longBlocksAreCutIntoPiecesThatRenderTheSame() {
        const QString fence = longFence(2 * kMarkdownPieceLines + 5, true);
        const auto fencePieces = markdownPieces(fence);
        QCOMPARE(fencePieces.size(), 3);
        for (int i = 0; i < 3; ++i) {
            QVERIFY(fencePieces[i].text.startsWith("```cpp\n"));
            QVERIFY(fencePieces[i].text.endsWith("\n```"));
            QCOMPARE(fencePieces[i].continuesPrevious, i > 0);
        }
        QCOMPARE(fencePieces[1].text.count(u'\n'), kMarkdownPieceLines + 1);
        QCOMPARE(renderedLinesOfPieces(fence), renderedLines(fence));
        // Still streaming (no closing fence yet): the last piece has none either.
        const QString open = longFence(2 * kMarkdownPieceLines + 5, false) + "int tail";
        QVERIFY(markdownPieces(open).last().text.endsWith("int tail"));
        QCOMPARE(renderedLinesOfPieces(open), renderedLines(open));

        const QString bullets = longList(kMarkdownPieceLines + 5, "-");
        const auto listPieces = markdownPieces(bullets);
        QCOMPARE(listPieces.size(), 3); // 2 lines per item: 10 + 10 + 5 items
        QCOMPARE(listPieces[0].text, longList(10, "-").trimmed());
        QVERIFY(listPieces[2].continuesPrevious);
        QVERIFY(listPieces[2].looseListGap); // blank lines between the items
        QVERIFY(!fencePieces[1].looseListGap);
        QString tight;
        for (int k = 0; k < kMarkdownPieceLines + 5; ++k)
            tight += QStringLiteral("- tight %1\n").arg(k);
        const auto tightPieces = markdownPieces(tight);
        QCOMPARE(tightPieces.size(), 2);
        QVERIFY(tightPieces[1].continuesPrevious && !tightPieces[1].looseListGap);
        QCOMPARE(renderedLinesOfPieces(tight), renderedLines(tight));
        QCOMPARE(renderedLinesOfPieces(bullets), renderedLines(bullets));
        QCOMPARE(renderedLinesOfPieces(kReply), renderedLines(kReply));

        QCOMPARE(markdownPieces(longList(kMarkdownPieceLines + 5, "1.")).size(), 1);
        QCOMPARE(markdownPieces(longFence(2 * kMarkdownPieceLines, true) + "after").size(), 1);
        QCOMPARE(markdownPieces("intro\n" + longFence(2 * kMarkdownPieceLines, true)).size(), 1);
    }

    // Issue #57: a block that is one fenced code block is marked as code (drawn on a code
    // background) and its last piece carries the whole code without fences (its Copy button).
    void codeBlocksCarryTheirCodeOnTheLastPiece() {
        const auto shortFence = markdownPieces("Intro.\n\n```py\nx = 1\ny = 2\n```\n\nAfter.");
        QCOMPARE(shortFence.size(), 3);
        QVERIFY(!shortFence[0].code && !shortFence[2].code);
        QVERIFY(shortFence[1].code);
        QCOMPARE(shortFence[1].text, QStringLiteral("```py\nx = 1\ny = 2\n```"));
        QCOMPARE(shortFence[1].codeText, QStringLiteral("x = 1\ny = 2"));

        const int n = 2 * kMarkdownPieceLines + 5;
        const auto longPieces = markdownPieces(longFence(n, true));
        QCOMPARE(longPieces.size(), 3);
        QString all;
        for (int k = 0; k < n; ++k)
            all += (k ? "\n" : "") + QStringLiteral("int v%1 = %1;").arg(k);
        for (int i = 0; i < 3; ++i) {
            QVERIFY(longPieces[i].code);
            QCOMPARE(longPieces[i].codeText, i == 2 ? all : QString());
        }
        // While it streams (no closing fence yet): the code so far.
        QCOMPARE(markdownPieces("```\nopen\nfence").last().codeText, QStringLiteral("open\nfence"));
        // Text after the fence in the same block: not one code block.
        QVERIFY(!markdownPieces("```\nx\n```\nafter").first().code);
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
                        QVERIFY(roles.contains(MarkdownBlockModel::BlockRole));
                        QCOMPARE(from.row(), to.row());
                        if (to.row() == model.rowCount() - 1)
                            ++lastRowChanges;
                        else
                            ++earlierRowChanged;
                    });
        // The sample reply, then a long code block and a long bullet list (cut into pieces).
        const QString reply = kReply + "\n" + longFence(2 * kMarkdownPieceLines + 5, true) + "\n" +
                              longList(kMarkdownPieceLines + 5, "*");
        QString text;
        for (qsizetype at = 0; at < reply.size(); at += 3) {
            text += reply.mid(at, 3);
            model.setText(text);
            QCOMPARE(model.pieces(), markdownPieces(text));
        }
        QCOMPARE(model.text(), reply);
        QCOMPARE(model.rowCount(), 8 + 3 + 3);
        QCOMPARE(earlierRowChanged, 0);
        QVERIFY(lastRowChanges > 100);
        QCOMPARE(removed.size(), 0);
        QCOMPARE(reset.size(), 0);

        // Another text altogether (a different conversation): rows shrink to fit.
        disconnect(watch);
        model.setText(QStringLiteral("one\n\ntwo"));
        QCOMPARE(textsOf(model.pieces()), QStringList({"one", "two"}));
        QCOMPARE(model.data(model.index(1), MarkdownBlockModel::BlockRole).toString(), "two");
        model.setText(QString());
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(MarkdownBlocksTest)
#include "tst_markdownblocks.moc"
