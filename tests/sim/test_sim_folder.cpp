// facet-cli make-sim-model: the folder is complete, deterministic for a seed, accepted by
// engine/model (and inspect-model when present), its .pth files load in PyTorch with the
// tensors the host needs, and combinations real optimum-rbln refuses are refused.
#include "sim_test_support.h"
#include "test_paths.h"

#include "common/bf16.h"
#include "model/model_folder.h"
#include "sim/sim_check.h"
#include "sim/sim_runtime.h"
#include "sim/sim_weights.h"
#include "sim/weight_generator.h"

#include <QFloat16>
#include <QProcess>
#include <QTest>

#include <fstream>
#include <sys/resource.h>

using namespace facet;
namespace fs = std::filesystem;

namespace {

struct Result {
    int code;
    QString out, err;
};

Result runProcess(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(120000))
        return {-1, {}, "timed out"};
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

Result makeModel(const fs::path& dir, const QStringList& extra) {
    return runProcess(QString::fromStdString(facet::test::cliPath().string()),
                      QStringList{"make-sim-model", QString::fromStdString(dir.string())} + extra);
}

std::string readAll(const fs::path& file) {
    std::string bytes(static_cast<size_t>(fs::file_size(file)), '\0');
    std::ifstream in(file, std::ios::binary);
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return bytes;
}

const QStringList kSmall{"--seed",          "3",       "--levels",      "70,280",
                         "--image-buckets", "128,384", "--max-seq-len", "2048",
                         "--partition",     "1024"};

// A graph file with its header's JSON changed by `edit`, with its weights or (`weights` false)
// none at all: what a crafted 10 KB prefill.rbln looks like.
void craftGraph(const fs::path& from, const fs::path& to,
                const std::function<void(nlohmann::json&)>& edit, bool weights) {
    const std::string bytes = readAll(from);
    const auto first = bytes.find('\n');
    const auto second = bytes.find('\n', first + 1);
    const auto length = std::stoull(bytes.substr(first + 1, second - first - 1));
    nlohmann::json header = nlohmann::json::parse(bytes.substr(second + 1, length));
    edit(header);
    std::string json = header.dump();
    std::string out = bytes.substr(0, first + 1) + std::to_string(json.size()) + "\n" + json;
    out.resize((out.size() + 63) / 64 * 64, '\0');
    if (weights)
        out += bytes.substr((second + 1 + length + 63) / 64 * 64);
    std::ofstream(to, std::ios::binary | std::ios::trunc) << out;
}

long peakRssKiB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

} // namespace

class SimFolderTest : public QObject {
    Q_OBJECT

