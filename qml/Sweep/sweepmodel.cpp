#include "Sweep/sweepmodel.h"

#include "sweep/agreement.h"

#include <QFileInfo>
#include <QUrl>
#include <QVariantMap>

namespace facet::ui {

SweepModel::SweepModel(QObject* parent) : QAbstractListModel(parent) {}

void SweepModel::reset(const std::vector<std::string>& images,
                       const std::vector<std::string>& questions, const QList<int>& levels,
                       int reference) {
    beginResetModel();
    levels_ = levels;
    reference_ = reference;
    rows_.clear();
    index_.clear();
    for (const std::string& image : images)
        for (const std::string& question : questions) {
            Row row{image, question, {}};
            for (int level : levels)
                row.cells[level] = {};
            index_[{image, question}] = int(rows_.size());
            rows_.push_back(std::move(row));
        }
    endResetModel();
}

int SweepModel::rowOf(const std::string& image, const std::string& question) const {
    const auto it = index_.find({image, question});
    return it == index_.end() ? -1 : it->second;
}

void SweepModel::changed(int row) {
    const QModelIndex i = index(row);
    emit dataChanged(i, i, {CellsRole, DisagreesRole});
}

void SweepModel::setRun(const sweep::RunRecord& run) {
    const int row = rowOf(run.key.image, run.key.question);
    if (row < 0 || !rows_[std::size_t(row)].cells.count(run.key.level))
        return; // a run of runs.jsonl that this sweep does not plan
    Cell& cell = rows_[std::size_t(row)].cells[run.key.level];
    cell.state = run.done() ? CellState::Done : CellState::Failed;
    cell.answer = QString::fromStdString(run.answer);
    cell.error = run.error ? QString::fromStdString(*run.error) : QString();
    changed(row);
}

void SweepModel::setRunning(const std::string& image, const std::string& question, int level) {
    const int row = rowOf(image, question);
    if (row < 0)
        return;
    rows_[std::size_t(row)].cells[level].state = CellState::Running;
    changed(row);
}

void SweepModel::clearRunning() {
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        bool any = false;
        for (auto& [level, cell] : rows_[r].cells)
            if (cell.state == CellState::Running) {
                cell.state = CellState::Waiting;
                any = true;
            }
        if (any)
            changed(int(r));
    }
}

void SweepModel::setSkipped(const std::string& image, const QString& reason) {
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        if (rows_[r].image != image)
            continue;
        for (auto& [level, cell] : rows_[r].cells)
            if (cell.state != CellState::Done) {
                cell.state = CellState::Skipped;
                cell.error = reason;
            }
        changed(int(r));
    }
}

int SweepModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}

SweepModel::CellState SweepModel::state(int row, int level) const {
    const auto& cells = rows_.at(std::size_t(row)).cells;
    const auto it = cells.find(level);
    return it == cells.end() ? CellState::Waiting : it->second.state;
}

QString SweepModel::answer(int row, int level) const {
    const auto& cells = rows_.at(std::size_t(row)).cells;
    const auto it = cells.find(level);
    return it == cells.end() ? QString() : it->second.answer;
}

int SweepModel::agrees(int row, int level) const {
    const auto& cells = rows_.at(std::size_t(row)).cells;
    const auto it = cells.find(level);
    const auto ref = cells.find(reference_);
    if (it == cells.end() || ref == cells.end() || it->second.state != CellState::Done ||
        ref->second.state != CellState::Done)
        return -1;
    return sweep::compareAnswers(ref->second.answer.toStdString(), it->second.answer.toStdString())
                   .same
               ? 1
               : 0;
}

QVariant SweepModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row& row = rows_[std::size_t(index.row())];
    const QString path = QString::fromStdString(row.image);
    switch (role) {
    case ImageUrlRole:
        return QUrl::fromLocalFile(path);
    case FileNameRole:
        return QFileInfo(path).fileName();
    case PathRole:
        return path;
    case QuestionRole:
        return QString::fromStdString(row.question);
    case CellsRole: {
        static const char* const kStates[] = {"waiting", "running", "done", "failed", "skipped"};
        QVariantList cells;
        for (int level : levels_) {
            const Cell& c = row.cells.at(level);
            QVariantMap m;
            m["level"] = level;
            m["state"] = QString::fromLatin1(kStates[int(c.state)]);
            m["answer"] = c.answer;
            m["error"] = c.error;
            m["reference"] = level == reference_;
            m["agrees"] = agrees(index.row(), level);
            cells.append(m);
        }
        return cells;
    }
    case DisagreesRole:
        for (int level : levels_)
            if (agrees(index.row(), level) == 0)
                return true;
        return false;
    default:
        return {};
    }
}

QHash<int, QByteArray> SweepModel::roleNames() const {
    return {{ImageUrlRole, "imageUrl"}, {FileNameRole, "fileName"}, {PathRole, "path"},
            {QuestionRole, "question"}, {CellsRole, "cells"},       {DisagreesRole, "disagrees"}};
}

} // namespace facet::ui
