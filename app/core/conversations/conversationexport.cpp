#include "core/conversations/conversationexport.h"

#include "core/conversations/conversationbranches.h"
#include "core/conversations/conversationcompare.h"
#include "core/types/replystats.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>

namespace facet::app {
namespace {

QString imageReference(const QString& imageFolder, const QString& file) {
    return imageFolder.isEmpty() ? file : imageFolder + QLatin1Char('/') + file;
}

// A Markdown link target: a relative (or absolute) path as a URL path, every byte but unreserved
// ASCII and '/' percent-encoded — a raw space would end the link, '#' start a fragment.
QString markdownLinkTarget(const QString& path) {
    return QString::fromLatin1(QUrl::toPercentEncoding(path, QByteArrayLiteral("/")));
}

// Image alt text: brackets and backslashes escaped so a name cannot close the link early.
QString markdownAltText(const QString& name) {
    QString out;
    for (const QChar c : name) {
        if (c == u'[' || c == u']' || c == u'\\')
            out += u'\\';
        out += c;
    }
    return out;
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
    add("prefill_chunks", QStringLiteral("%1 prefill chunks"));
    add("ttft_ms", QStringLiteral("time to first token %1 ms"));
    add("decode_tokens_per_s", QStringLiteral("%1 tokens/s"));
    add("total_ms", QStringLiteral("total %1 ms"));
    // Per image: what the level cost and which image-prefill bucket ran it.
    for (const QJsonValue& v : s.value(QLatin1String("images")).toArray()) {
        const QJsonObject i = v.toObject();
        const int level = i.value(QLatin1String("level")).toInt();
        if (level == 0) { // a server sent no level (remote::kServerDefaultLevel)
            parts << QStringLiteral("image at the server's default level");
            continue;
        }
        parts << QStringLiteral("image at level %1: %2 soft tokens, bucket %3")
                     .arg(level)
                     .arg(i.value(QLatin1String("soft_tokens")).toInt())
                     .arg(i.value(QLatin1String("bucket")).toInt());
    }
    // At the server default level only the server's usage knows the soft tokens (all images).
    const QJsonValue implied = s.value(QLatin1String("implied_image_tokens"));
    if (implied.isDouble() && replyStatsFromJson(s).serverDefaultLevel())
        parts << QStringLiteral("%1 soft tokens at the server's default level, by its usage")
                     .arg(implied.toInt());
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
            if (image.contains(QLatin1String("region"))) { // the crop's source, linked as well
                QJsonObject region = image.value(QLatin1String("region")).toObject();
                region.insert(
                    "source_path",
                    imageReference(imageFolder,
                                   region.value(QLatin1String("source_file")).toString()));
                image.insert("region", region);
            }
            images[j] = image;
        }
        if (!images.isEmpty())
            m.insert("images", images);
        messages[i] = m;
    }
    return messages;
}

// Under a region crop: which image it was cut from (linked) and where, so the export shows both.
QString regionLine(const ImageRegion& r, const QString& imageFolder) {
    return QStringLiteral("*Region x %1, y %2, %3×%4 pixels of* [%5](%6)\n\n")
        .arg(QString::number(r.x), QString::number(r.y), QString::number(r.width),
             QString::number(r.height), markdownAltText(r.sourceName),
             markdownLinkTarget(imageReference(imageFolder, r.sourceFile)));
}

QString replyBody(const Message& m) {
    QString md = m.text + QStringLiteral("\n\n");
    if (!m.error.isEmpty())
        md += QStringLiteral("> Error: %1\n\n").arg(m.error);
    if (!m.stats.isEmpty())
        md += QStringLiteral("*%1*\n\n").arg(statsLine(m.stats));
    return md;
}

// The other columns of a comparison, after the one the conversation continued with, so the
// export keeps every level's answer with its numbers.
QString otherComparedReplies(const Conversation& c, int row) {
    QString md;
    for (const Message* m : comparedVersions(c, row))
        if (m != &c.messages[row])
            md += QStringLiteral("### Also compared: detail level %1\n\n").arg(m->level) +
                  replyBody(*m);
    return md;
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
            for (const auto& image : m.images) {
                // One arg() call: a chained one would replace a "%3" inside the link.
                md += QStringLiteral("![%1](%2) — detail level %3, %4 image tokens\n\n")
                          .arg(markdownAltText(image.originalName),
                               markdownLinkTarget(imageReference(imageFolder, image.file)),
                               QString::number(image.level), QString::number(image.softTokens));
                if (image.region)
                    md += regionLine(*image.region, imageFolder);
            }
            md += m.text + QStringLiteral("\n\n");
        } else {
            const QString level =
                m.level > 0 ? QStringLiteral(" — detail level %1").arg(m.level) : QString();
            md += QStringLiteral("## Gemma%1%2\n\n").arg(level, versionNote(c, row)) +
                  replyBody(m) + otherComparedReplies(c, row);
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

QString exportBaseName(const QString& title) {
    QString name = title;
    name.replace(QRegularExpression(QStringLiteral(R"([/\\])")), QStringLiteral("-"));
    name.remove(QRegularExpression(QStringLiteral(R"([:*?"<>|\x00-\x1f\x7f])")));
    name = name.simplified();
    while (name.startsWith(QLatin1Char('.')))
        name = name.mid(1).trimmed();
    name = name.left(100);
    while (!name.isEmpty() && (name.endsWith(QLatin1Char('.')) || name.endsWith(QLatin1Char('-')) ||
                               name.endsWith(QLatin1Char(' '))))
        name.chop(1);
    return name.isEmpty() ? QStringLiteral("conversation") : name;
}

} // namespace facet::app
