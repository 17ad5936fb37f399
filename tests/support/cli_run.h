#pragma once
// Runs the built facet-cli (test_paths.h) as a user would and collects its
// exit code, stdout, stderr and the JSON objects of its stdout lines (`--json` output). Shared by
// the CLI tests of generate/ and remote/.
#include "test_paths.h"
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QStringList>
#include <QtGlobal>

namespace facet::test {

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QList<QJsonObject> events;
};

// `jsonOnly`: every non-empty stdout line must be a JSON object (fatal otherwise).
inline CliRun runCli(const QStringList& args, int timeoutMs = 120000, bool jsonOnly = false) {
    QProcess p;
    p.start(QString::fromStdString(facet::test::cliPath().string()), args);
    if (!p.waitForFinished(timeoutMs))
        qFatal("facet-cli %s did not finish", qPrintable(args.value(0)));
    CliRun r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    for (const QByteArray& line : r.out.split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const QJsonDocument doc = QJsonDocument::fromJson(line);
        if (doc.isObject())
            r.events.push_back(doc.object());
        else if (jsonOnly)
            qFatal("not a JSON object line: %s", line.constData());
    }
    return r;
}

} // namespace facet::test
