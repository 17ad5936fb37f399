#pragma once
// The KV block table of optimum-rbln's RBLNPageTableManager for batch 1 (rbln-host-algorithms
// §4): global-layer blocks of kvcache_block_size slots come from a FIFO free pool; EMPTY entries
// are sent as the pool's first free block (peeked, not popped) so every entry is a valid id.
#include <cstdint>
#include <deque>
#include <vector>

namespace facet::generate {

class PageTable {
public:
    PageTable(int maxSeqLen, int blockSize, int numBlocks);

    // Returns the row's blocks to the right end of the pool (a fresh prefill does this first).
    void releaseAll();
    // Allocates every EMPTY block that holds a physical slot in [firstSlot, lastSlot].
    // Throws facet::Error when the slots pass max_seq_len or the pool runs dry.
    void allocate(int firstSlot, int lastSlot);
    // The table as the graphs take it: [max_seq_len / block] int16, EMPTY replaced by a dummy.
    [[nodiscard]] std::vector<std::int16_t> blockTables() const;

    [[nodiscard]] int blockSize() const { return blockSize_; }
    [[nodiscard]] int entries() const { return static_cast<int>(table_.size()); }
    [[nodiscard]] int entry(int index) const { return table_[static_cast<std::size_t>(index)]; }

    static constexpr int kEmpty = -1;

private:
    int blockSize_;
    std::vector<int> table_;
    std::deque<int> freePool_;
};

} // namespace facet::generate
