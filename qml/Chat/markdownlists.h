#pragma once
// A reply must show the numbers it wrote. Qt 6.4's Markdown reader (md4c inside QTextDocument)
// reads "3." at the start of a line as an ordered list and drops the list's start number: the
// MD_BLOCK_OL case of QTextMarkdownImporter::cbEnterBlock sets the list's indent, style and
// suffix but no start (qt/qtbase, src/gui/text/qtextmarkdownimporter.cpp, 6.4; Qt 6.4's
// QTextListFormat has no start property at all), so every list is numbered 1, 2, 3 … on screen.
// A count answer "3." showed "1.", "1990. A good year" showed "1. A good year".
#include <QString>

namespace facet::ui {

// Returns `markdown` with the marker of every item of an ordered list that Qt 6.4 would number
// differently from how it is written escaped ("3\."), so that it shows as the text it is; such
// items keep lines of their own (a paragraph each). Qt numbers wrongly a list not written as
// 1, 2, 3 … in order, and one with a hard line break in an item (Qt 6.4 makes the line after it
// another numbered item). Other lists stay lists. Code (fenced or indented) is left alone.
QString keepWrittenListNumbers(const QString& markdown);

} // namespace facet::ui
