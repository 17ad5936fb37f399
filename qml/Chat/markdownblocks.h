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

// The blocks of `text` as a list model (role "block"). Setting a new text changes only the rows
// whose block changed: appending to a streamed reply touches just its last row (or adds one).
class MarkdownBlockModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString text READ text WRITE setText NOTIFY textChanged)
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
public:
    enum Role { BlockRole = Qt::UserRole + 1 };

    explicit MarkdownBlockModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    QString text() const { return text_; }
    void setText(const QString& text);
    const QStringList& blocks() const { return blocks_; }

signals:
    void textChanged();
    void countChanged();

private:
    QString text_;
    QStringList blocks_;
};

} // namespace facet::ui
