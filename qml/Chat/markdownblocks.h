#pragma once
// A reply's Markdown cut into blocks that can be rendered one by one, so that while a reply
// streams only its last, growing block is parsed and laid out again (one TextEdit per block);
// the blocks before it stay untouched.
#include <QAbstractListModel>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

// Splits `markdown` at blank lines into blocks that render the same alone as together: never
// inside a ``` or ~~~ code fence, never inside a list (a loose list with blank lines between
// its items stays one block). Blocks carry no separating blank lines; joining them with "\n\n"
// gives back the text without its leading and trailing blank lines and with runs of blank lines
// between blocks shortened to one.
QStringList splitMarkdownBlocks(const QString& markdown);

// What one TextEdit of a reply shows: a block, or a piece of a long one.
struct MarkdownPiece {
    QString text;
    bool continuesPrevious = false; // a later piece of the same block: drawn without a gap
    // ...except between the items of a loose list (blank lines between items), where the
    // paragraph margin Qt would have drawn between the two items is needed.
    bool looseListGap = false;
    // A piece of a block that is one fenced code block: drawn on a code background.
    bool code = false;
    // On the last piece of such a block only: the code of the whole block without its fences,
    // what its Copy button copies (the last piece is the one that grows while a reply streams,
    // so the earlier rows stay untouched).
    QString codeText;
    bool operator==(const MarkdownPiece&) const = default;
};

// Lines per piece of a long block.
inline constexpr int kMarkdownPieceLines = 20;

// splitMarkdownBlocks(), with blocks that would be long to lay out again on every streamed
// update cut into pieces of about kMarkdownPieceLines lines that render the same: a fenced code
// block alone in its block is cut between lines (each piece fenced again), a bullet list between
// its top-level items. Ordered lists stay whole: Qt 6.4's Markdown reader ignores a list's start
// number, so a later piece would be numbered from 1 again.
QList<MarkdownPiece> markdownPieces(const QString& markdown);

// The pieces of `text` (markdownPieces) as a list model (roles "block", "continuesPrevious",
// "looseListGap", "code", "codeText").
// Setting a new text changes only the rows whose piece changed: appending to a streamed reply
// touches just its last row (or adds one).
class MarkdownBlockModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString text READ text WRITE setText NOTIFY textChanged)
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
public:
    enum Role {
        BlockRole = Qt::UserRole + 1,
        ContinuesPreviousRole,
        LooseListGapRole,
        CodeRole,
        CodeTextRole
    };

    explicit MarkdownBlockModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    QString text() const { return text_; }
    void setText(const QString& text);
    const QList<MarkdownPiece>& pieces() const { return pieces_; }

signals:
    void textChanged();
    void countChanged();

private:
    QString text_;
    QList<MarkdownPiece> pieces_;
};

} // namespace facet::ui
