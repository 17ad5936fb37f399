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
