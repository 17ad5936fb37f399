#include "sim/lm_graph.h"

#include "common/bf16.h"
#include "common/error.h"
#include "sim/parallel_for.h"

#include <algorithm>
#include <string>
#include <vector>

namespace facet::sim {
namespace {

// One chunk of rows (a prefill chunk, or one decode row) of one sequence.
struct Chunk {
    int64_t rows;          // C (1 for decode)
    int64_t valid;         // rows written to the sliding cache: query_position + 1
    bool bidirectional;    // image prefill
    int64_t firstSlot;     // cache_position[0]
    int64_t firstPosition; // position_ids[0]
    const int32_t* positionIds;
    const int16_t* blockTable;
    int64_t cacheRow;
    const uint16_t* mask;
    const uint16_t* embeds;
};

int64_t blockOf(const Chunk& chunk, const CacheConfig& g, int64_t slot) {
    const int64_t block = chunk.blockTable[slot / g.blockSize];
    if (block < 0 || block >= g.numBlocks)
        throw Error("block_tables[" + std::to_string(slot / g.blockSize) +
                    "] = " + std::to_string(block) + " is not a block of this cache (0.." +
                    std::to_string(g.numBlocks - 1) + ")");
    return block;
}

void checkChunk(const Chunk& chunk, const CacheConfig& g) {
    if (chunk.firstSlot < 0 || chunk.firstSlot + chunk.rows > g.maxSeqLen)
        throw Error("cache_position[0] = " + std::to_string(chunk.firstSlot) + ": the " +
                    std::to_string(chunk.rows) + " slots written from there leave the cache of " +
                    std::to_string(g.maxSeqLen) + " slots");
    if (chunk.cacheRow < 0 || chunk.cacheRow >= g.batchSize)
        throw Error("local_block_tables = " + std::to_string(chunk.cacheRow) +
                    " is not a sliding-window cache row (0.." + std::to_string(g.batchSize - 1) +
                    ")");
    for (int64_t i = 0; i < chunk.rows; ++i)
        if (chunk.positionIds[i] < 0)
            throw Error("position_ids[" + std::to_string(i) + "] is negative");
}

void runChunk(const TextModel& model, KvCache& cache, const Chunk& chunk, uint16_t* logits,
              int64_t logitsRow) {
    const auto& c = model.config();
    const auto& g = cache.geometry();
    checkChunk(chunk, g);
    const auto rows = static_cast<size_t>(chunk.rows);
    const auto h = static_cast<size_t>(c.hidden);
    const auto qd = static_cast<size_t>(c.qDim());
    const auto kvd = static_cast<size_t>(c.kvDim());

    std::vector<float> x(rows * h);
    for (size_t i = 0; i < rows * h; ++i)
        x[i] = bf16ToFloat(chunk.embeds[i]);

    // Valid physical slots up to the end of the chunk, ascending: the global layers' key set.
    const int64_t lastSlot = chunk.firstSlot + chunk.rows - 1;
    std::vector<int64_t> validSlots;
    for (int64_t s = 0; s <= lastSlot; ++s)
        if (chunk.mask[s] != 0 && chunk.mask[s] != 0x8000) // +0.0 and -0.0 mean "masked"
            validSlots.push_back(s);

    // Rows are independent within each step below (the cache writes sit between the steps),
    // so each step is split over threads; every row runs the same code as on one thread.
    std::vector<float> q(rows * qd), k(rows * kvd), v(rows * kvd), attention(rows * qd);
    for (int layer = 0; layer < c.layers; ++layer) {
        parallelFor(rows, [&](size_t i) {
            model.projectQkv(layer, &x[i * h], chunk.positionIds[i], &q[i * qd], &k[i * kvd],
                             &v[i * kvd]);
        });
        if (!model.isSliding(layer)) {
            for (size_t i = 0; i < rows; ++i) {
                const int64_t slot = chunk.firstSlot + static_cast<int64_t>(i);
                const int64_t block = blockOf(chunk, g, slot);
                std::copy_n(&k[i * kvd], kvd, cache.globalKey(layer, block, slot % g.blockSize));
                std::copy_n(&v[i * kvd], kvd, cache.globalValue(layer, block, slot % g.blockSize));
            }
            parallelFor(rows, [&](size_t i) {
                const int64_t limit =
                    chunk.bidirectional ? lastSlot : chunk.firstSlot + static_cast<int64_t>(i);
                std::vector<const float*> keys, values;
                for (int64_t s : validSlots) {
                    if (s > limit)
                        break;
                    const int64_t block = blockOf(chunk, g, s);
                    keys.push_back(cache.globalKey(layer, block, s % g.blockSize));
                    values.push_back(cache.globalValue(layer, block, s % g.blockSize));
                }
                model.attend(&q[i * qd], keys, values, &attention[i * qd]);
            });
        } else {
            const int64_t window = c.slidingWindow;
            const int64_t p0 = chunk.firstPosition;
            const int64_t cached = std::min(p0, window);
            parallelFor(rows, [&](size_t i) {
                const int64_t pi = p0 + static_cast<int64_t>(i);
                std::vector<const float*> keys, values;
                for (int64_t kp = p0 - cached; kp < p0; ++kp) {
                    if (pi - kp >= window)
                        continue;
                    keys.push_back(cache.localKey(layer, chunk.cacheRow, kp));
                    values.push_back(cache.localValue(layer, chunk.cacheRow, kp));
                }
                const int64_t lastKey =
                    chunk.bidirectional ? chunk.valid - 1 : std::min<int64_t>(i, chunk.valid - 1);
                for (int64_t j = 0; j <= lastKey; ++j) {
                    if (std::abs(pi - (p0 + j)) >= window)
                        continue;
                    keys.push_back(&k[static_cast<size_t>(j) * kvd]);
                    values.push_back(&v[static_cast<size_t>(j) * kvd]);
                }
                model.attend(&q[i * qd], keys, values, &attention[i * qd]);
            });
            for (int64_t j = 0; j < chunk.valid; ++j) {
                std::copy_n(&k[static_cast<size_t>(j) * kvd], kvd,
                            cache.localKey(layer, chunk.cacheRow, p0 + j));
                std::copy_n(&v[static_cast<size_t>(j) * kvd], kvd,
                            cache.localValue(layer, chunk.cacheRow, p0 + j));
            }
        }
        parallelFor(rows,
                    [&](size_t i) { model.finishLayer(layer, &x[i * h], &attention[i * qd]); });
    }
    model.logits(&x[static_cast<size_t>(logitsRow) * h], logits);
}

} // namespace

void runPrefill(const TextModel& model, KvCache& cache, int64_t chunkSize, bool bidirectional,
                const PrefillInputs& in, uint16_t* logits) {
    if (in.queryPosition < 0 || in.queryPosition >= chunkSize)
        throw Error("query_position = " + std::to_string(in.queryPosition) +
                    " is not a row of the " + std::to_string(chunkSize) + "-row chunk");
    Chunk chunk{chunkSize,         in.queryPosition + 1, bidirectional,  in.cachePosition[0],
                in.positionIds[0], in.positionIds,       in.blockTables, in.localBlockTable,
                in.attentionMask,  in.inputsEmbeds};
    std::lock_guard lock(cache.mutex());
    runChunk(model, cache, chunk, logits, in.queryPosition);
}

void runDecode(const TextModel& model, KvCache& cache, int64_t batch, const DecodeInputs& in,
               uint16_t* logits) {
    const auto& g = cache.geometry();
    const auto hidden = static_cast<size_t>(model.config().hidden);
    std::lock_guard lock(cache.mutex());
    for (int64_t b = 0; b < batch; ++b) {
        const auto row = static_cast<size_t>(b);
        Chunk chunk{1,
                    1,
                    false,
                    in.cachePosition[row],
                    in.positionIds[row],
                    in.positionIds + row,
                    in.blockTables + row * static_cast<size_t>(g.blocksPerSequence()),
                    in.localBlockTables[row],
                    in.attentionMask + row * static_cast<size_t>(g.maxSeqLen),
                    in.inputsEmbeds + row * hidden};
        runChunk(model, cache, chunk, logits + row * static_cast<size_t>(model.config().vocab), 0);
    }
}

} // namespace facet::sim
