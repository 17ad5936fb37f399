// The start-up time line (app/gui/startuptime.*): "first frame N ms after the process started"
// is logged once. QQuickWindow::frameSwapped comes from the render thread under the threaded
// render loop (a real X display), so several frames can be swapped before the GUI thread runs
// the queued slot: under Xvfb the log had the line twice. Here two frames are announced before
// the event loop runs, as there.
#include "startuptime.h"

#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTest>

namespace {

QStringList messages;

void collect(QtMsgType, const QMessageLogContext&, const QString& message) {
    messages << message;
}

} // namespace

class TestStartupTime : public QObject {
    Q_OBJECT
private slots:
    void loggedOnceForSeveralFrames() {
        QQmlApplicationEngine engine;
        engine.loadData("import QtQuick\nWindow {}");
        QCOMPARE(engine.rootObjects().size(), 1);
        auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().first());
        QVERIFY(window);
        facet::gui::logFirstFrame(engine);
        messages.clear();
        const QtMessageHandler previous = qInstallMessageHandler(collect);
        emit window->frameSwapped();
        emit window->frameSwapped();
        QCoreApplication::processEvents();
        emit window->frameSwapped();
        QCoreApplication::processEvents();
        qInstallMessageHandler(previous);
        const QStringList lines = messages.filter(QStringLiteral("first frame"));
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.first().contains(QStringLiteral("ms after the process started")),
                 qPrintable(lines.first()));
    }
};

QTEST_MAIN(TestStartupTime)
#include "tst_startuptime.moc"
