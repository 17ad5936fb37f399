#pragma once
// The "Try it" menu's entries (App.samples): the demo model's example images and questions
// (samplesfile.h). Choosing one puts its image into the composer at its detail level
// (`attach`); the view puts the question into the message box, and an example with a second
// level opens Compare levels… with both (`levels`).
#include "TryIt/samplesfile.h"

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

class AttachmentModel;

class DemoSamples : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
    // Why samples.json or some of its entries could not be used (logged at start).
    Q_PROPERTY(QStringList problems READ problems NOTIFY countChanged)
public:
    enum Role {
        QuestionRole = Qt::UserRole + 1,
        ImagePathRole,
        ImageNameRole,
        ImageUrlRole,
        LevelRole,
        CompareWithLevelRole,
    };
    Q_ENUM(Role)

    explicit DemoSamples(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Reads FOLDER/samples.json (builtinDemoSamplesFolder() for the app), replacing the entries.
    void load(const QString& folder);
    QString folder() const { return folder_; }
    const QList<DemoSample>& samples() const { return samples_; }
    QStringList problems() const { return problems_; }

    // Empties the composer's images and attaches the example's image at its level. False (the
    // attachment model says why) when the image cannot be attached.
    Q_INVOKABLE bool attach(int row, facet::ui::AttachmentModel* attachments) const;
    Q_INVOKABLE QString question(int row) const;
    // The levels to compare, ascending: its level and compare_with_level; empty without one.
    // A variant list: QML's lint reads a returned QList<int> as an int.
    Q_INVOKABLE QVariantList compareLevels(int row) const;

signals:
    void countChanged();

private:
    QString folder_;
    QList<DemoSample> samples_;
    QStringList problems_;
};

} // namespace facet::ui
