#pragma once
// Open-addressing hash tables for the two lookups BPE does millions of times: token text ->
// id and (left id, right id) -> merge. Flat arrays load fast and probe with few cache misses.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace facet::text {

[[nodiscard]] inline uint64_t hashBytes(std::string_view s) {
    uint64_t h = 1469598103934665603ull; // FNV-1a: tokens are short, so per-byte is fine
    for (char c : s)
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return h;
}

[[nodiscard]] inline size_t tableCapacity(size_t entries) {
    size_t capacity = 16;
    while (capacity < entries * 2)
        capacity *= 2;
    return capacity;
}

// Token strings stored back to back; maps text -> id and id -> text.
class Vocabulary {
public:
    // Inserting the same text twice keeps the later id (a JSON object cannot, but be safe).
    void reserve(size_t n);
    void add(std::string_view text, int32_t id);
    void finish(); // builds the hash table; call once after the last add

    [[nodiscard]] int32_t find(std::string_view text) const; // -1 when absent
    [[nodiscard]] bool hasId(int32_t id) const;
    [[nodiscard]] std::string_view text(int32_t id) const; // hasId(id) must hold
    [[nodiscard]] size_t size() const { return ids_.size(); }
    [[nodiscard]] int32_t maxId() const { return maxId_; }

    // Text of the i-th entry added (not an id lookup; for error messages).
    [[nodiscard]] std::string_view entryText(size_t i) const { return entry(i); }
    // Raw arrays (for the binary cache).
    const std::vector<int32_t>& ids() const { return ids_; }
    const std::vector<uint32_t>& offsets() const { return offsets_; }
    const std::string& blob() const { return blob_; }

private:
    std::string_view entry(size_t i) const {
        return std::string_view(blob_).substr(offsets_[i], offsets_[i + 1] - offsets_[i]);
    }
    std::vector<int32_t> ids_;
    std::vector<uint32_t> offsets_{0};
    std::string blob_;
    std::vector<uint32_t> slots_;     // entry index + 1; 0 = empty
    std::vector<uint32_t> entryById_; // id -> entry index + 1; 0 = no such id
    int32_t maxId_ = -1;
};

struct Merge {
    int32_t left = 0;
    int32_t right = 0;
    uint32_t rank = 0;
    int32_t result = 0;
};

class MergeTable {
public:
    // `merges` in file order; a pair listed twice keeps its later rank, like a map insert.
    void build(const std::vector<Merge>& merges);
    [[nodiscard]] const Merge* find(int32_t left, int32_t right) const;
    [[nodiscard]] size_t size() const { return count_; }

private:
    static uint64_t key(int32_t l, int32_t r) {
        return (static_cast<uint64_t>(static_cast<uint32_t>(l)) << 32) | static_cast<uint32_t>(r);
    }
    size_t slotFor(uint64_t k) const {
        return static_cast<size_t>((k * 0x9E3779B97F4A7C15ull) >> 20) & (keys_.size() - 1);
    }
    std::vector<uint64_t> keys_; // kEmpty when unused
    std::vector<Merge> values_;
    size_t count_ = 0;
};

} // namespace facet::text
