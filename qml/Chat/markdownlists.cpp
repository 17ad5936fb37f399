// Line by line, the way CommonMark builds lists: block quotes are peeled off first, then each line
// either continues the innermost open list item (indented to its content), adds a sibling item
// (same kind of marker at that list's level), continues an item's paragraph lazily, or closes the
// list. Each ordered list's items are collected with where their delimiter is; a list whose
// numbers are not 1, 2, 3 … gets its delimiters escaped.
//
// Guessing a list boundary too early is harmless: the part after it becomes a list of its own
// that no longer starts at 1 and is escaped, which shows the written numbers too. Only a list kept
// whole that Qt would split could show a wrong number, so every doubt closes the list.
#include "Chat/markdownlists.h"

#include <QList>
#include <QStringList>

#include <algorithm>

namespace facet::ui {
namespace {

struct OrderedItem {
    qsizetype line = 0;
    qsizetype delimiterAt = 0; // index in the line of its '.' or ')'
    long number = 0;
    bool afterParagraphText = false; // the line before is text of the same paragraph flow
    qsizetype quotePrefix = 0;       // length of its block quote markers ("> > ")
};

struct OpenList {
    int quoteDepth = 0;
    int contentIndent = 0; // column where its current item's content starts
    QChar mark;            // '-', '+', '*', or the ordered delimiter '.' / ')'
    bool ordered = false;
    QList<OrderedItem> items;
    bool hardBreakInside = false; // Qt 6.4 turns a hard break in an item into another item
};

struct ListMarker {
    QChar mark;
    bool ordered = false;
    long number = 0;
    qsizetype delimiterAt = 0; // in the line
    int contentIndent = 0;     // column of the item's content
    bool empty = true;         // nothing after the marker
    qsizetype contentAt = 0;   // index in the line where the content starts
};

// Columns of white space from `from` (a tab to the next multiple of 4), and where it ends.
int columnsFrom(QStringView line, qsizetype from, int startColumn, qsizetype* end) {
    int column = startColumn;
    qsizetype i = from;
    for (; i < line.size() && (line[i] == u' ' || line[i] == u'\t'); ++i)
        column = line[i] == u'\t' ? (column / 4 + 1) * 4 : column + 1;
    *end = i;
    return column;
}

bool isBlankFrom(QStringView line, qsizetype from) {
    for (qsizetype i = from; i < line.size(); ++i)
        if (line[i] != u' ' && line[i] != u'\t' && line[i] != u'\r')
            return false;
    return true;
}

// "---", "* * *", "___": a thematic break, which ends a paragraph and a list.
bool isThematicBreak(QStringView body) {
    if (body.isEmpty() || (body[0] != u'-' && body[0] != u'*' && body[0] != u'_'))
        return false;
    int marks = 0;
    for (QChar c : body) {
        if (c == body[0])
            ++marks;
        else if (c != u' ' && c != u'\t' && c != u'\r')
            return false;
    }
    return marks >= 3;
}

// ``` or ~~~ opening a fence: its character and length, or 0.
qsizetype fenceAt(QStringView body, QChar* mark) {
    if (body.isEmpty() || (body[0] != u'`' && body[0] != u'~'))
        return 0;
    qsizetype n = 0;
    while (n < body.size() && body[n] == body[0])
        ++n;
    if (n < 3 || (body[0] == u'`' && body.sliced(n).contains(u'`')))
        return 0;
    *mark = body[0];
    return n;
}

// A list marker at `at` (after `column` columns): "- ", "* ", "+ ", "12. ", "3) ", or one at the
// end of the line.
bool markerAt(QStringView line, qsizetype at, int column, ListMarker* out) {
    qsizetype i = at;
    ListMarker m;
    if (i < line.size() && (line[i] == u'-' || line[i] == u'*' || line[i] == u'+')) {
        m.mark = line[i];
        ++i;
    } else {
        qsizetype digits = 0;
        while (i + digits < line.size() && line[i + digits].isDigit() &&
               line[i + digits].unicode() < 128)
            ++digits;
        if (digits == 0 || digits > 9 || i + digits >= line.size() ||
            (line[i + digits] != u'.' && line[i + digits] != u')'))
            return false;
        m.ordered = true;
        m.number = line.sliced(i, digits).toString().toLong();
        m.delimiterAt = i + digits;
        m.mark = line[m.delimiterAt];
        i += digits + 1;
    }
    const int markerEnd = column + static_cast<int>(i - at);
    if (i < line.size() && line[i] != u' ' && line[i] != u'\t' && line[i] != u'\r')
        return false; // "-x", "3.5": no marker
    qsizetype contentAt = 0;
    const int contentColumn = columnsFrom(line, i, markerEnd, &contentAt);
    m.empty = isBlankFrom(line, contentAt);
    // One to four spaces after the marker; more (or none before the end) count as one.
    m.contentIndent = (m.empty || contentColumn - markerEnd > 4) ? markerEnd + 1 : contentColumn;
    m.contentAt = contentAt;
    *out = m;
    return true;
}

struct LineEdits {
    QList<qsizetype> escapeAt; // insert '\' before these indices
    bool code = false;         // the line is code: shown as it is
    bool blankBefore = false;  // an empty line (in the same quote) before this one
    qsizetype quotePrefix = 0; // ...which keeps this many characters of the line's start
};

// Two or more trailing spaces or a backslash: a hard line break when a line of the same
// paragraph follows.
bool endsWithHardBreak(QStringView line) {
    if (line.endsWith(u'\r'))
        line.chop(1);
    if (line.endsWith(QStringLiteral("  ")))
        return true;
    qsizetype backslashes = 0;
    while (backslashes < line.size() && line[line.size() - 1 - backslashes] == u'\\')
        ++backslashes;
    return backslashes % 2 == 1;
}

class ListScanner {
public:
    explicit ListScanner(const QList<QStringView>& lines) : lines_(lines), edits_(lines.size()) {}

