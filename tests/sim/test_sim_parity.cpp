// The simulator's paged, chunked graphs against its monolithic reference forward: a prompt of
// 1000 text tokens, a 60-token image run and 20 more text tokens is prefilled in chunks (the
// image chunk needs partition-alignment padding and crosses into the second KV block), then
// decoded greedily; every chunk's and step's logits must equal the reference's. Wrong inputs
// (mask, block table, cache position, positions, cache row) must change the result or fail.
#include "sim_test_support.h"
#include "test_paths.h"

#include "common/bf16.h"
#include "common/error.h"
#include "sim/reference.h"
#include "sim/sim_weights.h"
#include "sim/weight_generator.h"

#include <QTest>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>

using namespace facet;

namespace {

struct PlannedChunk {
    int64_t step, chunk, n, paddedBefore;
    bool image;
};

// rbln-host-algorithms.md §3.3, written again here for the test (text chunk C, image runs in
// the smallest bucket, no chunk straddling a partition).
std::vector<PlannedChunk> planChunks(const std::vector<int>& types, int64_t c,
                                     const std::vector<int64_t>& bucketsAscending,
                                     int64_t partition) {
    const auto q = static_cast<int64_t>(types.size());
    std::vector<PlannedChunk> plan;
    int64_t step = 0, padded = 0;
    while (step < q) {
        const int type = types[static_cast<size_t>(step)];
        int64_t run = 0;
        while (step + run < q && types[static_cast<size_t>(step + run)] == type &&
               (type > 0 || run < c))
            ++run;
        int64_t chunk = c;
        if (type > 0)
            chunk = *std::find_if(bucketsAscending.begin(), bucketsAscending.end(),
                                  [&](int64_t b) { return b >= run; });
        const int64_t offset = (step + padded) % partition;
        if (offset + chunk > partition)
            padded += partition - offset;
        plan.push_back({step, chunk, run, padded, type > 0});
        step += run;
    }
    return plan;
}

float maxDiff(const std::vector<uint16_t>& graph, const float* reference, size_t count) {
    float worst = 0.0f;
    for (size_t i = 0; i < count; ++i)
        worst = std::max(worst, std::fabs(bf16ToFloat(graph[i]) - reference[i]));
    return worst;
}

size_t argmax(const std::vector<uint16_t>& logits) {
    size_t best = 0;
    for (size_t i = 1; i < logits.size(); ++i)
        if (bf16ToFloat(logits[i]) > bf16ToFloat(logits[best]))
            best = i;
    return best;
}

} // namespace

class SimParityTest : public QObject {
    Q_OBJECT

    std::filesystem::path folder_;
    sim::SimModelOptions options_;
    std::shared_ptr<device::RuntimeLibrary> runtime_;

    std::vector<uint16_t> embeddingRow(size_t token) const {
        // Gemma4TextScaledWordEmbedding: bf16(weight * bf16(sqrt(H))), H = 64 -> 8.
        const auto table = sim::embeddingTable(options_.seed, options_.text);
        const auto h = static_cast<uint64_t>(options_.text.hidden);
        std::vector<uint16_t> row(h);
        for (uint64_t i = 0; i < h; ++i) {
            const float w = roundToBf16(table.generated->scale *
                                        sim::uniformAt(table.generated->seed, token * h + i));
            row[i] = floatToBf16(w * 8.0f);
        }
        return row;
    }

private slots:
    void initTestCase() {
        folder_ = facet::test::dataDir() / ("parity-model-" + simtest::optimumRblnLayout());
        options_ = simtest::writeSmallFolder(folder_);
        runtime_ = device::RuntimeLibrary::load(); // FACET_RBLN_RUNTIME from ctest
        QVERIFY(runtime_->isSimulator());
    }

