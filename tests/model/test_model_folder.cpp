// ModelFolder on hand-written tiny folders in the optimum-rbln layout: a complete folder is
// usable and reports levels, buckets and graph indices; each broken variant lists every
// problem, naming the file and the field or rule.
#include "model/model_folder.h"
#include "model/pth_writer.h"
#include "test_paths.h"
#include "tiny_folder.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sys/stat.h>

using namespace facet::model;
using nlohmann::json;
using Strings = std::vector<std::string>;

namespace {

std::string joined(const Strings& lines) {
    std::string all;
    for (const auto& l : lines)
        all += l + "\n";
    return all;
}

// Checks the problems contain each fragment, in any order,
// and that there are exactly that many.
void expectProblems(const ModelFolder& f, const Strings& fragments) {
    const std::string all = joined(f.problems());
    QVERIFY2(f.problems().size() == fragments.size(), all.c_str());
    for (const auto& fragment : fragments)
        QVERIFY2(std::any_of(
                     f.problems().begin(), f.problems().end(),
                     [&](const std::string& p) { return p.find(fragment) != std::string::npos; }),
                 (fragment + " not in:\n" + all).c_str());
}

} // namespace

class ModelFolderTest : public QObject {
    Q_OBJECT
private slots:
    void completeFolderIsUsable() {
        QTemporaryDir dir;
        const std::filesystem::path path = dir.path().toStdString();
        TinyFolder().write(path);
        const ModelFolder f = ModelFolder::open(path);
        QVERIFY2(f.usable(), joined(f.problems()).c_str());
        QVERIFY2(f.warnings().empty(), joined(f.warnings()).c_str());
        QCOMPARE(f.detailLevels(), (std::vector<std::int64_t>{70, 140, 280}));
        QCOMPARE(f.imagePrefillBuckets(), (std::vector<std::int64_t>{128, 256, 384}));
        QCOMPARE(f.bucketForLevel(70).value_or(0), std::int64_t{128});
        QCOMPARE(f.bucketForLevel(280).value_or(0), std::int64_t{384});
        QVERIFY(!f.bucketForLevel(560)); // not compiled
        QCOMPARE(f.bucketFor(200).value_or(0), std::int64_t{256});
        // Graph order follows input_info (written descending: 280, 140, 70).
        QCOMPARE(f.visionGraphIndex(280).value_or(-1), 0);
        QCOMPARE(f.visionGraphIndex(70).value_or(-1), 2);
        QCOMPARE(f.projectorGraphIndex(140).value_or(-1), 1);
        QVERIFY(!f.visionGraphIndex(560));
        QCOMPARE(f.maxSeqLen(), std::int64_t{4096});
        QCOMPARE(f.prefillChunkSize(), std::int64_t{128});
        QCOMPARE(f.attention().attnImpl, std::string("flash_attn"));
        QCOMPARE(f.attention().partitionLen.value_or(0), std::int64_t{1024});
        QCOMPARE(f.attention().blockSize, std::int64_t{1024});
        QCOMPARE(f.kvcacheNumBlocks().value_or(0), std::int64_t{5});
        QCOMPARE(f.slidingWindow().value_or(0), std::int64_t{512});
        QCOMPARE(f.slidingWindowLayers(), (std::vector<std::int64_t>{0}));
        QCOMPARE(f.decoderBatchSizes(), (std::vector<std::int64_t>{1}));
        QCOMPARE(f.npu().value_or(""), std::string("RBLN-CA25"));
        QCOMPARE(f.optimumRblnVersion().value_or(""), std::string("0.11.0"));
        QCOMPARE(f.modelConfig().text.vocabSize, std::int64_t{32});
        QCOMPARE(f.generationConfig().eosTokenIds, (std::vector<std::int64_t>{1, 106, 50}));
        QCOMPARE(f.imagePrefillGraph(256), path / "language_model" / "image_prefill_256.rbln");
        QVERIFY(std::filesystem::exists(f.imagePrefillGraph(256)));
        QVERIFY(std::filesystem::exists(f.decoderGraph(1)));
        QVERIFY(std::filesystem::exists(f.visionGraph()));
        QVERIFY(std::filesystem::exists(f.projectorGraph()));
        QVERIFY(f.chatTemplate().empty()); // template lives in tokenizer_config.json here
        for (const FolderFile& file : f.files())
            QVERIFY2(file.present || !file.required, file.relativePath.c_str());
    }

    void derivesBucketsWhenAbsent() {
        QTemporaryDir dir;
        const std::filesystem::path path = dir.path().toStdString();
        TinyFolder t;
        t.rbln["language_model"].erase("image_prefill_chunk_size");
        t.write(path);
        const ModelFolder f = ModelFolder::open(path);
        QVERIFY2(f.usable(), joined(f.problems()).c_str());
        QCOMPARE(f.imagePrefillBuckets(), (std::vector<std::int64_t>{128, 256, 384}));
    }

    void acceptsPluralKeyAndIntValues() {
        QTemporaryDir dir;
        const std::filesystem::path path = dir.path().toStdString();
        TinyFolder t;
        auto& lm = t.rbln["language_model"];
        lm.erase("image_prefill_chunk_size");
        lm["image_prefill_chunk_sizes"] = 384; // alpha spelling, int
        lm["_compile_cfgs"] =
            json::array({lm["_compile_cfgs"][0], lm["_compile_cfgs"][1], lm["_compile_cfgs"][4]});
        t.write(path);
        const ModelFolder f = ModelFolder::open(path);
        QVERIFY2(f.usable(), joined(f.problems()).c_str());
        QCOMPARE(f.imagePrefillBuckets(), (std::vector<std::int64_t>{384}));
        QCOMPARE(f.bucketForLevel(70).value_or(0), std::int64_t{384});
    }

