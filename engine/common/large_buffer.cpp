// The huge-page path of LargeBufferAllocator: an anonymous mapping trimmed to 2 MiB alignment, so
// every 2 MiB of it can be one transparent huge page, with MADV_HUGEPAGE (the kernel's default
// THP mode, "madvise", gives huge pages only to ranges that ask), and the kept released blocks
// (large_buffer.h says why and when).
#include "common/large_buffer.h"

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace facet::detail {
namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

std::size_t roundUpToHugePage(std::size_t bytes) {
    return (bytes + kHugePage - 1) / kHugePage * kHugePage;
}

void unmapBlock(void* pointer, std::size_t length) noexcept;

// Released blocks by their rounded length, oldest first. Never destroyed: a block may be released
// by a static destructor or another thread while the process exits.
class BlockCache {
public:
    // A kept block of exactly `length`, or nullptr after unmapping the oldest kept blocks until
    // the rest and a fresh block of `length` fit the limit together.
    void* take(std::size_t length) {
        std::vector<Block> dropped;
        {
            std::lock_guard lock(mutex_);
            for (auto it = blocks_.rbegin(); it != blocks_.rend(); ++it)
                if (it->length == length) {
                    void* pointer = it->pointer;
                    blocks_.erase(std::next(it).base());
                    bytes_ -= length;
                    return pointer;
                }
            const std::size_t room =
                length < kLargeBufferCacheBytes ? kLargeBufferCacheBytes - length : 0;
            std::size_t drop = 0;
            while (bytes_ > room)
                bytes_ -= blocks_[drop++].length;
            dropped.assign(blocks_.begin(), blocks_.begin() + static_cast<std::ptrdiff_t>(drop));
            blocks_.erase(blocks_.begin(), blocks_.begin() + static_cast<std::ptrdiff_t>(drop));
        }
        for (const Block& b : dropped)
            unmapBlock(b.pointer, b.length);
        return nullptr;
    }

    // Keeps the block (dropping the oldest kept ones to stay within the limit), or unmaps it.
    void give(void* pointer, std::size_t length) noexcept {
        if (length > kLargeBufferCacheBytes) {
            unmapBlock(pointer, length);
            return;
        }
        std::vector<Block> dropped;
        try {
            std::lock_guard lock(mutex_);
            std::size_t drop = 0;
            while (bytes_ + length > kLargeBufferCacheBytes)
                bytes_ -= blocks_[drop++].length;
            dropped.assign(blocks_.begin(), blocks_.begin() + static_cast<std::ptrdiff_t>(drop));
            blocks_.erase(blocks_.begin(), blocks_.begin() + static_cast<std::ptrdiff_t>(drop));
            blocks_.push_back({pointer, length});
            bytes_ += length;
        } catch (...) { // no memory for the list: the block goes back to the kernel
            unmapBlock(pointer, length);
        }
        for (const Block& b : dropped)
            unmapBlock(b.pointer, b.length);
    }

    std::size_t bytes() noexcept {
        std::lock_guard lock(mutex_);
        return bytes_;
    }

private:
    struct Block {
        void* pointer;
        std::size_t length;
    };
    std::mutex mutex_;
    std::vector<Block> blocks_;
    std::size_t bytes_ = 0;
};

BlockCache& cache() {
    static BlockCache* instance = new BlockCache;
    return *instance;
}

} // namespace

#if defined(__linux__)

namespace {

void unmapBlock(void* pointer, std::size_t length) noexcept {
    munmap(pointer, length);
}

} // namespace

void* allocateLarge(std::size_t bytes) {
    const std::size_t length = roundUpToHugePage(bytes);
    if (length < bytes || length + kHugePage < length)
        throw std::bad_alloc();
    if (void* kept = cache().take(length))
        return kept;
    // Map one huge page more than needed, then unmap the unaligned head and the tail, leaving
    // exactly [aligned, aligned + length) so that release can unmap it from (pointer, bytes).
    void* raw = mmap(nullptr, length + kHugePage, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        throw std::bad_alloc();
    const auto start = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t aligned = (start + kHugePage - 1) & ~(std::uintptr_t{kHugePage} - 1);
    const std::size_t head = aligned - start;
    const std::size_t tail = kHugePage - head;
    if (head != 0)
        munmap(raw, head);
    if (tail != 0)
        munmap(reinterpret_cast<void*>(aligned + length), tail);
    void* pointer = reinterpret_cast<void*>(aligned);
    // Advice only: without THP the mapping still works, with 4 KiB pages.
    madvise(pointer, length, MADV_HUGEPAGE);
    return pointer;
}

void releaseLarge(void* pointer, std::size_t bytes) noexcept {
    if (pointer)
        cache().give(pointer, roundUpToHugePage(bytes));
}

#else

namespace {

void unmapBlock(void* pointer, std::size_t) noexcept {
    ::operator delete (pointer, std::align_val_t{kHugePage});
}

} // namespace

void* allocateLarge(std::size_t bytes) {
    const std::size_t length = roundUpToHugePage(bytes);
    if (length < bytes)
        throw std::bad_alloc();
    if (void* kept = cache().take(length))
        return kept;
    return ::operator new (length, std::align_val_t{kHugePage});
}

void releaseLarge(void* pointer, std::size_t bytes) noexcept {
    if (pointer)
        cache().give(pointer, roundUpToHugePage(bytes));
}

#endif

std::size_t cachedLargeBytes() noexcept {
    return cache().bytes();
}

} // namespace facet::detail
