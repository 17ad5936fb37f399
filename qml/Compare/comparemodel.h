#pragma once
// The columns of a comparison of detail levels, one per level, for the compare view: each
// column's streamed answer, phase line, statistics, error, and the answer marked word by word
// against the baseline column the user picks (worddiff.h). Changed only on the GUI thread by
// the compare controller (comparesession.h).
#include "core/types/replystats.h"

#include <QAbstractListModel>
#include <QJsonObject>
#include <QtQml/qqmlregistration.h>

namespace facet::ui {

// An image of the compared turn: each column shows it as the model sees it at its level.
struct CompareImage {
    QString path; // the stored copy
    QString name;
    int width = 0;
    int height = 0;
};

struct CompareColumnState {
    int level = 0;
    bool started = false;
    bool ended = false;
    QString text;
    QString reasoning;
    QString phase;
    QString error;
    QJsonObject stats; // the engine's numbers (statsToJson)
    app::FinishReason finishReason = app::FinishReason::None;
};

class CompareModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the compare controller")
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)
    // The column the others are marked against.
    Q_PROPERTY(int baseline READ baseline WRITE setBaseline NOTIFY baselineChanged)
    // The background of changed words (a theme color, set by the view).
    Q_PROPERTY(QString highlight READ highlight WRITE setHighlight NOTIFY highlightChanged)
    // The lowest level whose answer agrees with the highest one's, as a sentence, and the level
    // (0: none); empty until two columns finished (compareverdict.h).
    Q_PROPERTY(QString verdict READ verdict NOTIFY verdictChanged)
    Q_PROPERTY(int cheapestAgreeingLevel READ cheapestAgreeingLevel NOTIFY verdictChanged)
public:
    enum Role {
        LevelRole = Qt::UserRole + 1,
        TextRole,
        MarkedTextRole, // HTML: the answer with the words not in the baseline highlighted
        ChangedWordsRole,
        ReasoningRole,
        PhaseRole,
        ErrorRole,
        StatsRole, // facet::app::ReplyStats
        StartedRole,
        EndedRole,
        IsBaselineRole,
        ImagesRole,             // path, name, width, height, tokens (at this column's level)
        IsCheapestAgreeingRole, // the lowest level that gives the highest one's answer
    };
    Q_ENUM(Role)

    explicit CompareModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // A new comparison (empty `levels`: none shown).
    void reset(const QList<int>& levels, const QList<CompareImage>& images);
    void start(int column);
    void setPhase(int column, const QString& phase);
    void appendText(int column, const QString& content, const QString& reasoning);
    void end(int column, const QJsonObject& stats, app::FinishReason reason, const QString& error);

    const QList<CompareColumnState>& columns() const { return columns_; }
    int baseline() const { return baseline_; }
    void setBaseline(int column);
    QString highlight() const { return highlight_; }
    void setHighlight(const QString& color);
    QString verdict() const { return verdict_; }
    int cheapestAgreeingLevel() const { return cheapestLevel_; }

signals:
    void verdictChanged();
    void countChanged();
    void baselineChanged();
    void highlightChanged();

private:
    void changed(int column, const QList<int>& roles);
    void updateVerdict();

    QList<CompareColumnState> columns_;
    QList<CompareImage> images_;
    int baseline_ = 0;
    QString highlight_ = QStringLiteral("#f9d45c");
    QString verdict_;
    int cheapestLevel_ = 0;
};

} // namespace facet::ui
