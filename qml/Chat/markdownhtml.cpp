// Line by line, tracking what CommonMark would treat as code: fences (``` or ~~~, at most three
// spaces of indentation, closed by a fence of the same character at least as long), indented code
// (four spaces or a tab after a blank line, outside lists) and, within a line, backtick code spans
// (a run of n backticks up to the next run of exactly n).
#include "Chat/markdownhtml.h"

#include <QRegularExpression>
#include <QStringList>

namespace facet::ui {
namespace {

int indentation(const QString& line) {
    int width = 0;
    for (QChar c : line) {
        if (c == u' ')
            ++width;
        else if (c == u'\t')
            width += 4 - width % 4;
        else
            break;
    }
    return width;
}

bool isBlank(const QString& line) {
    return line.trimmed().isEmpty();
}

// Where a list item's content starts (its marker, then 1–4 spaces), or 0 for no list item.
int listContentIndent(const QString& line) {
    static const QRegularExpression marker(QStringLiteral("^( {0,3}([-+*]|\\d{1,9}[.)]))( *)"));
    const QRegularExpressionMatch m = marker.match(line);
    if (!m.hasMatch())
        return 0;
    const int spaces = static_cast<int>(m.capturedLength(3));
    if (spaces == 0 && m.capturedLength(0) < line.size())
        return 0; // "-x" is no list item
    return static_cast<int>(m.capturedLength(1)) + (spaces >= 1 && spaces <= 4 ? spaces : 1);
}

bool startsListItem(const QString& line) {
    return listContentIndent(line) > 0;
}

// The fence that opens or closes at this line: its character and length, or 0.
int fenceLength(const QString& line, QChar* fenceChar) {
    const QString body = line.mid(qMin(indentation(line), 4));
    if (indentation(line) > 3 || body.isEmpty() || (body[0] != u'`' && body[0] != u'~'))
        return 0;
    int n = 0;
    while (n < body.size() && body[n] == body[0])
        ++n;
    if (n < 3)
        return 0;
    if (body[0] == u'`' && body.indexOf(u'`', n) >= 0)
        return 0; // a backtick fence's info string has no backticks: this is a code span
    *fenceChar = body[0];
    return n;
}

// `<scheme:…>` or `<user@host>`: an autolink, which stays a link with HTML off as well.
bool startsAutolink(const QString& line, int at) {
    static const QRegularExpression autolink(QStringLiteral(
        "\\G<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\\s<>]*|"
        "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)>"));
    return autolink
        .match(line, at, QRegularExpression::NormalMatch,
               QRegularExpression::AnchorAtOffsetMatchOption)
        .hasMatch();
}

// One line of ordinary text: escape '<' outside code spans.
QString escapeInline(const QString& line) {
    QString out;
    out.reserve(line.size() + 8);
    int i = 0;
    while (i < line.size()) {
        const QChar c = line[i];
        if (c == u'\\' && i + 1 < line.size()) { // an escape already: keep the pair
            out += c;
            out += line[i + 1];
            i += 2;
            continue;
        }
        if (c == u'`') {
            int run = 0;
            while (i + run < line.size() && line[i + run] == u'`')
                ++run;
            // Find a closing run of exactly the same length.
            int j = i + run, close = -1;
            while (j < line.size()) {
                if (line[j] != u'`') {
                    ++j;
                    continue;
                }
                int other = 0;
                while (j + other < line.size() && line[j + other] == u'`')
                    ++other;
                if (other == run) {
                    close = j;
                    break;
                }
                j += other;
            }
            const int end = close < 0 ? i + run : close + run;
            out += line.mid(i, end - i); // a span verbatim, or an unmatched run
            i = end;
            continue;
        }
        if (c == u'<' && !startsAutolink(line, i))
            out += u'\\';
        out += c;
        ++i;
    }
    return out;
}

} // namespace

QString escapeMarkdownHtml(const QString& markdown) {
    if (!markdown.contains(u'<'))
        return markdown;
    const QStringList lines = markdown.split(u'\n');
    QStringList out;
    out.reserve(lines.size());
    QChar openFence;
    int openFenceLength = 0;
    // Indented code cannot interrupt a paragraph, so a paragraph line before an indented one
    // makes it a continuation; headings, empty quote lines and blank lines end paragraphs.
    bool inList = false, inParagraph = false, inIndentedCode = false;
    int contentIndent = 0; // of the current list item
    for (const QString& line : lines) {
        QChar fenceChar;
        const int fence = fenceLength(line, &fenceChar);
        if (openFenceLength > 0) { // inside a fenced block: verbatim until its closing fence
            out += line;
            if (fence >= openFenceLength && fenceChar == openFence &&
                line.trimmed().size() == fence)
                openFenceLength = 0;
            continue;
        }
        if (fence > 0) {
            if (indentation(line) < contentIndent)
                inList = false; // a fence left of the item's content interrupts the list
            openFence = fenceChar;
            openFenceLength = fence;
            out += line;
            inParagraph = false;
            continue;
        }
        const bool blank = isBlank(line);
        // A list ends at an unindented line, except plain text right after the item's text (a
        // lazy continuation of it); headings and quotes interrupt that text.
        const QString trimmed = line.trimmed();
        const bool interrupts = trimmed.startsWith(u'#') || trimmed.startsWith(u'>');
        if (!blank && indentation(line) < contentIndent && !startsListItem(line) &&
            (!inParagraph || interrupts))
            inList = false;
        if (startsListItem(line)) {
            inList = true;
            contentIndent = listContentIndent(line);
        }
        // Four spaces past the text's own indentation (a list item's content) make code.
        inIndentedCode =
            !blank && !inParagraph && indentation(line) >= (inList ? contentIndent : 0) + 4;
        out += inIndentedCode ? line : escapeInline(line);
        // Paragraph text, also inside quotes and list items ("> > text", "- text"); an empty quote
        // line or list item is not.
        static const QRegularExpression markers(
            QStringLiteral("^(\\s*>)*\\s*(([-+*]|\\d{1,9}[.)])(\\s|$))?"));
        const QString content = trimmed.mid(markers.match(trimmed).capturedLength()).trimmed();
        inParagraph = !blank && !inIndentedCode && !content.isEmpty() && !content.startsWith(u'#');
    }
    return out.join(u'\n');
}

} // namespace facet::ui
