#pragma once
// The vision encoder's output per image identity (file content hash "@" level): the projected
// bf16 soft-token rows that image prefill scatters into the prompt. Shared by the sessions of
// one engine, so an image is encoded once per level while it stays here, whatever happened to
// the KV cache (stop, edit, regenerate, another conversation, a comparison). Bounded by bytes,
// least recently used evicted first. The rows are the encoder's exact output, so a request fed
// from here equals one that encodes (tests: test_generate_vision_cache).
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace facet::generate {

class VisionCache {
public:
    using Features = std::shared_ptr<const std::vector<std::uint16_t>>;

    explicit VisionCache(std::size_t maxBytes) : maxBytes_(maxBytes) {}

    // The rows for `key` (and marks them recently used), or null.
    [[nodiscard]] Features find(const std::string& key);
    [[nodiscard]] bool contains(const std::string& key) const;
    // Keeps `features` unless they alone exceed the limit; evicts the least recently used
    // entries until the total fits.
    void insert(const std::string& key, Features features);
    // 0 disables the cache (and empties it).
    void setMaxBytes(std::size_t maxBytes);

    [[nodiscard]] std::size_t bytes() const;
    [[nodiscard]] std::size_t maxBytes() const;
    [[nodiscard]] std::size_t entries() const;

private:
    using Entry = std::pair<std::string, Features>;
    void evictLocked();

    // Sessions and preencode run on one thread, but the app may read the usage from another.
    mutable std::mutex mutex_;
    std::size_t maxBytes_;
    std::size_t bytes_ = 0;
    std::list<Entry> order_; // most recently used first
    std::unordered_map<std::string, std::list<Entry>::iterator> index_;
};

} // namespace facet::generate
