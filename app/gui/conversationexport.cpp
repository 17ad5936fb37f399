#include "conversationexport.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace facet::app {
namespace {

QString imageReference(const QString& imageFolder, const QString& file) {
    return imageFolder.isEmpty() ? file : imageFolder + QLatin1Char('/') + file;
}

QString statsLine(const QJsonObject& s) {
    QStringList parts;
    auto add = [&](const char* key, const QString& label) {
        if (s.contains(QLatin1String(key)))
            parts << label.arg(s.value(QLatin1String(key)).toDouble());
    };
    add("prompt_tokens", QStringLiteral("%1 prompt tokens"));
    add("image_tokens", QStringLiteral("%1 image tokens"));
    add("generated_tokens", QStringLiteral("%1 generated tokens"));
    add("ttft_ms", QStringLiteral("time to first token %1 ms"));
    add("decode_tokens_per_s", QStringLiteral("%1 tokens/s"));
    if (s.contains(QLatin1String("finish_reason")))
        parts << QStringLiteral("finish: ") + s.value(QLatin1String("finish_reason")).toString();
    return parts.join(QLatin1String(" · "));
}

} // namespace

QString toMarkdown(const Conversation& c, const QString& imageFolder) {
    QString md = QStringLiteral("# %1\n\n").arg(c.title);
    if (!c.systemPrompt.isEmpty())
        md += QStringLiteral("> System prompt: %1\n\n").arg(c.systemPrompt);
    for (const auto& m : c.messages) {
        if (m.role == Message::Role::User) {
            md += QStringLiteral("## User\n\n");
            for (const auto& image : m.images)
                md += QStringLiteral("![%1](%2) — detail level %3, %4 image tokens\n\n")
                          .arg(image.originalName, imageReference(imageFolder, image.file))
                          .arg(image.level)
                          .arg(image.softTokens);
            md += m.text + QStringLiteral("\n\n");
        } else {
            md += QStringLiteral("## Gemma\n\n") + m.text + QStringLiteral("\n\n");
            if (!m.error.isEmpty())
                md += QStringLiteral("> Error: %1\n\n").arg(m.error);
            if (!m.stats.isEmpty())
                md += QStringLiteral("*%1*\n\n").arg(statsLine(m.stats));
        }
    }
    return md;
}

QByteArray toJsonExport(const Conversation& c, const QString& imageFolder) {
    QJsonObject o = toJson(c);
    // Exported image paths point at the stored copies so the file is usable on its own.
    QJsonArray messages = o.value(QLatin1String("messages")).toArray();
    for (qsizetype i = 0; i < messages.size(); ++i) {
        QJsonObject m = messages[i].toObject();
        QJsonArray images = m.value(QLatin1String("images")).toArray();
        for (qsizetype j = 0; j < images.size(); ++j) {
            QJsonObject image = images[j].toObject();
            image.insert(
                "path", imageReference(imageFolder, image.value(QLatin1String("file")).toString()));
            images[j] = image;
        }
        if (!images.isEmpty())
            m.insert("images", images);
        messages[i] = m;
    }
    o.insert("messages", messages);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

} // namespace facet::app
