#include "Server/apikeystore.h"

#include <qt6keychain/keychain.h>

namespace facet::ui {
namespace {

// "NoBackendAvailable" and the like: the keyring is not there. EntryNotFound is not a problem.
QString problemOf(const QKeychain::Job& job) {
    if (job.error() == QKeychain::NoError || job.error() == QKeychain::EntryNotFound)
        return {};
    const QString text = job.errorString();
    return text.isEmpty() ? QObject::tr("the system keyring did not answer") : text;
}

} // namespace

ApiKeyStore::ApiKeyStore(QObject* parent) : QObject(parent) {}

QString ApiKeyStore::serviceName() {
    return QStringLiteral("Facet");
}

QString ApiKeyStore::passwordEntry(const QString& url) {
    return QStringLiteral("password of ") + url;
}

void ApiKeyStore::read(const QString& url, std::function<void(QString, QString)> done) {
    auto* job = new QKeychain::ReadPasswordJob(serviceName(), this);
    job->setInsecureFallback(false); // never plain text in a settings file
    job->setAutoDelete(true);
    job->setKey(url);
    connect(job, &QKeychain::Job::finished, this, [done = std::move(done)](QKeychain::Job* j) {
        const auto* readJob = static_cast<QKeychain::ReadPasswordJob*>(j);
        const QString problem = problemOf(*j);
        done(problem.isEmpty() ? readJob->textData() : QString(), problem);
    });
    job->start();
}

void ApiKeyStore::write(const QString& url, const QString& key, std::function<void(QString)> done) {
    auto* job = new QKeychain::WritePasswordJob(serviceName(), this);
    job->setInsecureFallback(false);
    job->setAutoDelete(true);
    job->setKey(url);
    job->setTextData(key);
    connect(job, &QKeychain::Job::finished, this,
            [done = std::move(done)](QKeychain::Job* j) { done(problemOf(*j)); });
    job->start();
}

void ApiKeyStore::remove(const QString& url) {
    auto* job = new QKeychain::DeletePasswordJob(serviceName(), this);
    job->setInsecureFallback(false);
    job->setAutoDelete(true);
    job->setKey(url);
    job->start();
}

} // namespace facet::ui
