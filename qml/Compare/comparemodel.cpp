#include "Compare/comparemodel.h"

#include "Attachments/imageurls.h"
#include "Compare/compareverdict.h"
#include "Compare/worddiff.h"
#include "core/support/imagefacts.h"

#include <QUrl>

namespace facet::ui {

CompareModel::CompareModel(QObject* parent) : QAbstractListModel(parent) {}

int CompareModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(columns_.size());
}

QVariant CompareModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CompareColumnState& c = columns_.at(index.row());
    const bool isBaseline = index.row() == baseline_;
    switch (role) {
    case LevelRole:
        return c.level;
    case Qt::DisplayRole:
    case TextRole:
        return c.text;
    case MarkedTextRole:
    case ChangedWordsRole: {
        // The baseline marks nothing; the others against it (computed when asked: answers are
        // a few hundred words, and only changed columns are asked again).
        const QString base = isBaseline ? c.text : columns_.at(baseline_).text;
        const QList<DiffSpan> spans = diffWords(base, c.text);
        if (role == MarkedTextRole)
            return diffHtml(spans, highlight_);
        int words = 0;
        for (const DiffSpan& s : spans)
            if (s.changed)
                words += static_cast<int>(
                    s.text.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts).size());
        return words;
    }
    case ReasoningRole:
        return c.reasoning;
    case PhaseRole:
        return c.phase;
    case ErrorRole:
        return c.error;
    case StatsRole:
        return QVariant::fromValue(app::replyStatsFromJson(c.stats));
    case StartedRole:
        return c.started;
    case EndedRole:
        return c.ended;
    case IsBaselineRole:
        return isBaseline;
    case IsCheapestAgreeingRole:
        return cheapestLevel_ != 0 && c.level == cheapestLevel_;
    case ImagesRole: {
        QVariantList list;
        for (const CompareImage& image : images_)
            list.append(
                QVariantMap{{"path", image.path},
                            {"seen", seenUrl(c.level, image.path)},
                            {"name", image.name},
                            {"width", image.width},
                            {"height", image.height},
                            {"tokens", app::softTokensFor(image.width, image.height, c.level)}});
        return list;
    }
    default:
        return {};
    }
}

QHash<int, QByteArray> CompareModel::roleNames() const {
    return {{LevelRole, "level"},
            {TextRole, "text"},
            {MarkedTextRole, "markedText"},
            {ChangedWordsRole, "changedWords"},
            {ReasoningRole, "reasoning"},
            {PhaseRole, "phase"},
            {ErrorRole, "error"},
            {StatsRole, "stats"},
            {StartedRole, "started"},
            {EndedRole, "ended"},
            {IsBaselineRole, "isBaseline"},
            {ImagesRole, "images"},
            {IsCheapestAgreeingRole, "isCheapestAgreeing"}};
}

void CompareModel::reset(const QList<int>& levels, const QList<CompareImage>& images) {
    beginResetModel();
    columns_.clear();
    for (int level : levels) {
        CompareColumnState column;
        column.level = level;
        columns_.append(column);
    }
    images_ = images;
    verdict_.clear();
    cheapestLevel_ = 0;
    endResetModel();
    emit verdictChanged();
    emit countChanged();
    if (baseline_ != 0) {
        baseline_ = 0;
        emit baselineChanged();
    }
}

void CompareModel::changed(int column, const QList<int>& roles) {
    const QModelIndex i = index(column);
    emit dataChanged(i, i, roles);
    // The others are marked against the baseline: its text changed, so did their marks.
    if (column == baseline_ && roles.contains(TextRole) && columns_.size() > 1)
        emit dataChanged(index(0), index(rowCount() - 1), {MarkedTextRole, ChangedWordsRole});
}

void CompareModel::start(int column) {
    if (column < 0 || column >= columns_.size())
        return;
    columns_[column].started = true;
    changed(column, {StartedRole});
}

void CompareModel::setPhase(int column, const QString& phase) {
    if (column < 0 || column >= columns_.size() || columns_[column].phase == phase)
        return;
    columns_[column].phase = phase;
    changed(column, {PhaseRole});
}

void CompareModel::appendText(int column, const QString& content, const QString& reasoning) {
    if (column < 0 || column >= columns_.size())
        return;
    columns_[column].text += content;
    columns_[column].reasoning += reasoning;
    changed(column, {TextRole, ReasoningRole, MarkedTextRole, ChangedWordsRole});
}

void CompareModel::end(int column, const QJsonObject& stats, app::FinishReason reason,
                       const QString& error) {
    if (column < 0 || column >= columns_.size())
        return;
    CompareColumnState& c = columns_[column];
    c.ended = true;
    c.stats = stats;
    c.finishReason = reason;
    c.error = error;
    c.phase.clear();
    changed(column, {EndedRole, StatsRole, ErrorRole, PhaseRole});
    updateVerdict();
}

void CompareModel::updateVerdict() {
    const CompareVerdict v = compareVerdict(columns_);
    if (v.text == verdict_ && v.level == cheapestLevel_)
        return;
    verdict_ = v.text;
    cheapestLevel_ = v.level;
    emit verdictChanged();
    if (!columns_.isEmpty())
        emit dataChanged(index(0), index(rowCount() - 1), {IsCheapestAgreeingRole});
}

void CompareModel::setBaseline(int column) {
    if (column == baseline_ || column < 0 || column >= columns_.size())
        return;
    baseline_ = column;
    emit baselineChanged();
    if (!columns_.isEmpty())
        emit dataChanged(index(0), index(rowCount() - 1),
                         {IsBaselineRole, MarkedTextRole, ChangedWordsRole});
}

void CompareModel::setHighlight(const QString& color) {
    if (color == highlight_)
        return;
    highlight_ = color;
    emit highlightChanged();
    if (!columns_.isEmpty())
        emit dataChanged(index(0), index(rowCount() - 1), {MarkedTextRole});
}

} // namespace facet::ui
