#pragma once
// Where a server's secrets are kept between starts: the system keyring (Secret Service, KWallet…)
// through QtKeychain, under the service "Facet": the API key under the server URL (without its
// password), the password of an http://user:password@host URL under passwordEntry(URL). Never the
// settings file: QtKeychain's "insecure fallback" (plain text in QSettings) stays off. When no
// keyring service answers, the caller keeps them for the session only and says so.
// The methods are virtual so that a test can stand in a keyring that lives across two starts of
// the app in one process (no Secret Service runs on the test machines).
#include <QObject>
#include <QString>

#include <functional>

namespace facet::ui {

class ApiKeyStore : public QObject {
    Q_OBJECT
public:
    explicit ApiKeyStore(QObject* parent = nullptr);
    ~ApiKeyStore() override = default;

    // `url`: the entry (a server URL, or passwordEntry()). `done(key, problem)`: the stored
    // secret (empty when there is none); `problem` is non-empty when the keyring itself could not
    // be used (no service running, access denied).
    virtual void read(const QString& url, std::function<void(QString, QString)> done);
    // `done(problem)`: empty when the keyring holds the key now.
    virtual void write(const QString& url, const QString& key, std::function<void(QString)> done);
    // Removes the entry (an empty key typed for a server that had one); errors are ignored.
    virtual void remove(const QString& url);

    static QString serviceName();
    // The entry that holds the password of `url` (a URL with a user name and no password).
    static QString passwordEntry(const QString& url);
};

} // namespace facet::ui
