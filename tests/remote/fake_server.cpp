#include "fake_server.h"
#include "test_paths.h"

#include <QJsonDocument>
#include <QProcess>
#include <QTest>

#include <curl/curl.h>

namespace remotetest {

namespace {

QProcess* g_server = nullptr;
int g_port = 0;

void stopServer() {
    if (g_server) {
        g_server->kill();
        g_server->waitForFinished(5000);
        delete g_server;
        g_server = nullptr;
    }
}

std::size_t collect(char* data, std::size_t size, std::size_t count, void* user) {
    static_cast<std::string*>(user)->append(data, size * count);
    return size * count;
}

} // namespace

int serverPort() {
    if (g_port)
        return g_port;
    g_server = new QProcess;
    g_server->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    g_server->start(QString::fromStdString(facet::test::pythonPath().string()),
                    {QString::fromStdString(facet::test::fakeVllmPath().string()),
                     QStringLiteral("--exit-with-stdin")});
    if (!g_server->waitForStarted(10000))
        qFatal("cannot start %s", facet::test::fakeVllmPath().c_str());
    std::atexit(stopServer);
    while (!g_server->canReadLine())
        if (!g_server->waitForReadyRead(10000))
            qFatal("fake_vllm.py printed no port");
    const QByteArray line = g_server->readLine().trimmed();
    if (!line.startsWith("PORT "))
        qFatal("fake_vllm.py said %s", line.constData());
    g_port = line.mid(5).toInt();
    return g_port;
}

std::string base(const std::string& scenario) {
    return "http://127.0.0.1:" + std::to_string(serverPort()) + "/s/" + scenario + "/v1";
}

QJsonObject lastRequest(const std::string& scenario) {
    // Plain libcurl, not the code under test.
    const std::string url =
        "http://127.0.0.1:" + std::to_string(serverPort()) + "/_last/" + scenario;
    std::string body;
    CURL* c = curl_easy_init();
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, &collect);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &body);
    curl_easy_perform(c);
    curl_easy_cleanup(c);
    return QJsonDocument::fromJson(QByteArray::fromStdString(body)).object();
}

std::filesystem::path testImage(const std::string& name) {
    // One folder per test executable: ctest may run them in parallel.
    const std::filesystem::path dir =
        facet::test::dataDir() / QCoreApplication::applicationName().toStdString();
    if (!std::filesystem::exists(dir / "chart.png")) {
        std::filesystem::create_directories(dir);
        if (QProcess::execute(QString::fromStdString(facet::test::pythonPath().string()),
                              {QString::fromStdString(facet::test::fakeVllmPath().string()),
                               "--make-images", QString::fromStdString(dir.string())}) != 0)
            qFatal("cannot write the test images");
    }
    return dir / name;
}

} // namespace remotetest
