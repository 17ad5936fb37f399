// optimum-rbln's attention rules for the language model (modeling_attention_utils.py
// set_default_values / validate_attention_method / validate_sliding_window, with the per-NPU
// limits of get_attention_limits) and the base-config rules, table-driven.
#include "model/attention_rules.h"

#include <QTest>

using namespace facet::model;
using Strings = std::vector<std::string>;
Q_DECLARE_METATYPE(Strings)
Q_DECLARE_METATYPE(LanguageModelRblnConfig)

namespace {

const QString kRebel100 = "RBLN-CR03";
const QString kAtom = "RBLN-CA25";

LanguageModelRblnConfig flash(std::int64_t maxSeqLen, std::int64_t partition,
                              std::optional<std::int64_t> block = std::nullopt) {
    LanguageModelRblnConfig lm;
    lm.maxSeqLen = maxSeqLen;
    lm.attnImpl = "flash_attn";
    lm.kvcachePartitionLen = partition;
    lm.kvcacheBlockSize = block.value_or(partition);
    lm.prefillChunkSize = 128;
    return lm;
}

LanguageModelRblnConfig eager(std::int64_t maxSeqLen) {
    LanguageModelRblnConfig lm;
    lm.maxSeqLen = maxSeqLen;
    lm.attnImpl = "eager";
    lm.prefillChunkSize = 128;
    return lm;
}

template <typename F> LanguageModelRblnConfig with(LanguageModelRblnConfig lm, F change) {
    change(lm);
    return lm;
}

} // namespace

