// facet-cli inspect-model / inspect-pth end to end: exit codes, the JSON keys the issue lists,
// and every problem reported for a broken folder.
#include "test_paths.h"
#include "tiny_folder.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using nlohmann::json;

namespace {

struct Run {
    int exitCode = -1;
    std::string out;
    std::string err;
};

Run cli(const QStringList& args) {
    QProcess p;
    p.start(QString::fromStdString(facet::test::cliPath().string()), args);
    if (!p.waitForFinished(60000))
        qFatal("facet-cli did not finish");
    return {p.exitCode(), p.readAllStandardOutput().toStdString(),
            p.readAllStandardError().toStdString()};
}

const std::filesystem::path kPth = facet::test::dataDir() / "pth";

} // namespace

class CliInspectTest : public QObject {
    Q_OBJECT
private slots:
    void inspectModelUsable() {
        QTemporaryDir dir;
        TinyFolder().write(dir.path().toStdString());
        const Run r = cli({"inspect-model", dir.path(), "--json"});
        QCOMPARE(r.exitCode, 0);
        const json j = json::parse(r.out);
        QVERIFY2(j["max_soft_tokens"] == json({70, 140, 280}), j["max_soft_tokens"].dump().c_str());
        QVERIFY2(j["image_prefill_chunk_size"] == json({128, 256, 384}),
                 j["image_prefill_chunk_size"].dump().c_str());
        QVERIFY2(j["bucket_for_level"] == json({{"70", 128}, {"140", 256}, {"280", 384}}),
                 j["bucket_for_level"].dump().c_str());
        QVERIFY2(j["max_seq_len"] == json(4096), j["max_seq_len"].dump().c_str());
        QVERIFY2(j["prefill_chunk_size"] == json(128), j["prefill_chunk_size"].dump().c_str());
        QVERIFY2(j["problems"] == json::array(), j["problems"].dump().c_str());
        QVERIFY2(j["optimum_rbln_version"] == json("0.11.0"),
                 j["optimum_rbln_version"].dump().c_str());
        QVERIFY2(j["graphs"]["missing"] == json::array(), j["graphs"]["missing"].dump().c_str());
        QCOMPARE(j["graphs"]["present"].size(), size_t{7});

        const Run text = cli({"inspect-model", dir.path()});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.find("280 -> 384") != std::string::npos);
        QVERIFY(text.out.find("Usable: yes") != std::string::npos);
    }

    void inspectModelListsEveryProblem() {
        QTemporaryDir dir;
        const std::filesystem::path path = dir.path().toStdString();
        TinyFolder t;
        t.rbln["language_model"]["image_prefill_chunk_size"] = {640, 384, 256, 128};
        t.rbln["language_model"]["kvcache_block_size"] = 2048;
        t.write(path);
        std::filesystem::remove(path / "language_model" / "decoder_batch_1.rbln");
        const Run r = cli({"inspect-model", dir.path(), "--json"});
        QCOMPARE(r.exitCode, 2);
        const json j = json::parse(r.out);
        const auto problems = j["problems"].get<std::vector<std::string>>();
        QCOMPARE(problems.size(), size_t{5});
        const auto has = [&](const std::string& s) {
            return std::any_of(problems.begin(), problems.end(), [&](const std::string& p) {
                return p.find(s) != std::string::npos;
            });
        };
        QVERIFY(has("buckets [640] are never used"));
        QVERIFY(has("kvcache_block_size: 2048 must equal kvcache_partition_len (1024)"));
        QVERIFY(has("no entry for graph 'image_prefill_640'"));
        QVERIFY(has("decoder_batch_1.rbln: missing (graph)"));
        QVERIFY(has("image_prefill_640.rbln: missing (graph)"));
        QCOMPARE(j["graphs"]["missing"].size(), size_t{2});

        const Run text = cli({"inspect-model", dir.path()});
        QCOMPARE(text.exitCode, 2);
        QVERIFY(text.out.find("Usable: no, 5 problem(s)") != std::string::npos);
        for (const auto& p : problems)
            QVERIFY2(text.out.find("  - " + p) != std::string::npos, p.c_str());
    }

    void inspectPthMatchesTorch() {
        std::ifstream in(kPth / "expected.json");
        const json expected = json::parse(in)["files"]["torch_artifacts.pth"];
        const Run r =
            cli({"inspect-pth", QString::fromStdString((kPth / "torch_artifacts.pth").string()),
                 "--json"});
        QCOMPARE(r.exitCode, 0);
        const json j = json::parse(r.out);
        QVERIFY2(j["archive"] == expected["archive"], j["archive"].dump().c_str());
        QVERIFY2(j["tensors"] == expected["tensors"],
                 j["tensors"].dump().c_str()); // name, dtype, shape, sha256 in torch's order

        const Run text =
            cli({"inspect-pth", QString::fromStdString((kPth / "mixed.pth").string())});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.find("transposed  float32  [8, 6]") != std::string::npos);
    }

    void inspectPthRefusesMaliciousPickle() {
        const Run r =
            cli({"inspect-pth", QString::fromStdString((kPth / "malicious.pth").string())});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.find("malicious.pth: data.pkl at byte") != std::string::npos, r.err.c_str());
        QVERIFY2(r.err.find("refused global 'posix.system'") != std::string::npos, r.err.c_str());
        QVERIFY(r.out.find("pwned") == std::string::npos);
    }

    void usageErrors() {
        QCOMPARE(cli({"inspect-model"}).exitCode, 1);
        QCOMPARE(cli({"inspect-pth", "a", "b"}).exitCode, 1);
        QCOMPARE(cli({"inspect-model", "/nonexistent/dir"}).exitCode, 2);
    }
};

QTEST_APPLESS_MAIN(CliInspectTest)
#include "test_cli_inspect.moc"
