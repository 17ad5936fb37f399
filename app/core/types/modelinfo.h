#pragma once
// What the status line and the level pickers know about the loaded model, as a value type for
// QML (the engine's generate::ModelInfo, in Qt types).
#include "generate/engine.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace facet::app {

struct ModelInfo {
    Q_GADGET
    Q_PROPERTY(bool loaded MEMBER loaded)
    Q_PROPERTY(QString name MEMBER name)
    Q_PROPERTY(QList<int> detailLevels MEMBER detailLevels)
    Q_PROPERTY(QList<int> imageBuckets MEMBER imageBuckets)
    Q_PROPERTY(QString bucketsText READ bucketsText)
    Q_PROPERTY(int maxSeqLen MEMBER maxSeqLen)
    Q_PROPERTY(int deviceId MEMBER deviceId)
    Q_PROPERTY(QString runtimeFile MEMBER runtimeFile)
    Q_PROPERTY(QString runtimeVersion MEMBER runtimeVersion)
    Q_PROPERTY(bool simulated MEMBER simulated)
    Q_PROPERTY(QStringList problems MEMBER problems)
public:
    bool loaded = false;
    QString name;
    QList<int> detailLevels; // compiled max_soft_tokens, ascending
    QList<int> imageBuckets;
    QList<QPair<int, int>> bucketForLevel;
    int maxSeqLen = 0;
    int deviceId = 0;
    QString runtimeFile;
    QString runtimeVersion;
    bool simulated = false;
    QStringList problems;

    QString bucketsText() const; // "70→128, 280→384"
    // In the JSON the log records.
    QString toCompactJson() const;
};

[[nodiscard]] ModelInfo fromEngine(const generate::ModelInfo& info);

} // namespace facet::app

Q_DECLARE_METATYPE(facet::app::ModelInfo)
