// facet-cli smoke-test end to end: passes on the demo model and on a small simulator folder;
// fails at the right step, with the exact error, for (a) a fault in the level-560 vision graph,
// (b) a truncated graph file, (c) a runtime library that lacks one rbln_* function, (d) a
// folder whose rbln_config.json disagrees with a graph's input sizes; exit codes 0 / 1 / 2.
#include "sim/sim_model_writer.h"
#include "test_paths.h"

#include <nlohmann/json.hpp>

#include <QFloat16>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>

#include <fstream>

namespace {

namespace fs = std::filesystem;

struct SmokeRun {
    int exitCode = -1;
    QByteArray out, err;
    nlohmann::json report;

    const nlohmann::json& step(const std::string& id) const {
        for (const auto& s : report.at("steps"))
            if (s.at("id") == id)
                return s;
        qFatal("no step %s", id.c_str());
    }
    std::string status(const std::string& id) const { return step(id).at("status"); }
    std::string message(const std::string& id) const { return step(id).at("message"); }
};

SmokeRun smoke(const QStringList& args, const QString& fault = {}) {
    const fs::path reportFile = facet::test::dataDir() / "smoke-report.json";
    fs::remove(reportFile);
    QProcess p;
    if (!fault.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("FACET_SIM_FAULT", fault);
        p.setProcessEnvironment(env);
    }
    p.start(QString::fromStdString(facet::test::cliPath().string()),
            QStringList{"smoke-test"} + args +
                QStringList{"--report", QString::fromStdString(reportFile.string())});
    if (!p.waitForFinished(300000))
        qFatal("facet-cli smoke-test did not finish");
    SmokeRun r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    std::ifstream in(reportFile);
    if (in)
        r.report = nlohmann::json::parse(in);
    return r;
}

// A small simulator folder with levels 70 and 560 (so a fault can hit the level-560 graph),
// written fresh under `name`.
fs::path simFolder(const std::string& name) {
    const fs::path dir = facet::test::dataDir() / name;
    fs::remove_all(dir);
    facet::sim::SimModelOptions o;
    o.seed = 5;
    o.levels = {70, 560};
    o.imageBuckets = {};
    o.maxSeqLen = 2048;
    o.partition = 1024;
    facet::sim::writeSimModel(dir, o);
    return dir;
}

QString q(const fs::path& p) {
    return QString::fromStdString(p.string());
}

} // namespace

class TestCliSmoke : public QObject {
    Q_OBJECT
private slots:
    void passesOnTheDemoModel() {
        const SmokeRun r =
            smoke({"--model", QString::fromStdString(facet::test::demoModelDir().string())});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        QVERIFY(r.report.at("passed").get<bool>());
        QCOMPARE(r.report.at("steps").size(), std::size_t(9));
        for (const auto& s : r.report.at("steps"))
            QCOMPARE(s.at("status").get<std::string>(), std::string("pass"));
        QCOMPARE(r.report.at("folder").at("levels"),
                 nlohmann::json::array({70, 140, 280, 560, 1120}));
        QVERIFY(r.report.at("machine").at("simulated").get<bool>());
        QVERIFY(!r.report.at("machine").at("runtime_file").get<std::string>().empty());
        QCOMPARE(r.report.at("timings").size(), std::size_t(5));
        for (const auto& t : r.report.at("timings")) {
            QVERIFY(t.at("vision_ms").get<double>() > 0);
            QVERIFY(t.at("ttft_ms").get<double>() > 0);
            QVERIFY(t.at("generated_tokens").get<int>() >= 1);
        }
        // What was inferred and what was found, per graph.
        const auto& io = r.step("graph_io").at("details");
        QVERIFY(io.size() >= 10 + 2);
        QVERIFY(r.out.contains("configs agree"));
        QVERIFY(r.out.contains("RESULT: PASS"));
    }

