#include "markdownblocks.h"

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

MarkdownBlockModel::MarkdownBlockModel(QObject* parent) : QAbstractListModel(parent) {}

int MarkdownBlockModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(blocks_.size());
}

QVariant MarkdownBlockModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        (role != BlockRole && role != Qt::DisplayRole))
        return {};
    return blocks_.at(index.row());
}

QHash<int, QByteArray> MarkdownBlockModel::roleNames() const {
    return {{BlockRole, "block"}};
}

void MarkdownBlockModel::setText(const QString& text) {
    if (text == text_)
        return;
    text_ = text;
    QStringList next = splitMarkdownBlocks(text);
    const int oldCount = rowCount();
    const int newCount = static_cast<int>(next.size());

    if (newCount < oldCount) {
        beginRemoveRows({}, newCount, oldCount - 1);
        blocks_.resize(newCount);
        endRemoveRows();
    }
    // Rows present before and after: announce only the span whose blocks changed (while
    // streaming, the last one).
    int firstChanged = -1;
    int lastChanged = -1;
    for (int i = 0; i < std::min(oldCount, newCount); ++i) {
        if (blocks_[i] == next[i])
            continue;
        blocks_[i] = next[i];
        if (firstChanged < 0)
            firstChanged = i;
        lastChanged = i;
    }
    if (firstChanged >= 0)
        emit dataChanged(index(firstChanged), index(lastChanged), {BlockRole});
    if (newCount > oldCount) {
        beginInsertRows({}, oldCount, newCount - 1);
        for (int i = oldCount; i < newCount; ++i)
            blocks_.append(std::move(next[i]));
        endInsertRows();
    }
    emit textChanged();
    if (newCount != oldCount)
        emit countChanged();
}

} // namespace facet::ui
