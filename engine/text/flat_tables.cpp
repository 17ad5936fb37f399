#include "text/flat_tables.h"

namespace facet::text {

namespace {
constexpr uint64_t kEmpty = ~0ull; // ids are non-negative, so no real key has all bits set
}

void Vocabulary::reserve(size_t n) {
    ids_.reserve(n);
    offsets_.reserve(n + 1);
}

void Vocabulary::add(std::string_view text, int32_t id) {
    ids_.push_back(id);
    blob_.append(text);
    offsets_.push_back(static_cast<uint32_t>(blob_.size()));
}

void Vocabulary::finish() {
    slots_.assign(tableCapacity(ids_.size()), 0);
    const size_t mask = slots_.size() - 1;
    maxId_ = -1;
    for (int32_t id : ids_)
        maxId_ = std::max(maxId_, id);
    entryById_.assign(static_cast<size_t>(maxId_ + 1), 0);
    for (size_t i = 0; i < ids_.size(); ++i) {
        const std::string_view text = entry(i);
        size_t slot = hashBytes(text) & mask;
        while (slots_[slot] != 0 && entry(slots_[slot] - 1) != text)
            slot = (slot + 1) & mask;
        slots_[slot] = static_cast<uint32_t>(i + 1);
        if (ids_[i] >= 0)
            entryById_[static_cast<size_t>(ids_[i])] = static_cast<uint32_t>(i + 1);
    }
}

int32_t Vocabulary::find(std::string_view text) const {
    if (slots_.empty())
        return -1;
    const size_t mask = slots_.size() - 1;
    for (size_t slot = hashBytes(text) & mask; slots_[slot] != 0; slot = (slot + 1) & mask)
        if (entry(slots_[slot] - 1) == text)
            return ids_[slots_[slot] - 1];
    return -1;
}

bool Vocabulary::hasId(int32_t id) const {
    return id >= 0 && id <= maxId_ && entryById_[static_cast<size_t>(id)] != 0;
}

std::string_view Vocabulary::text(int32_t id) const {
    return entry(entryById_[static_cast<size_t>(id)] - 1);
}

void MergeTable::build(const std::vector<Merge>& merges) {
    const size_t capacity = tableCapacity(merges.size());
    keys_.assign(capacity, kEmpty);
    values_.assign(capacity, Merge{});
    count_ = 0;
    for (const Merge& m : merges) {
        const uint64_t k = key(m.left, m.right);
        size_t slot = slotFor(k);
        while (keys_[slot] != kEmpty && keys_[slot] != k)
            slot = (slot + 1) & (capacity - 1);
        if (keys_[slot] == kEmpty)
            ++count_;
        keys_[slot] = k;
        values_[slot] = m;
    }
}

const Merge* MergeTable::find(int32_t left, int32_t right) const {
    if (keys_.empty())
        return nullptr;
    const uint64_t k = key(left, right);
    for (size_t slot = slotFor(k); keys_[slot] != kEmpty; slot = (slot + 1) & (keys_.size() - 1))
        if (keys_[slot] == k)
            return &values_[slot];
    return nullptr;
}

} // namespace facet::text
