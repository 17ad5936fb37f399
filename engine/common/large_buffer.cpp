// The huge-page path of LargeBufferAllocator: an anonymous mapping trimmed to 2 MiB alignment, so
// every 2 MiB of it can be one transparent huge page, with MADV_HUGEPAGE (the kernel's default
// THP mode, "madvise", gives huge pages only to ranges that ask).
#include "common/large_buffer.h"

#include <cstdint>
#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace facet::detail {
namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

std::size_t roundUpToHugePage(std::size_t bytes) {
    return (bytes + kHugePage - 1) / kHugePage * kHugePage;
}

} // namespace

#if defined(__linux__)

void* allocateLarge(std::size_t bytes) {
    const std::size_t length = roundUpToHugePage(bytes);
    if (length < bytes || length + kHugePage < length)
        throw std::bad_alloc();
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
        munmap(pointer, roundUpToHugePage(bytes));
}

#else

void* allocateLarge(std::size_t bytes) {
    return ::operator new (bytes, std::align_val_t{kHugePage});
}

void releaseLarge(void* pointer, std::size_t) noexcept {
    ::operator delete (pointer, std::align_val_t{kHugePage});
}

#endif

} // namespace facet::detail