    QList<LineEdits> run() {
        for (qsizetype n = 0; n < lines_.size(); ++n)
            scanLine(n);
        while (!open_.isEmpty())
            closeTop();
        return edits_;
    }

private:
    void closeTop() {
        const OpenList list = open_.takeLast();
        bool written1ToN = true;
        for (qsizetype k = 0; k < list.items.size(); ++k)
            written1ToN = written1ToN && list.items[k].number == k + 1;
        if (written1ToN && !list.hardBreakInside)
            return;
        for (qsizetype k = 0; k < list.items.size(); ++k) {
            const OrderedItem& item = list.items[k];
            LineEdits& edit = edits_[item.line];
            edit.escapeAt.append(item.delimiterAt);
            // The items become paragraph text: keep each on a line of its own, as written. A
            // paragraph break, not a hard line break: inside a list item Qt 6.4 makes that another
            // (numbered) item.
            if (k > 0 && item.afterParagraphText) {
                edit.blankBefore = true;
                edit.quotePrefix = item.quotePrefix;
            }
        }
    }

    void scanLine(qsizetype n) {
        const QStringView line = lines_[n];
        // Block quote markers: up to three spaces, '>', an optional space.
        int quoteDepth = 0;
        qsizetype at = 0;
        for (;;) {
            qsizetype i = at;
            int spaces = 0;
            while (i < line.size() && line[i] == u' ' && spaces < 3) {
                ++i;
                ++spaces;
            }
            if (i >= line.size() || line[i] != u'>')
                break;
            ++quoteDepth;
            at = i + 1;
            if (at < line.size() && line[at] == u' ')
                ++at;
        }
        qsizetype bodyAt = 0;
        const int indent = columnsFrom(line, at, 0, &bodyAt);
        const QStringView body = line.sliced(bodyAt);
        const bool blank = isBlankFrom(line, bodyAt);

        if (fenceLength_ > 0) {
            // A fence ends at its closing line, or with the quote or list item it is in.
            const bool containerEnds =
                !blank && (quoteDepth < fenceQuoteDepth_ || indent < fenceContainerIndent_);
            if (!containerEnds) {
                edits_[n].code = true;
                QChar mark;
                const qsizetype length = fenceAt(body, &mark);
                if (mark == fenceMark_ && length >= fenceLength_ && isBlankFrom(body, length))
                    fenceLength_ = 0;
                return;
            }
            fenceLength_ = 0;
        }
        if (blank) {
            openQuoteDepth_ = quoteDepth;
            afterBlank_ = true;
            inParagraph_ = false;
            return;
        }
        const bool thematic = isThematicBreak(body);
        ListMarker marker;
        bool isMarker = !thematic && markerAt(line, bodyAt, indent, &marker);
        const bool sameQuotes = !open_.isEmpty() && open_.last().quoteDepth == quoteDepth;
        const int containerIndent = sameQuotes ? open_.last().contentIndent : 0;
        if (isMarker && indent >= containerIndent + 4)
            isMarker = false; // a marker is indented 0-3 columns: this is code or text
        QChar fenceMark;
        const bool interrupts = thematic || body.startsWith(u'#') || body.startsWith(u'>') ||
                                fenceAt(body, &fenceMark) > 0;
        // Lists in more quotes than this line has go on with its paragraph text (lazily);
        // anything else ends them.
        const bool lazyInQuote = !open_.isEmpty() && open_.last().quoteDepth > quoteDepth &&
                                 !isMarker && !interrupts && inParagraph_ && !afterBlank_;
        while (!lazyInQuote && !open_.isEmpty() && open_.last().quoteDepth != quoteDepth)
            closeTop();

        // A new list may interrupt a paragraph in the innermost container (every open one goes
        // on on this line) only with a first item that is not empty and, if ordered, numbered
        // 1; otherwise the line is more of the paragraph (md4c's md_analyze_line: "Ordered list
        // cannot interrupt a paragraph unless the start index is 1", when n_parents ==
        // n_containers).
        const bool continuesParagraph = inParagraph_ && !afterBlank_;
        const bool allContainersGoOn = quoteDepth == openQuoteDepth_ &&
                                       (open_.isEmpty() || indent >= open_.last().contentIndent);
        const bool cannotStartList = continuesParagraph && allContainersGoOn &&
                                     (marker.empty || (marker.ordered && marker.number != 1));
        bool sibling = false;
        while (!open_.isEmpty()) {
            const OpenList& top = open_.last();
            const int base = open_.size() > 1 ? open_[open_.size() - 2].contentIndent : 0;
            if (indent >= top.contentIndent)
                break; // inside its current item
            if (indent >= base + 4)
                isMarker = false; // too deep for an item of this level: text or code
            sibling = isMarker && marker.ordered == top.ordered && marker.mark == top.mark &&
                      indent >= base;
            if (sibling)
                break; // its next item
            if (cannotStartList)
                isMarker = false;
            if (!isMarker && !interrupts && continuesParagraph)
                break; // lazy continuation of the item's paragraph
            closeTop();
        }
        if (isMarker && !sibling && cannotStartList)
            isMarker = false;
        if (!open_.isEmpty() && open_.last().ordered && !isMarker && !interrupts && inParagraph_ &&
            !afterBlank_ && endsWithHardBreak(lines_[n - 1]))
            open_.last().hardBreakInside = true;

        const int innerIndent = open_.isEmpty() ? 0 : open_.last().contentIndent;
        if (isMarker) {
            if (!sibling)
                open_.append({quoteDepth, marker.contentIndent, marker.mark, marker.ordered, {}});
            OpenList& list = open_.last();
            list.contentIndent = marker.contentIndent;
            if (marker.ordered)
                list.items.append({n, marker.delimiterAt, marker.number, continuesParagraph, at});
            const QStringView content = line.sliced(marker.contentAt);
            inParagraph_ =
                !marker.empty && fenceAt(content, &fenceMark) == 0 && !content.startsWith(u'#');
            if (fenceAt(content, &fenceMark) > 0)
                openFence(content, quoteDepth, marker.contentIndent);
        } else if (indent >= innerIndent + 4 && !inParagraph_) {
            inParagraph_ = false; // indented code
            edits_[n].code = true;
        } else if (fenceAt(body, &fenceMark) > 0) {
            openFence(body, quoteDepth, innerIndent);
            inParagraph_ = false;
        } else {
            inParagraph_ = !thematic && !body.startsWith(u'#');
        }
        // A quote goes on lazily with paragraph text that has fewer markers.
        if (!(quoteDepth < openQuoteDepth_ && !isMarker && !interrupts && continuesParagraph))
            openQuoteDepth_ = quoteDepth;
        afterBlank_ = false;
    }

