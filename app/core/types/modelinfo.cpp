#include "core/types/modelinfo.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace facet::app {

QString ModelInfo::bucketsText() const {
    QStringList parts;
    for (const auto& [level, bucket] : bucketForLevel)
        parts << QStringLiteral("%1→%2").arg(level).arg(bucket);
    return parts.join(QStringLiteral(", "));
}

QString ModelInfo::toCompactJson() const {
    QJsonArray levels;
    for (int l : detailLevels)
        levels.append(l);
    QJsonArray buckets;
    for (int b : imageBuckets)
        buckets.append(b);
    const QJsonObject o{{"name", name},
                        {"deviceId", deviceId},
                        {"runtimeFile", runtimeFile},
                        {"runtimeVersion", runtimeVersion},
                        {"simulated", simulated},
                        {"maxSeqLen", maxSeqLen},
                        {"detailLevels", levels},
                        {"imageBuckets", buckets},
                        {"buckets", bucketsText()},
                        {"problems", QJsonArray::fromStringList(problems)}};
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

ModelInfo fromEngine(const generate::ModelInfo& in) {
    ModelInfo m;
    m.loaded = true;
    m.name = QString::fromStdString(in.name);
    for (int l : in.detailLevels)
        m.detailLevels << l;
    for (int b : in.imageBuckets)
        m.imageBuckets << b;
    for (const auto& [level, bucket] : in.bucketForLevel)
        m.bucketForLevel << qMakePair(level, bucket);
    m.maxSeqLen = in.maxSeqLen;
    m.deviceId = in.deviceId;
    m.runtimeFile = QString::fromStdString(in.runtimeFile);
    m.runtimeVersion = QString::fromStdString(in.runtimeVersion);
    m.simulated = in.simulated;
    for (const auto& p : in.problems)
        m.problems << QString::fromStdString(p);
    return m;
}

} // namespace facet::app
