#include "core/conversations/conversationexport.h"

#include "core/conversations/conversationbranches.h"

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
    if (s.value(QLatin1String("engine")).toString() == QLatin1String("remote")) // a vLLM server
        parts << QStringLiteral("server %1 (%2)")
                     .arg(s.value(QLatin1String("server")).toString(),
                          s.value(QLatin1String("served_model")).toString());
    return parts.join(QStringLiteral(" · ")); // UTF-8 source: not QLatin1String
}

// "(version 2 of 3)" where the conversation branches, so a reader knows others exist.
QString versionNote(const Conversation& c, int row) {
    const BranchPosition at = branchPosition(c, row);
    return at.count > 1 ? QStringLiteral(" (version %1 of %2)").arg(at.index + 1).arg(at.count)
                        : QString();
}

// Exported image paths point at the stored copies so the file is usable on its own.
QJsonArray withImagePaths(QJsonArray messages, const QString& imageFolder) {
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
    return messages;
}

} // namespace

QString toMarkdown(const Conversation& c, const QString& imageFolder) {
    QString md = QStringLiteral("# %1\n\n").arg(c.title);
    if (!c.systemPrompt.isEmpty())
        md += QStringLiteral("> System prompt: %1\n\n").arg(c.systemPrompt);
    for (int row = 0; row < c.messages.size(); ++row) {
        const Message& m = c.messages[row];
        if (m.role == Message::Role::User) {
            md += QStringLiteral("## User%1\n\n").arg(versionNote(c, row));
            for (const auto& image : m.images)
                md += QStringLiteral("![%1](%2) — detail level %3, %4 image tokens\n\n")
                          .arg(image.originalName, imageReference(imageFolder, image.file))
                          .arg(image.level)
                          .arg(image.softTokens);
            md += m.text + QStringLiteral("\n\n");
        } else {
            md += QStringLiteral("## Gemma%1\n\n").arg(versionNote(c, row)) + m.text +
                  QStringLiteral("\n\n");
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
    for (const char* key : {"messages", "alternatives"})
        if (o.contains(QLatin1String(key)))
            o.insert(QLatin1String(key),
                     withImagePaths(o.value(QLatin1String(key)).toArray(), imageFolder));
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

} // namespace facet::app
