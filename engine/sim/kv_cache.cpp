#include "sim/kv_cache.h"

#include "common/error.h"
#include "sim/weight_generator.h"

#include <map>
#include <utility>

namespace facet::sim {
namespace {

constexpr uint64_t kGarbageSeed = 0xDEADBEEFCAFEull;

} // namespace

KvCache::KvCache(const TextConfig& text, const CacheConfig& cache) : text_(text), cache_(cache) {
    for (int i = 0; i < text.layers; ++i)
        layerSlot_.push_back(text.sliding[static_cast<size_t>(i)] ? slidingLayers_++
                                                                  : globalLayers_++);
    blocks_.resize(static_cast<size_t>(cache.numBlocks));
    const auto ringSize =
        static_cast<size_t>(cache.batchSize) * static_cast<size_t>(slidingLayers_) *
        static_cast<size_t>(text.slidingWindow) * 2u * static_cast<size_t>(text.kvDim());
    rings_.resize(ringSize);
    for (size_t i = 0; i < ringSize; ++i)
        rings_[i] = 4.0f * uniformAt(kGarbageSeed + 1, i);
}

float* KvCache::globalRow(int layer, int64_t block, int64_t offset, int which) {
    if (text_.sliding[static_cast<size_t>(layer)])
        throw Error("internal: global cache access for a sliding layer");
    const size_t kvDim = static_cast<size_t>(text_.kvDim());
    const size_t blockFloats =
        static_cast<size_t>(globalLayers_) * static_cast<size_t>(cache_.blockSize) * 2u * kvDim;
    auto& storage = blocks_.at(static_cast<size_t>(block));
    if (!storage) {
        storage = std::make_unique<float[]>(blockFloats);
        for (size_t i = 0; i < blockFloats; ++i)
            storage[i] = 4.0f * uniformAt(kGarbageSeed + static_cast<uint64_t>(block) + 2, i);
    }
    const size_t index = ((static_cast<size_t>(layerSlot_[static_cast<size_t>(layer)]) *
                               static_cast<size_t>(cache_.blockSize) +
                           static_cast<size_t>(offset)) *
                              2u +
                          static_cast<size_t>(which)) *
                         kvDim;
    return storage.get() + index;
}

float* KvCache::localRow(int layer, int64_t row, int64_t position, int which) {
    if (!text_.sliding[static_cast<size_t>(layer)])
        throw Error("internal: sliding cache access for a global layer");
    const size_t kvDim = static_cast<size_t>(text_.kvDim());
    const auto window = static_cast<size_t>(text_.slidingWindow);
    const size_t slot = static_cast<size_t>(position) % window;
    const size_t index = (((static_cast<size_t>(row) * static_cast<size_t>(slidingLayers_) +
                            static_cast<size_t>(layerSlot_[static_cast<size_t>(layer)])) *
                               window +
                           slot) *
                              2u +
                          static_cast<size_t>(which)) *
                         kvDim;
    return rings_.data() + index;
}

float* KvCache::globalKey(int layer, int64_t block, int64_t offset) {
    return globalRow(layer, block, offset, 0);
}
float* KvCache::globalValue(int layer, int64_t block, int64_t offset) {
    return globalRow(layer, block, offset, 1);
}
float* KvCache::localKey(int layer, int64_t row, int64_t position) {
    return localRow(layer, row, position, 0);
}
float* KvCache::localValue(int layer, int64_t row, int64_t position) {
    return localRow(layer, row, position, 1);
}

std::shared_ptr<KvCache> acquireKvCache(const std::filesystem::path& modelDir, int device,
                                        const TextConfig& text, const CacheConfig& cache) {
    static std::mutex mutex;
    static std::map<std::pair<std::string, int>, std::weak_ptr<KvCache>> registry;
    std::error_code ec;
    auto dir = std::filesystem::weakly_canonical(modelDir, ec);
    if (ec)
        dir = modelDir;
    std::lock_guard lock(mutex);
    auto& slot = registry[{dir.string(), device}];
    if (auto existing = slot.lock()) {
        const auto& t = existing->text();
        const bool sameLayers = t.layers == text.layers && t.sliding == text.sliding &&
                                t.kvDim() == text.kvDim() && t.slidingWindow == text.slidingWindow;
        if (!(existing->geometry() == cache) || !sameLayers)
            throw Error(dir.string() + ": language-model graphs of this folder were compiled for "
                                       "different KV-cache geometries (max_seq_len, block size, "
                                       "block count, batch or layer shapes)");
        return existing;
    }
    auto created = std::make_shared<KvCache>(text, cache);
    slot = created;
    return created;
}

} // namespace facet::sim