    void chunkedPrefillAndDecodeMatchReference() {
        const int64_t h = options_.text.hidden, vocab = options_.text.vocab;
        const int64_t msl = 2048, block = 1024, c = 128;
        const auto lmCfg = simtest::readJson(folder_ / "language_model" / "rbln_config.json");
        auto prefill =
            simtest::openGraph(runtime_, folder_, "language_model/prefill.rbln", "prefill", 0,
                               simtest::inputsFromConfig(lmCfg, "prefill"));
        auto image = simtest::openGraph(runtime_, folder_, "language_model/image_prefill_128.rbln",
                                        "image_prefill_128", 0,
                                        simtest::inputsFromConfig(lmCfg, "image_prefill_128"));
        auto decoder = simtest::openGraph(runtime_, folder_, "language_model/decoder_batch_1.rbln",
                                          "decoder_batch_1", 0,
                                          simtest::inputsFromConfig(lmCfg, "decoder_batch_1"));

        // Prompt: 1000 text, 60 image soft tokens, 20 text.
        std::vector<int> types(1000, 0);
        types.resize(1060, 1);
        types.resize(1080, 0);
        const auto q = static_cast<int64_t>(types.size());
        std::mt19937 rng(1234);
        auto embeds = simtest::randomBf16(rng, static_cast<size_t>(q * h), 2.0f);

        const auto plan = planChunks(types, c, {128, 256}, block);
        QCOMPARE(plan.size(), size_t(10));
        QCOMPARE(plan[8].paddedBefore, int64_t(24)); // the image chunk moves to slot 1024
        QVERIFY(plan[8].image);

        // Physical blocks deliberately not the identity: logical block j -> table[j].
        const std::vector<int16_t> table{2, 0};
        std::vector<uint16_t> mask(static_cast<size_t>(msl), 0);
        std::vector<int64_t> checkRows;
        std::vector<std::vector<uint16_t>> graphLogits;
        for (const auto& ch : plan) {
            auto& graph = ch.image ? *image : *prefill;
            std::vector<uint16_t> in(static_cast<size_t>(ch.chunk * h), 0);
            std::vector<int32_t> cachePos(static_cast<size_t>(ch.chunk)), posIds(cachePos.size());
            for (int64_t i = 0; i < ch.chunk; ++i) {
                const int64_t p = ch.step + i;
                if (p < q)
                    std::copy_n(&embeds[static_cast<size_t>(p * h)], h,
                                &in[static_cast<size_t>(i * h)]);
                posIds[static_cast<size_t>(i)] = static_cast<int32_t>(p < q ? p : 0);
                cachePos[static_cast<size_t>(i)] =
                    static_cast<int32_t>(posIds[static_cast<size_t>(i)] + ch.paddedBefore);
            }
            for (int64_t i = 0; i < ch.n; ++i)
                mask[static_cast<size_t>(ch.step + ch.paddedBefore + i)] = kBf16OneBits;
            simtest::setInput(graph, 0, in);
            simtest::setInput(graph, 1, cachePos);
            simtest::setInput(graph, 2, table);
            simtest::setInput(graph, 3, std::vector<int16_t>{0});
            simtest::setInput(graph, 4, std::vector<int16_t>{static_cast<int16_t>(ch.n - 1)});
            simtest::setInput(graph, 5, mask);
            simtest::setInput(graph, 6, posIds);
            graph.run();
            std::vector<uint16_t> logits(static_cast<size_t>(vocab));
            graph.readOutput(0, logits.data(), logits.size() * 2);
            graphLogits.push_back(std::move(logits));
            checkRows.push_back(ch.step + ch.n - 1);
        }

        // Greedy decode: 4 steps; the 5th is the one the wrong-input checks use.
        const int64_t padded = plan.back().paddedBefore;
        int64_t length = q;
        auto decodeStep = [&](const std::vector<uint16_t>& embed, int32_t position, int32_t slot,
                              std::vector<int16_t> tables, std::vector<uint16_t> stepMask,
                              int16_t row) {
            simtest::setInput(*decoder, 0, embed);
            simtest::setInput(*decoder, 1, std::vector<int32_t>{slot});
            simtest::setInput(*decoder, 2, tables);
            simtest::setInput(*decoder, 3, std::vector<int16_t>{row});
            simtest::setInput(*decoder, 4, stepMask);
            simtest::setInput(*decoder, 5, std::vector<int32_t>{position});
            decoder->run();
            std::vector<uint16_t> logits(static_cast<size_t>(vocab));
            decoder->readOutput(0, logits.data(), logits.size() * 2);
            return logits;
        };
        for (int step = 0; step < 5; ++step) {
            const auto token = argmax(graphLogits.back());
            const auto row = embeddingRow(token);
            embeds.insert(embeds.end(), row.begin(), row.end());
            const auto slot = static_cast<int32_t>(length + padded);
            mask[static_cast<size_t>(slot)] = kBf16OneBits;
            const auto position = static_cast<int32_t>(length);
            if (step == 4)
                checkWrongInputsChangeLogits(decodeStep, row, position, slot, table, mask);
            const auto start = std::chrono::steady_clock::now();
            const auto cpuStart = std::clock();
            graphLogits.push_back(decodeStep(row, position, slot, table, mask, 0));
            const std::chrono::duration<double, std::milli> took =
                std::chrono::steady_clock::now() - start;
            const double cpuMs = 1000.0 * double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
            qInfo("decode step at position %d: %.1f ms wall, %.1f ms CPU (timing only)", position,
                  took.count(), cpuMs);
            checkRows.push_back(length);
            ++length;
        }

        const auto model = sim::loadReferenceModel(folder_);
        const std::vector<sim::BidirectionalSpan> spans{{1000, 60}};
        const auto reference = sim::referenceLogits(*model, embeds, spans, checkRows);
        for (size_t r = 0; r < checkRows.size(); ++r) {
            const float diff = maxDiff(graphLogits[r], &reference[r * static_cast<size_t>(vocab)],
                                       static_cast<size_t>(vocab));
            if (diff > 1e-3f)
                QFAIL(qPrintable(QString("row %1: graph and reference logits differ by %2")
                                     .arg(checkRows[r])
                                     .arg(double(diff))));
        }

        // Each wrong input gave logits other than the correct (reference-equal) ones.
        QCOMPARE(variants_.size(), size_t(4));
        for (const auto& v : variants_)
            QVERIFY2(v != graphLogits.back(), "a wrong decode input did not change the logits");

        // Without the bidirectional image span the text after the image sees other values.
        const std::vector<int64_t> after{1079};
        const auto causalOnly = sim::referenceLogits(*model, embeds, {}, after);
        QVERIFY(maxDiff(graphLogits[9], causalOnly.data(), static_cast<size_t>(vocab)) > 1e-2f);
    }

private:
    static constexpr uint16_t kBf16OneBits = 0x3F80;

