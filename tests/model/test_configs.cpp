// Config readers: rbln_config.json (both bucket-key spellings, int-or-list values,
// _compile_cfgs with input_info, unknown keys kept), config.json and generation_config.json,
// and error messages that name the file and the field.
#include "model/graph_dtypes.h"
#include "model/model_config.h"
#include "model/rbln_config.h"

#include <nlohmann/json.hpp>

#include <QTest>

using namespace facet::model;
using nlohmann::json;

namespace {

RblnConfig rbln(const json& j, Problems& problems) {
    return parseRblnConfig("rbln_config.json", j, problems);
}

} // namespace

class ConfigsTest : public QObject {
    Q_OBJECT
private slots:
    void readsRblnConfig() {
        const json j = json::parse(R"({
          "cls_name": "RBLNGemma4ForConditionalGenerationConfig", "dtype": "bfloat16",
          "optimum_rbln_version": "0.11.0", "batch_size": 1, "future_key": [1, 2],
          "_compile_cfgs": [{"compiled_model_name": "compiled_model", "npu": "RBLN-CR03",
             "num_devices": null,
             "input_info": [[["image_features", [1, 1120, 1152], "float32"]],
                            [["image_features", [1, 280, 1152], "float32"]]]}],
          "vision_tower": {"max_soft_tokens": [1120, 280], "pooling_kernel_size": 3,
             "patch_size": 16, "batch_size": 1, "_compile_cfgs": []},
          "language_model": {"max_seq_len": 262144, "prefill_chunk_size": 128,
             "kvcache_partition_len": 8192, "kvcache_block_size": 8192,
             "kvcache_num_blocks": 0, "attn_impl": "flash_attn", "batch_size": 1,
             "decoder_batch_sizes": [1], "sliding_window": 1024,
             "sliding_window_layers": [0, 1, 2, 3, 4], "image_prefill_chunk_size": [1152, 384],
             "phases": ["prefill", "image_prefill", "decode"], "cache_impl": "hybrid",
             "_compile_cfgs": [{"compiled_model_name": "prefill", "npu": "RBLN-CR03",
                "num_devices": 1, "input_info": [["inputs_embeds", [1, 128, 5376], "bfloat16"],
                                                 ["cache_position", [1, 128], "int32"]]}]}
        })");
        Problems problems;
        const RblnConfig c = rbln(j, problems);
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems[0].c_str());
        QCOMPARE(c.optimumRblnVersion.value_or(""), std::string("0.11.0"));
        QCOMPARE(c.npu().value_or(""), std::string("RBLN-CR03"));
        QCOMPARE(c.compileCfgs.size(), size_t{1});
        QCOMPARE(c.compileCfgs[0].inputInfo.size(), size_t{2}); // one set per level
        QCOMPARE(c.compileCfgs[0].inputInfo[1][0].shape, (std::vector<std::int64_t>{1, 280, 1152}));
        QVERIFY(!c.compileCfgs[0].numDevices);
        QCOMPARE(c.visionTower.maxSoftTokens, (std::vector<std::int64_t>{1120, 280}));
        const auto& lm = c.languageModel;
        QCOMPARE(lm.bucketKey, BucketKey::Singular);
        QCOMPARE(lm.imagePrefillChunkSizes, (std::vector<std::int64_t>{1152, 384}));
        QCOMPARE(lm.maxSeqLen.value_or(0), std::int64_t{262144});
        QCOMPARE(lm.kvcacheNumBlocks.value_or(-1), std::int64_t{0});
        QCOMPARE(lm.slidingWindowLayers.size(), size_t{5});
        QCOMPARE(lm.compileCfgs[0].inputInfo.size(), size_t{1}); // a single set
        QCOMPARE(lm.compileCfgs[0].inputInfo[0][1].name, std::string("cache_position"));
        QCOMPARE(lm.compileCfgs[0].inputInfo[0][1].dtype, std::string("int32"));
        QVERIFY(c.raw && c.raw->at("future_key") == json({1, 2})); // unknown keys kept
    }

    void bucketKeySpellings_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("key");
        QTest::addColumn<QList<qint64>>("buckets");
        QTest::newRow("singular list") << R"({"image_prefill_chunk_size": [640, 384]})"
                                       << int(BucketKey::Singular) << QList<qint64>{640, 384};
        QTest::newRow("singular int") << R"({"image_prefill_chunk_size": 384})"
                                      << int(BucketKey::Singular) << QList<qint64>{384};
        QTest::newRow("plural list (alphas)") << R"({"image_prefill_chunk_sizes": [1152, 640]})"
                                              << int(BucketKey::Plural) << QList<qint64>{1152, 640};
        QTest::newRow("plural int") << R"({"image_prefill_chunk_sizes": 256})"
                                    << int(BucketKey::Plural) << QList<qint64>{256};
        QTest::newRow("absent") << R"({})" << int(BucketKey::Absent) << QList<qint64>{};
        QTest::newRow("null is absent")
            << R"({"image_prefill_chunk_size": null})" << int(BucketKey::Absent) << QList<qint64>{};
    }
    void bucketKeySpellings() {
        QFETCH(QString, language);
        QFETCH(int, key);
        QFETCH(QList<qint64>, buckets);
        json j = {{"vision_tower", {{"max_soft_tokens", 280}}},
                  {"language_model", json::parse(language.toStdString())}};
        Problems problems;
        const RblnConfig c = rbln(j, problems);
        QVERIFY(problems.empty());
        QCOMPARE(int(c.languageModel.bucketKey), key);
        QCOMPARE(c.languageModel.imagePrefillChunkSizes,
                 std::vector<std::int64_t>(buckets.begin(), buckets.end()));
        QCOMPARE(c.visionTower.maxSoftTokens, (std::vector<std::int64_t>{280})); // int -> list
    }

    void namesFileAndFieldInErrors() {
        const json j = json::parse(R"({
          "batch_size": "one",
          "vision_tower": {"max_soft_tokens": [280, "x"]},
          "language_model": {"max_seq_len": "abc", "prefill_chunk_size": -128,
             "image_prefill_chunk_size": 3.5, "attn_impl": 7,
             "_compile_cfgs": [{"compiled_model_name": "prefill", "input_info": [["x", "y"]]}]}
        })");
        Problems problems;
        (void)rbln(j, problems);
        const std::vector<std::string> expected = {
            R"(rbln_config.json: batch_size: expected a positive integer, got "one")",
            R"(rbln_config.json: vision_tower.max_soft_tokens: expected a positive integer or a non-empty list of them, got [280,"x"])",
            R"(rbln_config.json: language_model.max_seq_len: expected a positive integer, got "abc")",
            R"(rbln_config.json: language_model.prefill_chunk_size: expected a positive integer, got -128)",
            R"(rbln_config.json: language_model.attn_impl: expected a string, got 7)",
            R"(rbln_config.json: language_model.image_prefill_chunk_size: expected a positive integer or a non-empty list of them, got 3.5)",
            R"(rbln_config.json: language_model._compile_cfgs[0].input_info: expected [name, [dims], dtype] entries (or a list of such sets))",
        };
        std::string all;
        for (const auto& p : problems)
            all += p + "\n";
        QCOMPARE(problems.size(), expected.size());
        for (const auto& e : expected)
            QVERIFY2(std::find(problems.begin(), problems.end(), e) != problems.end(),
                     qPrintable(QString::fromStdString("missing: " + e + "\ngot:\n" + all)));
    }

    void missingSections() {
        Problems problems;
        (void)rbln(json::object(), problems);
        QCOMPARE(problems.size(), size_t{2});
        QCOMPARE(problems[0],
                 std::string("rbln_config.json: vision_tower: required field is missing"));
    }

    void readsModelConfig() {
        const json j = json::parse(R"({
          "model_type": "gemma4", "image_token_id": 258880, "boi_token_id": 255999,
          "eoi_token_id": 258882, "video_token_id": 258884,
          "text_config": {"hidden_size": 5376, "num_hidden_layers": 2,
            "num_attention_heads": 32, "num_key_value_heads": 16,
            "num_global_key_value_heads": 4, "head_dim": 256, "global_head_dim": 512,
            "vocab_size": 262144, "max_position_embeddings": 262144,
            "layer_types": ["sliding_attention", "full_attention"], "sliding_window": 1024,
            "final_logit_softcapping": 30.0, "rms_norm_eps": 1e-6,
            "hidden_size_per_layer_input": 0,
            "rope_parameters": {
              "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0},
              "full_attention": {"rope_type": "proportional", "rope_theta": 1000000.0,
                                 "partial_rotary_factor": 0.25}}},
          "vision_config": {"hidden_size": 1152, "num_hidden_layers": 27,
            "num_attention_heads": 16, "head_dim": 72, "patch_size": 16,
            "pooling_kernel_size": 3, "position_embedding_size": 10240, "standardize": true,
            "rope_parameters": {"rope_type": "default", "rope_theta": 100.0}}
        })");
        Problems problems;
        const ModelConfig c = parseModelConfig("config.json", j, problems);
        QVERIFY(problems.empty());
        QCOMPARE(c.imageTokenId, std::int64_t{258880});
        QCOMPARE(c.eoiTokenId, std::int64_t{258882});
        QCOMPARE(c.text.globalHeadDim.value_or(0), std::int64_t{512});
        QCOMPARE(c.text.numGlobalKeyValueHeads.value_or(0), std::int64_t{4});
        QCOMPARE(c.text.rope.at("full_attention").ropeType, std::string("proportional"));
        QCOMPARE(c.text.rope.at("full_attention").partialRotaryFactor.value_or(0), 0.25);
        QCOMPARE(c.text.rope.at("sliding_attention").ropeTheta, 10000.0);
        QCOMPARE(c.text.finalLogitSoftcapping.value_or(0), 30.0);
        QCOMPARE(c.vision.standardize, true);
        QCOMPARE(c.vision.ropeTheta, 100.0);
        QCOMPARE(c.vision.positionEmbeddingSize, std::int64_t{10240});
    }

    void modelConfigErrors() {
        const json j = json::parse(R"({"text_config": {"hidden_size": 0, "num_hidden_layers": 3,
            "num_attention_heads": 2, "num_key_value_heads": 1, "head_dim": 4,
            "layer_types": ["full_attention"]}, "vision_config": []})");
        Problems problems;
        (void)parseModelConfig("config.json", j, problems);
        const std::vector<std::string> expected = {
            "config.json: text_config.hidden_size: expected a positive integer, got 0",
            "config.json: text_config.vocab_size: required field is missing",
            "config.json: text_config.layer_types: has 1 entries but num_hidden_layers is 3",
            "config.json: vision_config: expected an object, got []",
        };
        for (const auto& e : expected)
            QVERIFY2(std::find(problems.begin(), problems.end(), e) != problems.end(), e.c_str());
    }

    // optimum-rbln 0.12's language_model: cache_metas (renamed from kvcache_metas) and the new
    // _requires_batch_sort, which changes nothing for batch 1; real-shaped (31B, layers 0 and 5).
    void readsBothCacheMetaSpellings_data() {
        QTest::addColumn<QString>("key");
        QTest::newRow("0.12 cache_metas") << "cache_metas";
        QTest::newRow("0.11 kvcache_metas") << "kvcache_metas";
    }
    void readsBothCacheMetaSpellings() {
        QFETCH(QString, key);
        json j = json::parse(R"({"dtype": "bfloat16", "optimum_rbln_version": "0.12.0",
          "_compile_cfgs": [{"compiled_model_name": "compiled_model", "npu": "RBLN-CR03",
             "num_devices": 1,
             "input_info": [[["image_features", [1, 280, 1152], "bfloat16"]]]}],
          "vision_tower": {"max_soft_tokens": [280]},
          "language_model": {"dtype": "bfloat16", "max_seq_len": 262144,
            "_requires_batch_sort": false, "prefill_chunk_size": 512}})");
        j["language_model"][key.toStdString()] = json::parse(R"([
          {"name": "past_key_values_0", "layer_index": 0, "shape": [1, 16, 1024, 256],
           "layer_type": "sliding_attention", "is_auto": false, "dtype": "bfloat16"},
          {"name": "past_key_values_10", "layer_index": 5, "shape": [16, 4, 16384, 512],
           "layer_type": "full_attention", "is_auto": true, "dtype": "bfloat16"}])");
        Problems problems;
        const RblnConfig c = rbln(j, problems);
        QVERIFY(problems.empty());
        QCOMPARE(QString::fromStdString(c.languageModel.cacheMetasKey), key);
        QCOMPARE(c.languageModel.cacheMetas.size(), std::size_t{2});
        QCOMPARE(c.languageModel.cacheMetas[1].layerIndex.value_or(-1), std::int64_t{5});
        QCOMPARE(c.languageModel.cacheMetas[1].shape,
                 (std::vector<std::int64_t>{16, 4, 16384, 512}));
        QVERIFY(graphDtypeProblems("rbln_config.json", c).empty());
        QCOMPARE(detectLayout(c).name, std::string("optimum-rbln 0.12"));
    }

    // transformers >= 5.15 writes per_layer_config instead of global_head_dim and
    // num_global_key_value_heads (31B: head_dim 256, full layers 512 with 4 KV heads).
    void readsPerLayerConfig() {
        const json j = json::parse(R"({"model_type": "gemma4",
          "text_config": {"hidden_size": 5376, "num_hidden_layers": 6,
            "num_attention_heads": 32, "num_key_value_heads": 16, "head_dim": 256,
            "vocab_size": 262144, "attention_k_eq_v": true,
            "layer_types": ["sliding_attention", "sliding_attention", "sliding_attention",
                            "sliding_attention", "sliding_attention", "full_attention"],
            "per_layer_config": {"5": {"head_dim": 512, "num_key_value_heads": 4}}},
          "vision_config": {"hidden_size": 1152, "num_hidden_layers": 27,
            "num_attention_heads": 16, "head_dim": 72}})");
        Problems problems;
        const ModelConfig c = parseModelConfig("config.json", j, problems);
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().c_str());
        QVERIFY(c.text.perLayerConfig);
        QCOMPARE(c.text.headDim, std::int64_t{256});
        QCOMPARE(c.text.globalHeadDim.value_or(0), std::int64_t{512});
        QCOMPARE(c.text.numGlobalKeyValueHeads.value_or(0), std::int64_t{4});
        json bad = j;
        bad["text_config"]["per_layer_config"]["2"] = {{"head_dim", 128}};
        Problems badProblems;
        (void)parseModelConfig("config.json", bad, badProblems);
        QCOMPARE(badProblems.size(), std::size_t{1});
        QVERIFY(badProblems.front().find("per_layer_config.2.head_dim") != std::string::npos);
    }

    // What the host does not feed as optimum-rbln does is refused, naming graph, input, dtype.
    void refusesOtherDtypesAndSeveralDevices_data() {
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("expected");
        QTest::newRow("float16 activations")
            << R"({"language_model": {"_compile_cfgs": [{"compiled_model_name": "prefill",
                 "input_info": [["inputs_embeds", [1, 128, 5376], "float16"]]}]}})"
            << "graph language_model/prefill, input inputs_embeds is float16";
        QTest::newRow("fp8 KV cache")
            << R"({"language_model": {"cache_metas": [{"name": "past_key_values_0",
                 "dtype": "float8_e4m3fn"}]}})"
            << "cache_metas past_key_values_0 is float8_e4m3fn";
        QTest::newRow("quantized activations")
            << R"({"language_model": {"quantization": {"weights": "fp8", "activations": "fp8"}}})"
            << "quantization.activations is \"fp8\"";
        QTest::newRow("int8 projector input")
            << R"({"_compile_cfgs": [{"compiled_model_name": "compiled_model",
                 "input_info": [[["image_features", [1, 280, 1152], "int8"]]]}]})"
            << "graph compiled_model, input image_features is int8";
        QTest::newRow("several devices")
            << R"({"language_model": {"_compile_cfgs": [{"compiled_model_name": "prefill",
                 "num_devices": 4, "input_info": []}]}})"
            << "compiled for 4 devices (num_devices); this app runs one NPU";
    }
    void refusesOtherDtypesAndSeveralDevices() {
        QFETCH(QString, patch);
        QFETCH(QString, expected);
        json j = json::parse(R"({"dtype": "bfloat16", "vision_tower": {},
          "language_model": {"max_seq_len": 8192}})");
        j.merge_patch(json::parse(patch.toStdString()));
        Problems problems;
        const RblnConfig c = rbln(j, problems);
        QVERIFY(problems.empty());
        const auto found = graphDtypeProblems("rbln_config.json", c);
        QCOMPARE(found.size(), std::size_t{1});
        QVERIFY2(found.front().find(expected.toStdString()) != std::string::npos,
                 found.front().c_str());
        QVERIFY(found.front().rfind("rbln_config.json: ", 0) == 0);
    }

    void readsGenerationConfig_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QList<qint64>>("eos");
        QTest::newRow("eos list") << R"({"eos_token_id": [1, 106, 50]})"
                                  << QList<qint64>{1, 106, 50};
        QTest::newRow("eos int") << R"({"eos_token_id": 1})" << QList<qint64>{1};
        QTest::newRow("eos absent") << R"({})" << QList<qint64>{};
    }
    void readsGenerationConfig() {
        QFETCH(QString, text);
        QFETCH(QList<qint64>, eos);
        json j = json::parse(text.toStdString());
        j["do_sample"] = true;
        j["top_k"] = 64;
        j["top_p"] = 0.95;
        j["temperature"] = 0.7;
        j["max_new_tokens"] = 512;
        j["pad_token_id"] = 0;
        j["bos_token_id"] = 2;
        Problems problems;
        const GenerationConfig g = parseGenerationConfig("generation_config.json", j, problems);
        QVERIFY(problems.empty());
        QCOMPARE(g.eosTokenIds, std::vector<std::int64_t>(eos.begin(), eos.end()));
        QVERIFY(g.doSample);
        QCOMPARE(g.topK, std::int64_t{64});
        QCOMPARE(g.topP, 0.95);
        QCOMPARE(g.temperature, 0.7);
        QCOMPARE(g.maxNewTokens.value_or(0), std::int64_t{512});
        QCOMPARE(g.bosTokenId.value_or(-1), std::int64_t{2});
    }

    void generationConfigErrors() {
        const json j = json::parse(R"({"eos_token_id": ["1"], "top_p": 1.5, "do_sample": "yes"})");
        Problems problems;
        (void)parseGenerationConfig("generation_config.json", j, problems);
        const std::vector<std::string> expected = {
            R"(generation_config.json: do_sample: expected true or false, got "yes")",
            "generation_config.json: top_p: must lie in [0, 1], got 1.500000",
            R"(generation_config.json: eos_token_id: expected a list of integers, got ["1"])",
        };
        QCOMPARE(problems.size(), expected.size());
        for (const auto& e : expected)
            QVERIFY2(std::find(problems.begin(), problems.end(), e) != problems.end(), e.c_str());
    }
};

QTEST_APPLESS_MAIN(ConfigsTest)
#include "test_configs.moc"
