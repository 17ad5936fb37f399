#include "generate/vision_cache.h"

namespace facet::generate {
namespace {

std::size_t sizeOf(const VisionCache::Features& f) {
    return f ? f->size() * sizeof(std::uint16_t) : 0;
}

} // namespace

VisionCache::Features VisionCache::find(const std::string& key) {
    const std::lock_guard lock(mutex_);
    const auto it = index_.find(key);
    if (it == index_.end())
        return nullptr;
    order_.splice(order_.begin(), order_, it->second);
    return it->second->second;
}

bool VisionCache::contains(const std::string& key) const {
    const std::lock_guard lock(mutex_);
    return index_.count(key) != 0;
}

void VisionCache::insert(const std::string& key, Features features) {
    const std::lock_guard lock(mutex_);
    if (const auto it = index_.find(key); it != index_.end()) {
        bytes_ -= sizeOf(it->second->second);
        order_.erase(it->second);
        index_.erase(it);
    }
    if (!features || sizeOf(features) > maxBytes_)
        return;
    bytes_ += sizeOf(features);
    order_.emplace_front(key, std::move(features));
    index_[key] = order_.begin();
    evictLocked();
}

void VisionCache::setMaxBytes(std::size_t maxBytes) {
    const std::lock_guard lock(mutex_);
    maxBytes_ = maxBytes;
    evictLocked();
}

void VisionCache::evictLocked() {
    while (bytes_ > maxBytes_ && !order_.empty()) {
        bytes_ -= sizeOf(order_.back().second);
        index_.erase(order_.back().first);
        order_.pop_back();
    }
}

std::size_t VisionCache::bytes() const {
    const std::lock_guard lock(mutex_);
    return bytes_;
}

std::size_t VisionCache::maxBytes() const {
    const std::lock_guard lock(mutex_);
    return maxBytes_;
}

std::size_t VisionCache::entries() const {
    const std::lock_guard lock(mutex_);
    return order_.size();
}

} // namespace facet::generate
