#pragma once
// Buffers for whole images and patch tensors (megabytes each), backed by transparent huge pages.
//
// Why: on virtual machines a first-touch page fault is expensive (22 µs per 4 KiB page measured
// on the 2-core Firecracker CI machine: 340 ms to fault in 60 MB), and the glibc allocator hands
// buffers this large to fresh mmap()s, so every decode and every level's patch tensor paid for
// tens of thousands of faults — more than the pixel work itself. Mapping them 2 MiB-aligned with
// MADV_HUGEPAGE makes each fault cover 2 MiB (the same 60 MB: 4–8 ms). Small buffers, and systems
// without madvise, use the ordinary allocator.
#include <cstddef>
#include <new>
#include <vector>

namespace facet {
namespace detail {

// Buffers at least this large take the huge-page path; smaller ones use operator new.
inline constexpr std::size_t kLargeBufferThreshold = std::size_t{1} << 20;

// Zero-filled, 2 MiB-aligned memory of at least `bytes`; throws std::bad_alloc.
void* allocateLarge(std::size_t bytes);
void releaseLarge(void* pointer, std::size_t bytes) noexcept;

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

// Scratch bytes that are written before they are read, so not zero-filled by a constructor (a
// fresh mapping is zero anyway; smaller blocks come from operator new uninitialized).
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
