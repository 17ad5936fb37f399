#pragma once
// The committed translation sources read directly (QXmlStreamReader), so the tests compare what
// the app shows with translations/facet_<lang>.ts and not with the .qm built from it.
#include "test_paths.h"
#include <QFile>
#include <QHash>
#include <QString>
#include <QXmlStreamReader>

namespace facet::test {

struct TsMessage {
    QString context;
    QString source;
    QString comment;
    QStringList forms; // one entry, or the plural forms
    bool numerus = false;
};

inline QList<TsMessage> readTs(const QString& path) {
    QList<TsMessage> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("%s: cannot open", qPrintable(path));
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            out.append(m);
            continue;
        }
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name"))
            context = xml.readElementText();
        else if (name == QLatin1String("message"))
            m = TsMessage{context,
                          {},
                          {},
                          {},
                          xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes")};
        else if (name == QLatin1String("source"))
            m.source = xml.readElementText();
        else if (name == QLatin1String("comment"))
            m.comment = xml.readElementText();
        else if (name == QLatin1String("translation") && !m.numerus)
            m.forms = {xml.readElementText()};
        else if (name == QLatin1String("numerusform"))
            m.forms.append(xml.readElementText());
    }
    if (xml.hasError())
        qFatal("%s: %s", qPrintable(path), qPrintable(xml.errorString()));
    return out;
}

// The translation of one text (the first form), or an empty string.
inline QString tsText(const QString& lang, const QString& context, const QString& source) {
    static QHash<QString, QList<TsMessage>> cache;
    if (!cache.contains(lang))
        cache.insert(lang, readTs(QString::fromStdString(
                                      (facet::test::sourceDir() / "translations").string()) +
                                  QStringLiteral("/facet_%1.ts").arg(lang)));
    for (const TsMessage& m : cache.value(lang))
        if (m.context == context && m.source == source)
            return m.forms.value(0);
    return {};
}

} // namespace facet::test
