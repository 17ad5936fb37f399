#include "Chat/markdownblocks.h"

#include "Chat/markdownhtml.h"
#include "Chat/markdownlists.h"

#include <algorithm>

namespace facet::ui {

namespace {

bool isSpace(QChar c) {
    return c == u' ' || c == u'\t' || c == u'\r';
}

bool isBlank(QStringView s) {
    return std::all_of(s.begin(), s.end(), isSpace);
}

bool isAsciiDigit(QChar c) {
    return c >= u'0' && c <= u'9';
}

// Columns of leading white space (a tab counts to the next multiple of 4) and where the text
// after it starts.
int indentOf(QStringView line, qsizetype* firstNonSpace) {
    int columns = 0;
    qsizetype i = 0;
    for (; i < line.size() && (line[i] == u' ' || line[i] == u'\t'); ++i)
        columns = line[i] == u'\t' ? (columns / 4 + 1) * 4 : columns + 1;
    *firstNonSpace = i;
    return columns;
}

// "- ", "* ", "+ ", "1. ", "1) " (CommonMark list markers). `stillArriving`: the line is the
// text's last one and has no newline yet, so a run of digits may still become "12. ".
bool isListMarker(QStringView s, bool stillArriving) {
    if (s.isEmpty())
        return false;
    const auto spaceOrEnd = [&](qsizetype i) { return i >= s.size() || isSpace(s[i]); };
    if (s[0] == u'-' || s[0] == u'*' || s[0] == u'+')
        return spaceOrEnd(1);
    qsizetype digits = 0;
    while (digits < s.size() && digits < 10 && isAsciiDigit(s[digits]))
        ++digits;
    if (digits == 0 || digits > 9)
        return false;
    if (digits == s.size())
        return stillArriving;
    return (s[digits] == u'.' || s[digits] == u')') && spaceOrEnd(digits + 1);
}

struct Fence {
    QChar mark;
    qsizetype length = 0;
};

qsizetype runOf(QStringView s, QChar c) {
    qsizetype n = 0;
    while (n < s.size() && s[n] == c)
        ++n;
    return n;
}

// ``` or ~~~ (three or more); a backtick fence's info string may not hold a backtick.
bool opensFence(QStringView s, Fence* fence) {
    if (s.isEmpty() || (s[0] != u'`' && s[0] != u'~'))
        return false;
    const qsizetype n = runOf(s, s[0]);
    if (n < 3 || (s[0] == u'`' && s.sliced(n).contains(u'`')))
        return false;
    *fence = {s[0], n};
    return true;
}

bool closesFence(QStringView s, const Fence& fence) {
    const qsizetype n = runOf(s, fence.mark);
    return n >= fence.length && isBlank(s.sliced(n));
}

} // namespace

QStringList splitMarkdownBlocks(const QString& markdown) {
    const QStringView text(markdown);
    QStringList blocks;
    qsizetype blockStart = -1; // first character of the open block, -1 when none is open
    qsizetype blockEnd = 0;    // end of its last line that belongs to it
    bool inFence = false;
    bool inList = false;
    bool blankAfterBlock = false;
    Fence fence;
    const auto closeBlock = [&] {
        if (blockStart >= 0)
            blocks.append(text.sliced(blockStart, blockEnd - blockStart).toString());
        blockStart = -1;
        inList = false;
    };

    qsizetype pos = 0;
    while (pos <= text.size()) {
        const qsizetype newline = text.indexOf(u'\n', pos);
        const bool complete = newline >= 0;
        const qsizetype lineStart = pos;
        const qsizetype lineEnd = complete ? newline : text.size();
        const QStringView line = text.sliced(lineStart, lineEnd - lineStart);
        pos = lineEnd + 1;
        qsizetype first = 0;
        const int indent = indentOf(line, &first);
        const QStringView rest = line.sliced(first);

        if (inFence) { // everything up to the closing fence, blank lines included
            blockEnd = lineEnd;
            inFence = !closesFence(rest, fence);
            continue;
        }
        if (isBlank(line)) {
            blankAfterBlock = blockStart >= 0;
            continue;
        }
        // After a blank line a list goes on with its next item or an indented continuation;
        // anything else starts a new block.
        const bool listGoesOn = inList && (indent >= 2 || isListMarker(rest, !complete));
        if (blankAfterBlock && !listGoesOn)
            closeBlock();
        blankAfterBlock = false;
        if (blockStart < 0)
            blockStart = lineStart;
        blockEnd = lineEnd;
        if (opensFence(rest, &fence))
            inFence = true;
        else if (indent < 4 && isListMarker(rest, !complete))
            inList = true;
    }
    closeBlock();
    return blocks;
}

namespace {

QString joinLines(const QList<QStringView>& lines, qsizetype from, qsizetype to) {
    while (to > from && isBlank(lines[to - 1])) // pieces carry no trailing blank lines
        --to;
    QString out;
    for (qsizetype i = from; i < to; ++i) {
        if (i > from)
            out += u'\n';
        out += lines[i];
    }
    return out;
}

// A block that is one fenced code block (or one still open while it streams): pieces of
// kMarkdownPieceLines code lines (when `cut`; else the block as one piece), each with the opening
// line and, but for the last, a closing fence of its own; all marked as code, the last with the
// whole code for its Copy button. Empty when text follows the closing fence in the same block.
QList<MarkdownPiece> cutFence(const QList<QStringView>& lines, const Fence& fence, bool cut) {
    const auto closes = [&](qsizetype i) {
        qsizetype first = 0;
        indentOf(lines[i], &first);
        return closesFence(lines[i].sliced(first), fence);
    };
    qsizetype close = 1;
    while (close < lines.size() && !closes(close))
        ++close;
    if (close < lines.size() - 1) // text after the fence in the same block: keep it whole
        return {};
    QString code;
    for (qsizetype i = 1; i < close; ++i) {
        code += lines[i];
        if (i + 1 < close)
            code += u'\n';
    }
    if (!cut)
        return {{joinLines(lines, 0, lines.size()), false, false, true, code}};
    const QString opener = lines[0].toString();
    QList<MarkdownPiece> pieces;
    for (qsizetype from = 1; from < close; from += kMarkdownPieceLines) {
        const qsizetype to = std::min<qsizetype>(from + kMarkdownPieceLines, close);
        QString text = opener + u'\n';
        for (qsizetype i = from; i < to; ++i) {
            text += lines[i];
            if (i + 1 < to)
                text += u'\n';
        }
        if (to < close) {
            text += u'\n';
            text += QString(fence.length, fence.mark);
        } else if (close < lines.size()) {
            text += u'\n';
            text += lines[close];
        }
        pieces.append({text, from > 1, false, true, {}});
    }
    pieces.last().codeText = code;
    return pieces;
}

// A block that starts with a bullet list: cut before a top-level item once a piece has
// kMarkdownPieceLines lines.
QList<MarkdownPiece> cutBulletList(const QList<QStringView>& lines, QChar mark) {
    QList<MarkdownPiece> pieces;
    const auto looseBefore = [&](qsizetype line) { return line > 0 && isBlank(lines[line - 1]); };
    qsizetype from = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        qsizetype first = 0;
        const int indent = indentOf(lines[i], &first);
        const QStringView rest = lines[i].sliced(first);
        const bool topLevelItem = indent < 2 && !rest.isEmpty() && rest[0] == mark &&
                                  (rest.size() == 1 || isSpace(rest[1]));
        if (topLevelItem && i - from >= kMarkdownPieceLines) {
            pieces.append({joinLines(lines, from, i), from > 0, looseBefore(from), false, {}});
            from = i;
        }
    }
    pieces.append({joinLines(lines, from, lines.size()), from > 0, looseBefore(from), false, {}});
    return pieces;
}

QList<MarkdownPiece> cutBlock(const QString& block) {
    const QList<QStringView> lines = QStringView(block).split(u'\n');
    const bool long_ = lines.size() > kMarkdownPieceLines + 2;
    qsizetype first = 0;
    const int indent = indentOf(lines[0], &first);
    const QStringView rest = lines[0].sliced(first);
    Fence fence;
    if (indent < 4 && opensFence(rest, &fence)) {
        // A short code block is one piece, still marked as code.
        if (auto pieces = cutFence(lines, fence, long_); !pieces.isEmpty())
            return pieces;
    } else if (long_ && indent < 4 && (rest[0] == u'-' || rest[0] == u'*' || rest[0] == u'+') &&
               rest.size() > 1 && isSpace(rest[1])) {
        return cutBulletList(lines, rest[0]);
    }
    return {{block, false, false, false, {}}};
}

} // namespace

