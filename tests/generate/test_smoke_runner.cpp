// runSmokeTest in process, as the app will call it on its worker thread: progress callbacks in
// step order, the report's shape, and the stop flag skipping the remaining steps.
#include "generate/smoke_test.h"
#include "sim_fixture.h"

#include <nlohmann/json.hpp>

#include <QTest>

using namespace facet::generate;

class TestSmokeRunner : public QObject {
    Q_OBJECT
private slots:
    void progressInStepOrderAndAPassingReport() {
        SmokeOptions options;
        options.modelDir = gentest::simModelDir("sim-model-smoke");
        options.maxNewTokens = 4;
        std::vector<std::string> events;
        SmokeProgress progress;
        progress.stepStarted = [&](int index, int count, const SmokeStep& s) {
            QCOMPARE(count, 9);
            QCOMPARE(std::size_t(index), events.size() / 2);
            events.push_back("start " + s.id);
        };
        progress.stepFinished = [&](int, int, const SmokeStep& s) {
            QVERIFY2(s.status == SmokeStep::Status::Pass, s.message.c_str());
            events.push_back("end " + s.id);
        };
        const std::atomic<bool> stop{false};
        const SmokeReport report = runSmokeTest(options, progress, stop);
        QVERIFY(report.passed());
        QVERIFY(report.firstFailure() == nullptr);
        QCOMPARE(events.size(), std::size_t(18));
        QCOMPARE(events.front(), std::string("start folder"));
        QCOMPARE(events.back(), std::string("end timings"));
        QCOMPARE(report.folder.levels, (std::vector<int>{70, 140, 280}));
        QCOMPARE(report.timings.size(), std::size_t(3));
        const nlohmann::json j = smokeReportToJson(report);
        QCOMPARE(j.at("steps").size(), std::size_t(9));
        QVERIFY(j.at("machine").at("simulated").get<bool>());
        QVERIFY(!j.at("machine").at("cpu").get<std::string>().empty());
        QCOMPARE(j.at("folder").at("max_seq_len").get<int>(), 2048);
        // The layout the simulator wrote (sim_fixture.h: 0.12 unless told 0.11), and the one
        // dtype that differs between the two (optimum-rbln 0.12 compiles image_features bf16).
        const std::string layout = gentest::optimumRblnLayout();
        QCOMPARE(j.at("folder").at("layout").get<std::string>(), "optimum-rbln " + layout);
        QCOMPARE(j.at("folder").at("projector_dtype").get<std::string>(),
                 std::string(layout == "0.11" ? "float32" : "bfloat16"));
    }

    void stopSkipsTheRemainingSteps() {
        SmokeOptions options;
        options.modelDir = gentest::simModelDir("sim-model-smoke");
        std::atomic<bool> stop{false};
        SmokeProgress progress;
        progress.stepFinished = [&](int index, int, const SmokeStep&) {
            if (index == 3)
                stop.store(true); // after the graph I/O check
        };
        const SmokeReport report = runSmokeTest(options, progress, stop);
        QVERIFY(!report.passed());
        QVERIFY(report.firstFailure() == nullptr); // nothing failed: it was stopped
        QVERIFY(report.steps[3].status == SmokeStep::Status::Pass);
        for (std::size_t i = 4; i < report.steps.size(); ++i) {
            QVERIFY(report.steps[i].status == SmokeStep::Status::Skipped);
            QCOMPARE(report.steps[i].message, std::string("skipped: stopped"));
        }
    }
};

QTEST_APPLESS_MAIN(TestSmokeRunner)
#include "test_smoke_runner.moc"
