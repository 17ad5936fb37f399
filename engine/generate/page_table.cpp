#include "generate/page_table.h"

#include "common/error.h"

#include <string>

namespace facet::generate {

PageTable::PageTable(int maxSeqLen, int blockSize, int numBlocks) : blockSize_(blockSize) {
    if (blockSize <= 0 || maxSeqLen <= 0 || maxSeqLen % blockSize != 0 || numBlocks <= 0) {
        throw Error("invalid KV cache layout: max_seq_len " + std::to_string(maxSeqLen) +
                    ", kvcache_block_size " + std::to_string(blockSize) + ", kvcache_num_blocks " +
                    std::to_string(numBlocks));
    }
    table_.assign(static_cast<std::size_t>(maxSeqLen / blockSize), kEmpty);
    for (int block = 0; block < numBlocks; ++block)
        freePool_.push_back(block);
}

void PageTable::releaseAll() {
    for (int& block : table_) {
        if (block != kEmpty)
            freePool_.push_back(block);
        block = kEmpty;
    }
}

void PageTable::allocate(int firstSlot, int lastSlot) {
    const int capacity = entries() * blockSize_;
    if (firstSlot < 0 || lastSlot >= capacity) {
        throw Error("KV cache slot " + std::to_string(lastSlot) + " is past max_seq_len " +
                    std::to_string(capacity));
    }
    for (int j = firstSlot / blockSize_; j <= lastSlot / blockSize_; ++j) {
        int& block = table_[static_cast<std::size_t>(j)];
        if (block != kEmpty)
            continue;
        if (freePool_.empty()) {
            throw Error("no free KV cache block left (kvcache_num_blocks is too small for slot " +
                        std::to_string(lastSlot) + ")");
        }
        block = freePool_.front();
        freePool_.pop_front();
    }
}

std::vector<std::int16_t> PageTable::blockTables() const {
    std::vector<std::int16_t> out(table_.size());
    for (std::size_t j = 0; j < table_.size(); ++j) {
        if (table_[j] != kEmpty) {
            out[j] = static_cast<std::int16_t>(table_[j]);
        } else if (freePool_.empty()) {
            throw Error("no free KV cache block left to fill the unused block table entries");
        } else {
            out[j] = static_cast<std::int16_t>(freePool_.front());
        }
    }
    return out;
}

} // namespace facet::generate
