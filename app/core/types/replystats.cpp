#include "core/types/replystats.h"

#include <QJsonArray>
#include <QStringList>

#include <algorithm>

namespace facet::app {

QString ReplyStats::bucketsText() const {
    QStringList parts;
    for (const ImageStat& i : images)
        if (i.bucket > 0) // 0: not known (a server chooses its buckets itself)
            parts << QStringLiteral("%1→%2").arg(i.level).arg(i.bucket);
    return parts.join(QStringLiteral(", "));
}

bool ReplyStats::serverDefaultLevel() const {
    return !server.isEmpty() && std::any_of(images.begin(), images.end(),
                                            [](const ImageStat& i) { return i.level == 0; });
}

ReplyStats replyStatsFromJson(const QJsonObject& o) {
    ReplyStats s;
    // A stats object holds at least the finish reason; one without numbers was never measured.
    s.present = o.contains(QLatin1String("generated_tokens"));
    s.promptTokens = o.value(QLatin1String("prompt_tokens")).toInt();
    s.imageTokens = o.value(QLatin1String("image_tokens")).toInt();
    s.reusedTokens = o.value(QLatin1String("reused_tokens")).toInt();
    s.imagesReused = o.value(QLatin1String("images_reused")).toInt();
    s.prefillChunks = o.value(QLatin1String("prefill_chunks")).toInt();
    s.generatedTokens = o.value(QLatin1String("generated_tokens")).toInt();
    s.ttftMs = o.value(QLatin1String("ttft_ms")).toDouble();
    s.decodeTokensPerS = o.value(QLatin1String("decode_tokens_per_s")).toDouble();
    s.totalMs = o.value(QLatin1String("total_ms")).toDouble();
    s.finishReason = finishReasonFromKey(o.value(QLatin1String("finish_reason")).toString());
    if (o.value(QLatin1String("engine")).toString() == QLatin1String("remote")) {
        s.server = o.value(QLatin1String("server")).toString();
        s.servedModel = o.value(QLatin1String("served_model")).toString();
        const QJsonValue implied = o.value(QLatin1String("implied_image_tokens"));
        if (implied.isDouble()) // null: the usage could not tell
            s.impliedImageTokens = implied.toInt();
    }
    for (const QJsonValue& v : o.value(QLatin1String("images")).toArray()) {
        const QJsonObject i = v.toObject();
        s.images.append({i.value(QLatin1String("level")).toInt(),
                         i.value(QLatin1String("soft_tokens")).toInt(),
                         i.value(QLatin1String("bucket")).toInt()});
    }
    return s;
}

} // namespace facet::app
