#include "core/support/redaction.h"

#include <QRegularExpression>
#include <QUrl>

namespace facet::app {
namespace {

const QString kHidden = QStringLiteral("***");

} // namespace

QString redactedUrl(const QString& url) {
    return redactedText(url);
}

QString urlWithoutCredentials(const QString& url) {
    QUrl parsed(url.trimmed());
    if (!parsed.isValid() || parsed.userInfo().isEmpty())
        return redactedText(url); // not a URL Qt can take apart: at least no password
    parsed.setUserInfo({});
    return parsed.toString();
}

namespace {

// Where a URL's password lies, as typed: "scheme://user:PASSWORD@host…". Taken apart by hand, not
// by QUrl, so the URL goes back together exactly as typed (QUrl re-encodes, and refuses a
// password with '@' or ':' typed unencoded, which curl takes). The user information ends at the
// last '@' before the path.
struct UrlParts {
    qsizetype userStart = -1; // after "://"; -1: no user information
    qsizetype colon = -1;     // between user and password; -1: no password
    qsizetype at = -1;
};

UrlParts partsOf(const QString& url) {
    UrlParts p;
    const qsizetype scheme = url.indexOf(QLatin1String("://"));
    if (scheme <= 0)
        return p;
    const qsizetype start = scheme + 3;
    qsizetype end = url.size();
    for (const QChar c : {QLatin1Char('/'), QLatin1Char('?'), QLatin1Char('#')})
        if (const qsizetype i = url.indexOf(c, start); i >= 0 && i < end)
            end = i;
    const qsizetype at = url.lastIndexOf(QLatin1Char('@'), end - 1);
    if (at < start)
        return p;
    p.userStart = start;
    p.at = at;
    if (const qsizetype colon = url.indexOf(QLatin1Char(':'), start); colon >= 0 && colon < at)
        p.colon = colon;
    return p;
}

} // namespace

QString urlWithoutPassword(const QString& url) {
    const UrlParts p = partsOf(url);
    if (p.colon < 0)
        return url;
    return url.left(p.colon) + url.mid(p.at);
}

QString urlPassword(const QString& url) {
    const UrlParts p = partsOf(url);
    return p.colon < 0 ? QString() : url.mid(p.colon + 1, p.at - p.colon - 1);
}

QString withUrlPassword(const QString& url, const QString& password) {
    const UrlParts p = partsOf(url);
    if (password.isEmpty() || p.userStart < 0 || p.colon >= 0 || p.at == p.userStart)
        return url;
    return url.left(p.at) + QLatin1Char(':') + password + url.mid(p.at);
}

bool urlLacksPassword(const QString& url) {
    const UrlParts p = partsOf(url);
    return p.userStart >= 0 && p.colon < 0 && p.at > p.userStart;
}

QString redactedText(const QString& text, const QString& apiKey) {
    // scheme://user:password@ — the password ends at the last '@' before the host part, so a
    // password with '@' or ':' in it is hidden whole.
    static const QRegularExpression userInfo(
        QStringLiteral(R"(([A-Za-z][A-Za-z0-9+.\-]*://[^\s/:@]*):[^\s/]*@)"));
    static const QRegularExpression bearer(QStringLiteral(R"((\bBearer\s+)[^\s"',;]+)"),
                                           QRegularExpression::CaseInsensitiveOption);
    QString out = text;
    out.replace(userInfo, QStringLiteral("\\1:") + kHidden + QStringLiteral("@"));
    out.replace(bearer, QStringLiteral("\\1") + kHidden);
    if (!apiKey.isEmpty())
        out.replace(apiKey, kHidden);
    return out;
}

} // namespace facet::app