    void faultInTheLevel560VisionGraph() {
        const fs::path dir = simFolder("smoke-fault");
        const SmokeRun clean = smoke({"--model", q(dir)});
        QVERIFY2(clean.exitCode == 0, clean.out.constData());
        const SmokeRun r =
            smoke({"--model", q(dir)}, "vision_tower[560]:1:simulated NPU fault at level 560");
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.status("vision"), std::string("fail"));
        const std::string m = r.message("vision");
        QVERIFY2(m.find("level 560") != std::string::npos, m.c_str());
        QVERIFY2(m.find("simulated NPU fault at level 560") != std::string::npos, m.c_str());
        QVERIFY2(m.find("vision_tower[560]") != std::string::npos, m.c_str()); // the graph
        QCOMPARE(r.status("graphs_load"), std::string("pass"));
        QCOMPARE(r.status("generate"), std::string("pass")); // the fault was spent
        QVERIFY(r.out.contains("RESULT: FAIL at step 'vision'"));
    }

    void truncatedGraphFile() {
        const fs::path dir = simFolder("smoke-truncated");
        const fs::path graph = dir / "language_model" / "decoder_batch_1.rbln";
        fs::resize_file(graph, fs::file_size(graph) / 2);
        const SmokeRun r = smoke({"--model", q(dir)});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.status("folder"), std::string("pass"));
        QCOMPARE(r.status("runtime"), std::string("pass"));
        QCOMPARE(r.status("graphs_load"), std::string("fail"));
        const std::string m = r.message("graphs_load");
        QVERIFY2(m.find(graph.string()) != std::string::npos, m.c_str());
        QCOMPARE(r.status("vision"), std::string("skipped"));
    }

    void runtimeLackingOneFunction() {
        const fs::path dir = simFolder("smoke-runtime");
        const SmokeRun r =
            smoke({"--model", q(dir), "--runtime",
                   QString::fromStdString(
                       (facet::test::executableDir() / "libfacet_partial_runtime.so").string())});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.status("folder"), std::string("pass"));
        QCOMPARE(r.status("runtime"), std::string("fail"));
        const std::string m = r.message("runtime");
        QVERIFY2(m.find("function rbln_get_num_outputs is missing") != std::string::npos,
                 m.c_str());
        QVERIFY2(m.find("libfacet_partial_runtime") != std::string::npos, m.c_str());
        QCOMPARE(r.status("graphs_load"), std::string("skipped"));
    }

    void configDisagreesWithAGraphsInputSizes() {
        const fs::path dir = simFolder("smoke-config");
        const fs::path file = dir / "rbln_config.json";
        nlohmann::json config = nlohmann::json::parse(std::ifstream(file));
        bool edited = false;
        for (auto& cfg : config.at("language_model").at("_compile_cfgs")) {
            if (cfg.at("compiled_model_name") != "image_prefill_640")
                continue;
            auto& set = cfg.at("input_info");
            auto& entries = set.at(0).at(0).is_string() ? set : set.at(0);
            for (auto& entry : entries)
                if (entry.at(0) == "inputs_embeds") {
                    entry.at(1).at(1) = 512; // the graph takes 640 rows
                    edited = true;
                }
        }
        QVERIFY(edited);
        std::ofstream(file) << config.dump(2);
        const SmokeRun r = smoke({"--model", q(dir)});
        QCOMPARE(r.exitCode, 1);
        // The simulator reports its graphs' input layouts (rbln_get_input_layout), so the
        // disagreement is caught when the graph loads, against what the runtime says.
        QCOMPARE(r.status("graphs_load"), std::string("fail"));
        const std::string m = r.message("graphs_load");
        QVERIFY2(m.find("image_prefill_640") != std::string::npos, m.c_str());
        QVERIFY2(m.find("inputs_embeds [1,512,") != std::string::npos &&
                     m.find("81920 bytes") != std::string::npos,
                 m.c_str());
        QCOMPARE(r.status("graph_io"), std::string("skipped"));
        QCOMPARE(r.status("vision"), std::string("skipped")); // nothing runs on bad buffers
    }

    void badArgumentsAndUnreadableFolderExitTwo() {
        QCOMPARE(smoke({"--bogus"}).exitCode, 2);
        QCOMPARE(smoke({"--device", "x"}).exitCode, 2);
        const SmokeRun missing = smoke({"--model", "/nonexistent/model"});
        QCOMPARE(missing.exitCode, 2);
        QCOMPARE(missing.status("folder"), std::string("fail"));
    }
};

QTEST_APPLESS_MAIN(TestCliSmoke)
#include "test_cli_smoke.moc"
