// The large-buffer allocator's kept blocks (common/large_buffer.h, issue #59): a released block
// comes back for a request of the same rounded length; a request no kept block fits first unmaps
// the oldest until the rest and the new block fit the limit (so a large mapping is made with
// nothing kept); the kept bytes stay within the limit; and a vector on a reused block still
// starts from its own initial values.
#include "common/large_buffer.h"

#include <QTest>

#include <algorithm>
#include <cstdint>
#include <cstring>

using facet::LargeVector;
using namespace facet::detail;

namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

} // namespace

class TestLargeBuffer : public QObject {
    Q_OBJECT
private slots:
    void releasedBlockComesBackForTheSameLength() {
        void* a = allocateLarge(3 * kMiB); // 4 MiB rounded
        std::memset(a, 0x5A, 3 * kMiB);
        releaseLarge(a, 3 * kMiB);
        QVERIFY(cachedLargeBytes() >= 4 * kMiB);
        void* b = allocateLarge(4 * kMiB - 1); // the same 4 MiB length
        QCOMPARE(b, a);
        releaseLarge(b, 4 * kMiB - 1);
    }

    void aMissLeavesRoomForItself() {
        void* a = allocateLarge(2 * kMiB);
        void* b = allocateLarge(6 * kMiB);
        releaseLarge(a, 2 * kMiB);
        releaseLarge(b, 6 * kMiB);
        QVERIFY(cachedLargeBytes() >= 8 * kMiB);
        // No kept block is this long: kept blocks are unmapped, oldest first, until the rest
        // and the new block fit the limit together.
        const std::size_t big = kLargeBufferCacheBytes - 6 * kMiB;
        void* c = allocateLarge(big);
        QCOMPARE(cachedLargeBytes(), 6 * kMiB); // only the newest, b, fits beside c
        void* again = allocateLarge(6 * kMiB);
        QCOMPARE(again, b);
        releaseLarge(again, 6 * kMiB);
        releaseLarge(c, big);
        // A block of the limit's size or more is mapped with nothing kept.
        void* d = allocateLarge(kLargeBufferCacheBytes);
        QCOMPARE(cachedLargeBytes(), std::size_t{0});
        releaseLarge(d, kLargeBufferCacheBytes);
    }

    void keptBytesStayWithinTheLimit() {
        const std::size_t block = 24 * kMiB;
        std::vector<void*> blocks;
        for (std::size_t i = 0; i < kLargeBufferCacheBytes / block + 2; ++i)
            blocks.push_back(allocateLarge(block));
        for (void* p : blocks)
            releaseLarge(p, block);
        QVERIFY(cachedLargeBytes() <= kLargeBufferCacheBytes);
        QVERIFY(cachedLargeBytes() >= kLargeBufferCacheBytes - block);
        // The newest released block is among those kept.
        void* again = allocateLarge(block);
        QCOMPARE(again, blocks.back());
        releaseLarge(again, block);
        // A block larger than the whole limit is never kept.
        void* huge = allocateLarge(kLargeBufferCacheBytes + kMiB);
        releaseLarge(huge, kLargeBufferCacheBytes + kMiB);
        QVERIFY(cachedLargeBytes() <= kLargeBufferCacheBytes);
        void* other = allocateLarge(kLargeBufferCacheBytes + kMiB);
        QVERIFY(cachedLargeBytes() == 0);
        releaseLarge(other, kLargeBufferCacheBytes + kMiB);
    }

    void aVectorOnAReusedBlockIsInitialised() {
        const std::size_t n = 5 * kMiB;
        const std::uint8_t* first = nullptr;
        {
            LargeVector<std::uint8_t> dirty(n, 0xAB);
            first = dirty.data();
        }
        LargeVector<std::uint8_t> clean(n);
        QCOMPARE(static_cast<const std::uint8_t*>(clean.data()), first); // the same block again
        QVERIFY(std::all_of(clean.begin(), clean.end(), [](std::uint8_t v) { return v == 0; }));
    }
};

QTEST_GUILESS_MAIN(TestLargeBuffer)
#include "test_large_buffer.moc"
