#pragma once
// Buffers for whole images and patch tensors (megabytes each), backed by transparent huge pages.
//
// Why: on virtual machines a first-touch page fault is expensive (22 µs per 4 KiB page measured
// on the 2-core Firecracker CI machine: 340 ms to fault in 60 MB), and the glibc allocator hands
// buffers this large to fresh mmap()s, so every decode and every level's patch tensor paid for
// tens of thousands of faults — more than the pixel work itself. Mapping them 2 MiB-aligned with
// MADV_HUGEPAGE makes each fault cover 2 MiB (the same 60 MB: 4–8 ms). Small buffers, and systems
// without madvise, use the ordinary allocator.
//
// Even huge pages are zeroed by the kernel on first touch: about a fifth of the CPU time of the
// five detail levels of a 12-megapixel photo (perf, issue #59). So released blocks are kept, up to
// kLargeBufferCacheBytes, and handed out again for a request of the same rounded length (the
// same image size again: another level run, the next photo of the same camera), as glibc's heap
// keeps freed memory for smaller blocks. A request that no kept block fits first unmaps the
// oldest kept blocks until the rest and the new block fit the limit together: kept blocks add at
// most the limit less the new block to a peak, and nothing to a peak reached by mapping a block
// of the limit's size or more (the decodes and resizes of the largest images, whose memory the
// hardening bounds: tests/image/test_image_memory.py).
#include <cstddef>
#include <new>
#include <vector>

namespace facet {
namespace detail {

// Buffers at least this large take the huge-page path; smaller ones use operator new.
inline constexpr std::size_t kLargeBufferThreshold = std::size_t{1} << 20;

// 2 MiB-aligned memory of at least `bytes`; throws std::bad_alloc. Its contents are unspecified:
// a block released earlier with the same rounded length may come back as it was left (see
// large_buffer.cpp: vectors initialise their elements themselves, LargeBlock is written before
// it is read).
void* allocateLarge(std::size_t bytes);
void releaseLarge(void* pointer, std::size_t bytes) noexcept;

// Released blocks are kept for reuse up to this many bytes in all: the blocks of one
// 12-megapixel photo decoded and made at all five detail levels (36 MiB of pixels, 124 MiB of
// resize intermediates, resized images and patch tensors).
inline constexpr std::size_t kLargeBufferCacheBytes = std::size_t{160} << 20;
// Bytes of released blocks kept now (for tests).
std::size_t cachedLargeBytes() noexcept;

} // namespace detail

template <typename T> struct LargeBufferAllocator {
    using value_type = T;
    LargeBufferAllocator() noexcept = default;
    template <typename U> LargeBufferAllocator(const LargeBufferAllocator<U>&) noexcept {}

    T* allocate(std::size_t n) {
        if (n > static_cast<std::size_t>(-1) / sizeof(T))
            throw std::bad_array_new_length();
        const std::size_t bytes = n * sizeof(T);
        if (bytes >= detail::kLargeBufferThreshold)
            return static_cast<T*>(detail::allocateLarge(bytes));
        return static_cast<T*>(::operator new (bytes, std::align_val_t{alignof(T)}));
    }
    void deallocate(T* pointer, std::size_t n) noexcept {
        const std::size_t bytes = n * sizeof(T);
        if (bytes >= detail::kLargeBufferThreshold)
            detail::releaseLarge(pointer, bytes);
        else
            ::operator delete (pointer, std::align_val_t{alignof(T)});
    }
    template <typename U> bool operator==(const LargeBufferAllocator<U>&) const noexcept {
        return true;
    }
};

// A std::vector for image-sized data (see above).
template <typename T> using LargeVector = std::vector<T, LargeBufferAllocator<T>>;

// Scratch bytes that are written before they are read, so not zero-filled (a fresh mapping is
// zero, a reused one holds what it held; smaller blocks come from operator new uninitialized).
class LargeBlock {
public:
    explicit LargeBlock(std::size_t bytes)
        : bytes_(bytes), data_(LargeBufferAllocator<unsigned char>().allocate(bytes)) {}
    ~LargeBlock() { LargeBufferAllocator<unsigned char>().deallocate(data_, bytes_); }
    LargeBlock(const LargeBlock&) = delete;
    LargeBlock& operator=(const LargeBlock&) = delete;
    unsigned char* data() const noexcept { return data_; }
    std::size_t size() const noexcept { return bytes_; }

private:
    std::size_t bytes_;
    unsigned char* data_;
};

} // namespace facet