    template <class Step>
    void checkWrongInputsChangeLogits(Step& decodeStep, const std::vector<uint16_t>& row,
                                      int32_t position, int32_t slot,
                                      const std::vector<int16_t>& table,
                                      const std::vector<uint16_t>& mask) {
        // Runs before the correct call of this step, each writing only state that call
        // rewrites; the correct call must still match the reference afterwards.
        std::vector<std::vector<uint16_t>> variants;
        auto holeInMask = mask;
        holeInMask[5] = 0;
        variants.push_back(decodeStep(row, position, slot, table, holeInMask, 0));
        std::vector<int16_t> spareBlock{table[0], 1}; // block 1 was never written
        variants.push_back(decodeStep(row, position, slot, spareBlock, mask, 0));
        variants.push_back(decodeStep(row, position + options_.text.slidingWindow, slot, table,
                                      mask, 0)); // same ring slot, other RoPE and window
        variants.push_back(decodeStep(row, position, slot + 1, table, mask, 0)); // reads slot
        for (size_t i = 0; i < variants.size(); ++i)
            for (size_t j = i + 1; j < variants.size(); ++j)
                QVERIFY2(variants[i] != variants[j], "two wrong inputs gave the same logits");
        QVERIFY_THROWS_EXCEPTION(Error, decodeStep(row, position, slot, table, mask, 1));
        try {
            decodeStep(row, position, slot, table, mask, 1);
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("local_block_tables"), e.what());
            QVERIFY2(QString(e.what()).contains("decoder_batch_1"), e.what());
        }
        variants_ = variants;
    }

    std::vector<std::vector<uint16_t>> variants_; // logits of the wrong-input calls
};

QTEST_GUILESS_MAIN(SimParityTest)
#include "test_sim_parity.moc"
