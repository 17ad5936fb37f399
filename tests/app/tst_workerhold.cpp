// EngineClient::holdWorker (the app holds the engine's worker until the window's first frame,
// issue #57's start-up goal): a load asked for while held says Loading but does not run until the
// hold is released, or until the hold's limit has passed, or at shutdown.
#include "core/worker/engineclient.h"
#include "scriptedbackend.h"

#include <QElapsedTimer>
#include <QTest>

#include <chrono>

using namespace facet;
using namespace std::chrono_literals;

class WorkerHoldTest : public QObject {
    Q_OBJECT

    static std::shared_ptr<app::ScriptedEngine> script() {
        auto engine = std::make_shared<app::ScriptedEngine>();
        engine->setScript(app::EngineScript{});
        return engine;
    }

private slots:
    void aHeldLoadWaitsForTheRelease() {
        app::EngineClient engine(app::makeScriptedBackend(script()));
        engine.holdWorker(10s);
        engine.model().loadModelDir(QStringLiteral("/scripted"), 0, {});
        QCOMPARE(engine.model().state(), app::ModelLoader::State::Loading);
        // The scripted load takes no time: 300 ms without an answer means the worker is held.
        QTest::qWait(300);
        QCOMPARE(engine.model().state(), app::ModelLoader::State::Loading);
        engine.releaseWorker();
        QTRY_VERIFY_WITH_TIMEOUT(engine.model().ready(), 5000);
    }

    void theHoldEndsAtItsLimit() {
        app::EngineClient engine(app::makeScriptedBackend(script()));
        QElapsedTimer clock;
        clock.start();
        engine.holdWorker(400ms);
        engine.model().loadModelDir(QStringLiteral("/scripted"), 0, {});
        QTRY_VERIFY_WITH_TIMEOUT(engine.model().ready(), 5000);
        QVERIFY2(clock.elapsed() >= 350, qPrintable(QString::number(clock.elapsed())));
    }

    void shutdownReleasesAHeldWorker() {
        QElapsedTimer clock;
        clock.start();
        {
            app::EngineClient engine(app::makeScriptedBackend(script()));
            engine.holdWorker(30s);
            engine.model().loadModelDir(QStringLiteral("/scripted"), 0, {});
        } // the destructor shuts down: it must not wait out the 30 s
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
    }

    void withoutAHoldTheLoadRunsAtOnce() {
        app::EngineClient engine(app::makeScriptedBackend(script()));
        engine.model().loadModelDir(QStringLiteral("/scripted"), 0, {});
        QTRY_VERIFY_WITH_TIMEOUT(engine.model().ready(), 250);
    }
};

QTEST_GUILESS_MAIN(WorkerHoldTest)
#include "tst_workerhold.moc"