    fs::path data_ = facet::test::dataDir() / "folders";

private slots:
    void initTestCase() {
        fs::remove_all(data_);
        const auto r = makeModel(data_ / "a", kSmall);
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    void writesTheRealLayout() {
        for (const char* f :
             {"rbln_config.json", "config.json", "generation_config.json", "tokenizer.json",
              "chat_template.jinja", "compiled_model.rbln", "vision_tower/compiled_model.rbln",
              "vision_tower/torch_artifacts.pth", "vision_tower/rbln_config.json",
              "vision_tower/config.json", "language_model/prefill.rbln",
              "language_model/image_prefill_384.rbln", "language_model/image_prefill_128.rbln",
              "language_model/decoder_batch_1.rbln", "language_model/torch_artifacts.pth",
              "language_model/rbln_config.json", "language_model/config.json"})
            QVERIFY2(fs::exists(data_ / "a" / f), f);
        const auto config = simtest::readJson(data_ / "a" / "config.json");
        QCOMPARE(config.at("image_token_id").get<int>(), 258880); // from tokenizer.json
        QCOMPARE(config.at("boi_token_id").get<int>(), 255999);
        QCOMPARE(config.at("eoi_token_id").get<int>(), 258882);
        const auto rbln = simtest::readJson(data_ / "a" / "rbln_config.json");
        QCOMPARE(rbln["vision_tower"]["max_soft_tokens"], nlohmann::json({280, 70}));
        QCOMPARE(rbln["language_model"]["image_prefill_chunk_size"], nlohmann::json({384, 128}));
    }

    void engineModelAcceptsIt() {
        const auto folder = model::ModelFolder::open(data_ / "a");
        QString problems;
        for (const auto& p : folder.problems())
            problems += QString::fromStdString(p) + "\n";
        QVERIFY2(folder.usable(), qPrintable(problems));
        QCOMPARE(folder.maxSeqLen(), int64_t(2048));
        QCOMPARE(folder.visionGraphIndex(70), std::optional<int>(1));

        const auto help =
            runProcess(QString::fromStdString(facet::test::cliPath().string()), {"help"});
        if (!help.out.contains("inspect-model"))
            QSKIP("facet-cli has no inspect-model command in this build");
        const auto r =
            runProcess(QString::fromStdString(facet::test::cliPath().string()),
                       {"inspect-model", QString::fromStdString((data_ / "a").string())});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    }

    void deterministicForASeed() {
        QCOMPARE(makeModel(data_ / "b", kSmall).code, 0);
        auto other = kSmall;
        other[1] = "4";
        QCOMPARE(makeModel(data_ / "c", other).code, 0);
        for (const char* f : {"language_model/prefill.rbln", "vision_tower/compiled_model.rbln",
                              "language_model/torch_artifacts.pth", "rbln_config.json"}) {
            QVERIFY2(readAll(data_ / "a" / f) == readAll(data_ / "b" / f), f);
        }
        QVERIFY(readAll(data_ / "a" / "language_model/prefill.rbln") !=
                readAll(data_ / "c" / "language_model/prefill.rbln"));
        fs::remove_all(data_ / "b");
        fs::remove_all(data_ / "c");
    }

    void torchLoadsTheArtifacts() {
        // The embedding must equal the simulator's tied output projection (same generator).
        sim::TextConfig text;
        const auto table = sim::embeddingTable(3, text);
        const uint64_t row = 258880, h = 64;
        QString expected;
        for (uint64_t i = 0; i < 4; ++i)
            expected += QString::number(
                            double(roundToBf16(table.generated->scale *
                                               sim::uniformAt(table.generated->seed, row * h + i))),
                            'g', 17) +
                        " ";
        const auto dir = QString::fromStdString((data_ / "a").string());
        const QString script =
            "import sys, torch\n"
            "d = sys.argv[1]\n"
            "lm = torch.load(d + '/language_model/torch_artifacts.pth')\n"
            "w = lm['embed_tokens']['weight']\n"
            "assert w.shape == (262144, 64) and w.dtype == torch.bfloat16, w.shape\n"
            "vt = torch.load(d + '/vision_tower/torch_artifacts.pth')['patch_embedder']\n"
            "assert vt['input_proj.weight'].shape == (32, 768)\n"
            "assert vt['position_embedding_table'].shape == (2, 10240, 32)\n"
            "print(' '.join(repr(float(x)) for x in w[258880, :4]))\n";
        const auto r = runProcess(FACET_PYTHON_EXE, {"-c", script, dir});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto got = r.out.trimmed().split(' ');
        const auto want = expected.trimmed().split(' ');
        QCOMPARE(got.size(), 4);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(got[i].toDouble(), want[i].toDouble());
    }

    // Issue #56: a simulator graph decided its allocations from its header before checking
    // that the file holds the data, with an unchecked shape product: a 10 KB prefill.rbln cost
    // 2.4 GB, and inspect-model called the folder usable. Each crafted header is refused
    // before anything is allocated for it, by loading and by inspect-model alike.
    void craftedGraphHeadersAreRefusedBeforeAllocating() {
        QCOMPARE(makeModel(data_ / "crafted", kSmall).code, 0);
        const fs::path original = data_ / "a" / "language_model" / "prefill.rbln";
        const fs::path target = data_ / "crafted" / "language_model" / "prefill.rbln";
        const auto planned = sim::plannedSimBytes(sim::readSimFile(original, false, false));
        qInfo("the small model's prefill graph plans %llu bytes",
              static_cast<unsigned long long>(planned));
        QVERIFY(planned < sim::kMaxSimGraphBytes / 4);
        QCOMPARE(sim::simGraphProblem(original), std::optional<std::string>());

        const auto firstStored = [](nlohmann::json& h) -> nlohmann::json& {
            for (auto& t : h["tensors"])
                if (t.contains("offset"))
                    return t;
            throw std::runtime_error("no stored tensor");
        };
        struct Case {
            const char* name;
            std::function<void(nlohmann::json&)> edit;
            const char* said;
        };
        const std::vector<Case> cases = {
            // 1.2 G elements stored (2.4 GB) in a file of a few KB.
            {"stored 2.4 GB",
             [&](nlohmann::json& h) {
                 auto& t = firstStored(h);
                 t["shape"] = {20000, 60000};
                 t["bytes"] = 2400000000ull;
             },
             "elements"},
            // Within the shape limits, but the file does not hold the bytes.
            {"truncated",
             [&](nlohmann::json& h) {
                 auto& t = firstStored(h);
                 t["shape"] = {4096, 4096};
                 t["bytes"] = 4096ull * 4096 * 2;
             },
             "truncated"},
            // A product that overflows int64 into something small.
            {"overflow",
             [&](nlohmann::json& h) {
                 auto& t = firstStored(h);
                 t["shape"] = {4294967296ll, 4294967296ll, 4};
                 t["bytes"] = 0;
             },
             "elements"},
            // Generated weights and a KV cache that a config far past a tiny model asks for.
            {"sliding window",
             [](nlohmann::json& h) { h["config"]["text"]["sliding_window"] = 1 << 30; },
             "bytes of memory"},
            {"graph input",
             [](nlohmann::json& h) {
                 h["graphs"][0]["inputs"][0][1] = {1, 1 << 30, 1 << 30};
             },
             "bytes"},
        };
        const long before = peakRssKiB();
        for (const Case& c : cases) {
            const bool stored =
                std::string(c.name) != "sliding window" && std::string(c.name) != "graph input";
            craftGraph(original, target, c.edit, !stored);
            QVERIFY(!stored || fs::file_size(target) < 64 * 1024);
            const auto problem = sim::simGraphProblem(target);
            QVERIFY2(problem && problem->find("prefill.rbln") != std::string::npos &&
                         problem->find(c.said) != std::string::npos,
                     (std::string(c.name) + ": " + problem.value_or("none")).c_str());
            try {
                (void)sim::LoadedModel::load(target);
                QFAIL(c.name);
            } catch (const facet::Error& e) {
                QVERIFY2(std::string(e.what()).find("prefill.rbln") != std::string::npos, e.what());
            }
            const auto r =
                runProcess(QString::fromStdString(facet::test::cliPath().string()),
                           {"inspect-model", QString::fromStdString((data_ / "crafted").string())});
            QVERIFY2(r.code == 2 && r.out.contains("Usable: no") && r.out.contains("prefill.rbln"),
                     qPrintable(QString(c.name) + ": " + r.out + r.err));
        }
        const long grownMiB = (peakRssKiB() - before) / 1024;
        qInfo("peak RSS grew by %ld MiB over the crafted graphs", grownMiB);
        QVERIFY2(grownMiB < 100, qPrintable(QString::number(grownMiB)));
    }

    void refusesWhatOptimumRefuses() {
        const auto unused =
            makeModel(data_ / "bad", {"--levels", "280", "--image-buckets", "128,384"});
        QCOMPARE(unused.code, 2);
        QVERIFY2(unused.err.contains("image_prefill_chunk_size"), qPrintable(unused.err));
        const auto small =
            makeModel(data_ / "bad", {"--partition", "512", "--max-seq-len", "2048"});
        QCOMPARE(small.code, 2);
        QVERIFY2(small.err.contains("kvcache_partition_len"), qPrintable(small.err));
        const auto tooShort =
            makeModel(data_ / "bad", {"--max-seq-len", "1024", "--partition", "1024"});
        QCOMPARE(tooShort.code, 2);
        QVERIFY2(tooShort.err.contains("max_seq_len"), qPrintable(tooShort.err));
        const auto level = makeModel(data_ / "bad", {"--levels", "100"});
        QCOMPARE(level.code, 2);
        const auto usage = makeModel(data_ / "bad", {"--levels", "70,x"});
        QCOMPARE(usage.code, 1);
        QVERIFY(!fs::exists(data_ / "bad" / "rbln_config.json"));
    }
};

QTEST_GUILESS_MAIN(SimFolderTest)
#include "test_sim_folder.moc"