class AttentionRulesTest : public QObject {
    Q_OBJECT
private slots:
    void rules_data() {
        QTest::addColumn<LanguageModelRblnConfig>("lm");
        QTest::addColumn<QString>("npu"); // empty = none named
        QTest::addColumn<Strings>("problems");
        QTest::newRow("tutorial Rebel100: 262144 / 8192 flash")
            << flash(262144, 8192) << kRebel100 << Strings{};
        QTest::newRow("Rebel100 partition 16384 (upper bound)")
            << flash(262144, 16384) << kRebel100 << Strings{};
        QTest::newRow("Rebel100 partition 1024 (lower bound)")
            << flash(2048, 1024) << kRebel100 << Strings{};
        QTest::newRow("Rebel100 partition 32768 too large")
            << flash(262144, 32768) << kRebel100
            << Strings{"kvcache_partition_len: 32768 is outside the REBEL range [1024, 16384]"};
        QTest::newRow("ATOM partition 32768 allowed") << flash(262144, 32768) << kAtom << Strings{};
        QTest::newRow("partition 512 too small")
            << flash(8192, 512) << kAtom
            << Strings{"kvcache_partition_len: 512 is outside the ATOM range [1024, 32768]"};
        QTest::newRow("max_seq_len not a multiple of the partition")
            << flash(10000, 4096) << kRebel100
            << Strings{"max_seq_len: 10000 must be a multiple of kvcache_partition_len (4096)"};
        QTest::newRow("max_seq_len only one partition")
            << flash(8192, 8192) << kRebel100 << Strings{"and at least twice it"};
        QTest::newRow("flash block differs from partition")
            << flash(262144, 8192, 4096) << kRebel100
            << Strings{"kvcache_block_size: 4096 must equal kvcache_partition_len (8192)"};
        QTest::newRow("flash without partition takes the NPU default (REBEL 8192)")
            << with(flash(16384, 8192),
                    [](auto& l) {
                        l.kvcachePartitionLen.reset();
                        l.kvcacheBlockSize.reset();
                    })
            << kRebel100 << Strings{};
        QTest::newRow("partition without attn_impl switches to flash")
            << with(flash(16384, 4096), [](auto& l) { l.attnImpl.reset(); }) << kAtom << Strings{};
        QTest::newRow("eager 32768 on ATOM") << eager(32768) << kAtom << Strings{};
        QTest::newRow("eager with no NPU named uses ATOM limits")
            << eager(32768) << "" << Strings{};
        QTest::newRow("eager 32768 on Rebel100 too long")
            << eager(32768) << kRebel100
            << Strings{"max_seq_len: 32768 exceeds the REBEL limit of 16384 for eager attention"};
        QTest::newRow("eager block differs from max_seq_len")
            << with(eager(8192), [](auto& l) { l.kvcacheBlockSize = 4096; }) << kAtom
            << Strings{"kvcache_block_size: 4096 must equal max_seq_len (8192)"};
        QTest::newRow("unknown attn_impl")
            << with(eager(8192), [](auto& l) { l.attnImpl = "paged"; }) << kAtom
            << Strings{"attn_impl: unknown 'paged'"};
        QTest::newRow("unknown NPU")
            << flash(262144, 8192) << "RBLN-XX1" << Strings{"unknown NPU 'RBLN-XX1'"};
        QTest::newRow("prefill chunk not a multiple of 64")
            << with(flash(262144, 8192), [](auto& l) { l.prefillChunkSize = 100; }) << kRebel100
            << Strings{"prefill_chunk_size: 100 is not a positive multiple of 64"};
        QTest::newRow("sliding window at the ATOM limit")
            << with(flash(262144, 8192), [](auto& l) { l.slidingWindow = 32768 - 128; }) << kAtom
            << Strings{};
        QTest::newRow("sliding window over the ATOM limit")
            << with(flash(262144, 8192), [](auto& l) { l.slidingWindow = 32768 - 127; }) << kAtom
            << Strings{"sliding_window: 32641 exceeds 32640 on ATOM"};
        QTest::newRow("sliding window over the REBEL limit")
            << with(flash(262144, 8192), [](auto& l) { l.slidingWindow = 32640; }) << kRebel100
            << Strings{"sliding_window: 32640 exceeds 32639 on REBEL"};
        QTest::newRow("decoder batch larger than batch_size")
            << with(flash(262144, 8192),
                    [](auto& l) {
                        l.decoderBatchSizes = {2, 1};
                    })
            << kRebel100 << Strings{"decoder_batch_sizes: 2 exceeds batch_size (1)"};
        QTest::newRow("use_attention_mask false")
            << with(flash(262144, 8192), [](auto& l) { l.useAttentionMask = false; }) << kRebel100
            << Strings{"use_attention_mask: must be true"};
        QTest::newRow("several problems at once")
            << with(flash(10000, 32768, 1024), [](auto& l) { l.prefillChunkSize = 96; })
            << kRebel100
            << Strings{"prefill_chunk_size: 96", "max_seq_len: 10000 must be a multiple",
                       "kvcache_partition_len: 32768 is outside", "kvcache_block_size: 1024"};
    }
    void rules() {
        QFETCH(LanguageModelRblnConfig, lm);
        QFETCH(QString, npu);
        QFETCH(Strings, problems);
        const std::optional<std::string> npuName =
            npu.isEmpty() ? std::nullopt : std::optional(npu.toStdString());
        const auto resolved = resolveAttention(lm, *lm.maxSeqLen, npuName);
        const auto got = attentionProblems(lm, resolved, npuName);
        QString all;
        for (const auto& p : got)
            all += QString::fromStdString(p) + "\n";
        QVERIFY2(got.size() == problems.size(), qPrintable(all));
        for (size_t i = 0; i < problems.size(); ++i)
            QVERIFY2(got[i].find(problems[i]) != std::string::npos, qPrintable(all));
    }

    void defaults() {
        LanguageModelRblnConfig lm;
        lm.maxSeqLen = 4096;
        auto r = resolveAttention(lm, 4096, std::nullopt);
        QCOMPARE(r.attnImpl, std::string("eager"));
        QCOMPARE(r.blockSize, std::int64_t{4096});
        QCOMPARE(r.prefillChunkSize, std::int64_t{128});
        r = resolveAttention(lm, 4096, std::string("RBLN-CR03"));
        QCOMPARE(r.prefillChunkSize, std::int64_t{512}); // RBLN-CR default
        lm.attnImpl = "flash_attn";
        r = resolveAttention(lm, 65536, std::string("RBLN-CA25"));
        QCOMPARE(r.partitionLen.value_or(0), std::int64_t{16384});
        QCOMPARE(r.blockSize, std::int64_t{16384});
    }
};

QTEST_APPLESS_MAIN(AttentionRulesTest)
#include "test_attention_rules.moc"