    void listsEveryProblem_data() {
        QTest::addColumn<int>("variant");
        QTest::addColumn<Strings>("problems");
        QTest::newRow("missing graph file")
            << 0 << Strings{"image_prefill_256.rbln: missing (graph)"};
        QTest::newRow("unused bucket and bad max_seq_len together")
            << 1
            << Strings{"rbln_config.json: language_model.image_prefill_chunk_size: buckets [1152] "
                       "are never used",
                       "rbln_config.json: language_model.max_seq_len: 5000 must be a multiple of "
                       "kvcache_partition_len (1024)",
                       "language_model._compile_cfgs: no entry for graph 'image_prefill_1152'",
                       "language_model/image_prefill_1152.rbln: missing (graph)"};
        QTest::newRow("compile cfgs lack a bucket graph")
            << 2
            << Strings{"language_model._compile_cfgs: no entry for graph 'image_prefill_128'",
                       "language_model/image_prefill_128.rbln: missing (graph)"};
        QTest::newRow("weights missing and tokenizer missing")
            << 3
            << Strings{"vision_tower/torch_artifacts.pth: missing (weights)",
                       "tokenizer.json: missing (tokenizer)"};
        QTest::newRow("embedding shape disagrees with config.json")
            << 4
            << Strings{"torch_artifacts.pth: tensor embed_tokens.weight has shape [16, 8], "
                       "config.json implies [32, 8]"};
        QTest::newRow("malformed json and a bad field")
            << 5
            << Strings{"config.json: invalid JSON",
                       R"(language_model.max_seq_len: expected a positive integer, got "abc")",
                       "language_model.max_seq_len: required field is missing"};
        QTest::newRow("unsupported level and pooling mismatch")
            << 6
            << Strings{"vision_tower.max_soft_tokens: 300 is not a Gemma 4 detail level",
                       "vision_tower.pooling_kernel_size is 2 but"};
        QTest::newRow("not a gemma4 model")
            << 7 << Strings{"model_type: 'llama' is not a Gemma 4 model"};
        QTest::newRow("malicious weights") << 8 << Strings{"refused global 'posix.system'"};
        // Issue 17 finding 11: 3 * patch_size^2 overflowed a signed 64-bit product.
        QTest::newRow("shape product overflows")
            << 9
            << Strings{"config.json: the shape of patch_embedder.input_proj.weight overflows 64 "
                       "bits"};
        // Issue 17 finding 4: 100,000 levels under an unused key overflowed the stack.
        QTest::newRow("deeply nested rbln_config.json")
            << 10 << Strings{"rbln_config.json: JSON nested deeper than 128 levels"};
        // Issue 17 finding 8: a FIFO as config.json blocked the open forever.
        QTest::newRow("config.json is a FIFO")
            << 11 << Strings{"config.json: not a regular file (a FIFO)"};
    }
    void listsEveryProblem() {
        QFETCH(int, variant);
        QFETCH(Strings, problems);
        QTemporaryDir dir;
        const std::filesystem::path path = dir.path().toStdString();
        TinyFolder t;
        auto& lm = t.rbln["language_model"];
        switch (variant) {
        case 1:
            lm["image_prefill_chunk_size"] = {1152, 384, 256, 128};
            lm["max_seq_len"] = 5000;
            break;
        case 2:
            lm["_compile_cfgs"].erase(3);
            break;
        case 5:
            lm["max_seq_len"] = "abc";
            break;
        case 6:
            t.rbln["vision_tower"]["max_soft_tokens"] = {300, 140, 70};
            t.rbln["vision_tower"]["pooling_kernel_size"] = 2;
            break;
        case 7:
            t.config["model_type"] = "llama";
            break;
        case 9:
            t.config["vision_config"]["patch_size"] = std::int64_t{1} << 62;
            t.rbln["vision_tower"]["patch_size"] = std::int64_t{1} << 62;
            break;
        default:
            break;
        }
        t.write(path);
        switch (variant) {
        case 0:
            std::filesystem::remove(path / "language_model" / "image_prefill_256.rbln");
            break;
        case 3:
            std::filesystem::remove(path / "vision_tower" / "torch_artifacts.pth");
            std::filesystem::remove(path / "tokenizer.json");
            break;
        case 4:
            writeTorchArtifacts(
                path / "language_model" / "torch_artifacts.pth", "x",
                {{"embed_tokens",
                  {{"weight", DType::BFloat16, {16, 8}, std::vector<std::byte>(256)}}}});
            break;
        case 5:
            std::ofstream(path / "config.json") << "{\"model_type\": ";
            break;
        case 10: {
            std::string text = t.rbln.dump();
            text.pop_back();
            const size_t levels = 100'000;
            std::ofstream(path / "rbln_config.json")
                << text << R"(, "unused": )" << std::string(levels, '[') << std::string(levels, ']')
                << "}";
            break;
        }
        case 11:
            std::filesystem::remove(path / "config.json");
            QCOMPARE(::mkfifo((path / "config.json").c_str(), 0600), 0);
            break;
        case 8:
            std::filesystem::copy_file(facet::test::dataDir() / "pth" / "malicious.pth",
                                       path / "vision_tower" / "torch_artifacts.pth",
                                       std::filesystem::copy_options::overwrite_existing);
            break;
        default:
            break;
        }
        const ModelFolder f = ModelFolder::open(path);
        QVERIFY(!f.usable());
        expectProblems(f, problems);
    }

    void notADirectory() {
        const ModelFolder f = ModelFolder::open("/nonexistent/model");
        QVERIFY(!f.usable());
        QCOMPARE(f.problems(), (Strings{"/nonexistent/model: not a directory"}));
    }
};

QTEST_APPLESS_MAIN(ModelFolderTest)
#include "test_model_folder.moc"