    void openFence(QStringView body, int quoteDepth, int containerIndent) {
        fenceLength_ = fenceAt(body, &fenceMark_);
        fenceQuoteDepth_ = quoteDepth;
        fenceContainerIndent_ = containerIndent;
    }

    const QList<QStringView>& lines_;
    QList<LineEdits> edits_;
    QList<OpenList> open_;
    bool inParagraph_ = false;
    bool afterBlank_ = true;
    int openQuoteDepth_ = 0; // quotes open after the last line
    qsizetype fenceLength_ = 0;
    QChar fenceMark_;
    int fenceQuoteDepth_ = 0;
    int fenceContainerIndent_ = 0;
};

} // namespace

namespace {

// A line of the reply and the escape added to it, if any.
struct EditedLine {
    QString text;
    qsizetype escapedAt = -1;
    bool inserted = false; // a blank line added to end a paragraph
};

// One pass over the lines as they stand: escapes the lists found renumbered, and takes an escape
// back out of a line that has become code (the list around it was escaped). True if it changed.
bool escapeRenumberedListsOnce(QList<EditedLine>& lines) {
    QList<QStringView> views;
    views.reserve(lines.size());
    for (const EditedLine& line : lines)
        views.append(line.text);
    const QList<LineEdits> edits = ListScanner(views).run();
    QList<EditedLine> next;
    next.reserve(lines.size());
    bool changed = false;
    for (qsizetype n = 0; n < lines.size(); ++n) {
        EditedLine line = lines[n];
        const LineEdits& edit = edits[n];
        if (edit.code && line.escapedAt >= 0) {
            line.text.remove(line.escapedAt, 1);
            line.escapedAt = -1;
            changed = true;
        }
        if (edit.blankBefore) {
            next.append({line.text.left(edit.quotePrefix).trimmed(), -1, true});
            changed = true;
        }
        if (!edit.escapeAt.isEmpty() && line.escapedAt < 0) {
            line.escapedAt = edit.escapeAt.first(); // one list item starts on a line
            line.text.insert(line.escapedAt, u'\\');
            changed = true;
        }
        next.append(std::move(line));
    }
    lines = std::move(next);
    return changed;
}

} // namespace

QString keepWrittenListNumbers(const QString& markdown) {
    QList<EditedLine> lines;
    for (QStringView line : QStringView(markdown).split(u'\n'))
        lines.append({line.toString()});
    // An escaped item is paragraph text, which can join the lines after it to another list (a
    // lazy continuation) or make the indented lines after it code: scan again until nothing
    // changes (a pass only adds escapes, but for those it takes out of code lines).
    bool changed = false;
    for (int pass = 0; pass < 16 && escapeRenumberedListsOnce(lines); ++pass)
        changed = true;
    if (!changed)
        return markdown;
    QStringList out;
    for (const EditedLine& line : lines)
        out.append(line.text);
    return out.join(u'\n');
}

} // namespace facet::ui
