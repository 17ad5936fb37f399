#pragma once
// Model replies are shown as Markdown, but never as HTML: Qt's Markdown reader (md4c, GitHub
// dialect) treats `<div>`, `<script>…</script>` or `<!--` in a reply as raw HTML and hides them, so
// a reply about HTML would lose its words. QML's TextEdit.MarkdownText offers no switch for that,
// so the reply text is escaped before it is rendered.
#include <QString>

namespace facet::ui {

// Escapes every '<' that Markdown could read as the start of raw HTML or an autolink ("\<"),
// leaving code alone: fenced code blocks, indented code blocks and inline code spans, where a
// backslash would show. Rendering the result with HTML enabled shows the same text as rendering
// the input with HTML disabled (QTextDocument::MarkdownNoHTML).
QString escapeMarkdownHtml(const QString& markdown);

} // namespace facet::ui