QList<MarkdownPiece> markdownPieces(const QString& markdown) {
    QList<MarkdownPiece> pieces;
    for (const QString& block : splitMarkdownBlocks(markdown))
        pieces += cutBlock(block);
    return pieces;
}

MarkdownBlockModel::MarkdownBlockModel(QObject* parent) : QAbstractListModel(parent) {}

int MarkdownBlockModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(pieces_.size());
}

QVariant MarkdownBlockModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const MarkdownPiece& piece = pieces_.at(index.row());
    if (role == BlockRole || role == Qt::DisplayRole)
        // Shown as Markdown, never as HTML, and with the list numbers the reply wrote.
        return escapeMarkdownHtml(keepWrittenListNumbers(piece.text));
    if (role == ContinuesPreviousRole)
        return piece.continuesPrevious;
    if (role == LooseListGapRole)
        return piece.looseListGap;
    if (role == CodeRole)
        return piece.code;
    if (role == CodeTextRole)
        return piece.codeText;
    return {};
}

QHash<int, QByteArray> MarkdownBlockModel::roleNames() const {
    return {{BlockRole, "block"},
            {ContinuesPreviousRole, "continuesPrevious"},
            {LooseListGapRole, "looseListGap"},
            {CodeRole, "code"},
            {CodeTextRole, "codeText"}};
}

void MarkdownBlockModel::setText(const QString& text) {
    if (text == text_)
        return;
    text_ = text;
    QList<MarkdownPiece> next = markdownPieces(text);
    const int oldCount = rowCount();
    const int newCount = static_cast<int>(next.size());

    if (newCount < oldCount) {
        beginRemoveRows({}, newCount, oldCount - 1);
        pieces_.resize(newCount);
        endRemoveRows();
    }
    // Rows present before and after: announce only the span whose pieces changed (while
    // streaming, the last one).
    int firstChanged = -1;
    int lastChanged = -1;
    for (int i = 0; i < std::min(oldCount, newCount); ++i) {
        if (pieces_[i] == next[i])
            continue;
        pieces_[i] = next[i];
        if (firstChanged < 0)
            firstChanged = i;
        lastChanged = i;
    }
    if (firstChanged >= 0)
        emit dataChanged(
            index(firstChanged), index(lastChanged),
            {BlockRole, ContinuesPreviousRole, LooseListGapRole, CodeRole, CodeTextRole});
    if (newCount > oldCount) {
        beginInsertRows({}, oldCount, newCount - 1);
        for (int i = oldCount; i < newCount; ++i)
            pieces_.append(std::move(next[i]));
        endInsertRows();
    }
    emit textChanged();
    if (newCount != oldCount)
        emit countChanged();
}

} // namespace facet::ui
