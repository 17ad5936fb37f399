#pragma once
// The sweep's table as it fills in (Sweep/sweepsession.h): one row per image and question, one
// cell per swept level with the answer, whether it is waiting, running, done or failed, and —
// once the reference level's answer is known — whether it agrees with it (engine/sweep's rule,
// the one `facet-cli sweep` reports, so the app and the CLI never disagree).
#include "sweep/run_log.h"

#include <QAbstractListModel>
#include <QList>
#include <QString>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <map>
#include <vector>

namespace facet::ui {

class SweepModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the sweep controller")
public:
    enum Role {
        ImageUrlRole = Qt::UserRole + 1, // file URL of the image (thumbnail in the row)
        FileNameRole,                    // the image's file name, as on disk (any script)
        PathRole,
        QuestionRole,
        CellsRole,     // list of {level, state, answer, agrees, differing, error}, by level
        DisagreesRole, // some finished level disagrees with the reference
    };
    enum class CellState { Waiting, Running, Done, Failed, Skipped };

    explicit SweepModel(QObject* parent = nullptr);

    // A fresh table: every image x question, every cell waiting; `reference` is one of `levels`.
    void reset(const std::vector<std::string>& images, const std::vector<std::string>& questions,
               const QList<int>& levels, int reference);
    // A run that ended (done or failed): its cell, and the agreement of its row recomputed.
    void setRun(const sweep::RunRecord& run);
    void setRunning(const std::string& image, const std::string& question, int level);
    // A cell that was running when the sweep stopped goes back to waiting.
    void clearRunning();
    // The image could not be decoded when its run began: every waiting cell of its rows.
    void setSkipped(const std::string& image, const QString& reason);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // For tests and the summary: the cell's state and answer.
    CellState state(int row, int level) const;
    QString answer(int row, int level) const;
    // -1 unknown (no reference answer yet, or this cell not done), 0 disagrees, 1 agrees.
    int agrees(int row, int level) const;

private:
    struct Cell {
        CellState state = CellState::Waiting;
        QString answer;
        QString error;
    };
    struct Row {
        std::string image;
        std::string question;
        std::map<int, Cell> cells;
    };
    int rowOf(const std::string& image, const std::string& question) const;
    void changed(int row);

    QList<int> levels_;
    int reference_ = 0;
    std::vector<Row> rows_;
    std::map<std::pair<std::string, std::string>, int> index_;
};

} // namespace facet::ui
