#pragma once
// Where a server's API key is kept between starts: the system keyring (Secret Service, KWallet…)
// through QtKeychain, one entry per server URL under the service "Facet". Never the settings
// file: QtKeychain's "insecure fallback" (plain text in QSettings) stays off. When no keyring
// service answers, the caller keeps the key for the session only and says so.
#include <QObject>
#include <QString>

#include <functional>

namespace facet::ui {

class ApiKeyStore : public QObject {
    Q_OBJECT
public:
    explicit ApiKeyStore(QObject* parent = nullptr);

    // `done(key, problem)`: the stored key (empty when there is none); `problem` is non-empty
    // when the keyring itself could not be used (no service running, access denied).
    void read(const QString& url, std::function<void(QString, QString)> done);
    // `done(problem)`: empty when the keyring holds the key now.
    void write(const QString& url, const QString& key, std::function<void(QString)> done);
    // Removes the entry (an empty key typed for a server that had one); errors are ignored.
    void remove(const QString& url);

    static QString serviceName();
};

} // namespace facet::ui
