// Secrets kept out of settings, notices and the log (issue #56 item 9): the reproducer's
// http://user:pw@ URL and a server that echoes the Authorization header.
#include "core/support/redaction.h"

#include <QTest>

using namespace facet::app;

class RedactionTest : public QObject {
    Q_OBJECT
private slots:
    void passwordsInUrlsAreHidden() {
        QCOMPARE(redactedUrl("http://user:pw@127.0.0.1:8000/v1"),
                 QString("http://user:***@127.0.0.1:8000/v1"));
        QCOMPARE(redactedUrl("https://ann:p@ss:w0rd@host/v1"), QString("https://ann:***@host/v1"));
        QCOMPARE(redactedUrl("http://host:8000/v1"), QString("http://host:8000/v1"));
        QCOMPARE(redactedUrl("http://only-user@host/v1"), QString("http://only-user@host/v1"));
        QCOMPARE(urlWithoutCredentials("http://user:pw@127.0.0.1:8000/v1"),
                 QString("http://127.0.0.1:8000/v1"));
        QCOMPARE(urlWithoutCredentials("http://127.0.0.1:8000/v1"),
                 QString("http://127.0.0.1:8000/v1"));
    }

    // The URL split into what the settings keep and what the keyring keeps, and put together
    // again exactly as typed (a password with '@' and ':' typed unencoded, as curl takes it).
    void passwordsSplitOffAndBack() {
        const QString typed = "https://ann:p@ss:w0rd@host:8000/v1";
        QCOMPARE(urlWithoutPassword(typed), QString("https://ann@host:8000/v1"));
        QCOMPARE(urlPassword(typed), QString("p@ss:w0rd"));
        QVERIFY(urlLacksPassword("https://ann@host:8000/v1"));
        QCOMPARE(withUrlPassword("https://ann@host:8000/v1", "p@ss:w0rd"), typed);
        QCOMPARE(urlWithoutPassword("http://u:p%40x@h/v1?q=a@b"), QString("http://u@h/v1?q=a@b"));
        QCOMPARE(urlPassword("http://u:p%40x@h/v1?q=a@b"), QString("p%40x"));
        for (const QString& plain :
             {QString("http://host:8000/v1"), QString("http://host/v1@x"), QString("not a url")}) {
            QCOMPARE(urlWithoutPassword(plain), plain);
            QCOMPARE(urlPassword(plain), QString());
            QVERIFY(!urlLacksPassword(plain));
            QCOMPARE(withUrlPassword(plain, "pw"), plain); // no user name: nothing to add to
        }
    }

    void secretsInFreeTextAreHidden() {
        const QString error = "http://user:pw@srv:8000/v1: HTTP 401: {\"headers\": "
                              "{\"Authorization\": \"Bearer sk-secret-123\"}} key sk-secret-123";
        const QString out = redactedText(error, "sk-secret-123");
        QVERIFY2(!out.contains("pw@") && !out.contains("sk-secret-123"), qPrintable(out));
        QCOMPARE(out, QString("http://user:***@srv:8000/v1: HTTP 401: {\"headers\": "
                              "{\"Authorization\": \"Bearer ***\"}} key ***"));
    }
};

QTEST_GUILESS_MAIN(RedactionTest)
#include "tst_redaction.moc"
