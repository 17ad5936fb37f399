#include "Compare/worddiff.h"

namespace facet::ui {

QList<DiffSpan> diffWords(const QString& baseline, const QString& text) {
    // UTF-8 through the engine's diff and back: the spans cut only at whole characters, so each
    // converts on its own.
    const QByteArray a = baseline.toUtf8();
    const QByteArray b = text.toUtf8();
    QList<DiffSpan> spans;
    for (const sweep::WordSpan& s : sweep::diffWords({a.constData(), std::size_t(a.size())},
                                                     {b.constData(), std::size_t(b.size())}))
        spans.append({QString::fromUtf8(s.text.data(), qsizetype(s.text.size())), s.changed});
    return spans;
}

QString diffHtml(const QList<DiffSpan>& spans, const QString& highlight) {
    // pre-wrap: runs of spaces and line breaks show as they were written.
    QString html = QStringLiteral("<span style=\"white-space:pre-wrap\">");
    for (const DiffSpan& s : spans) {
        QString escaped = s.text.toHtmlEscaped();
        if (s.changed)
            html += QStringLiteral("<span style=\"background-color:%1\">%2</span>")
                        .arg(highlight, escaped);
        else
            html += escaped;
    }
    return html + QStringLiteral("</span>");
}

} // namespace facet::ui
