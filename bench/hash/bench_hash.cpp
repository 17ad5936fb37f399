// bench_hash: SHA-256 (image content keys, tensor hashes, stored image names) and CRC-32 (zip
// entries, test checksums) throughput on a 36 MB buffer — the size of a large attached photo
// that the chat's image cache hashes. Prints MB/s (median of 5 runs after one warm-up).
#include "bench_support.h"
#include "common/crc32.h"
#include "common/sha256.h"

#include <cstdio>
#include <random>
#include <vector>

int main() {
    constexpr std::size_t kBytes = 36u << 20;
    std::vector<std::byte> buffer(kBytes);
    std::mt19937_64 random(17);
    for (std::byte& b : buffer)
        b = static_cast<std::byte>(random());
    std::string digest;
    std::uint32_t crc = 0;
    const double shaMs = facet::bench::medianMs(
        5, [&] { digest = facet::sha256Hex(buffer); }, 1);
    const double crcMs = facet::bench::medianMs(
        5, [&] { crc = facet::crc32(buffer); }, 1);
    const auto mbps = [&](double ms) { return static_cast<double>(kBytes) / 1e6 / (ms / 1e3); };
    std::printf("| hash (36 MiB buffer) | ms | MB/s |\n|---|---:|---:|\n");
    std::printf("| SHA-256 | %.1f | %.0f |\n", shaMs, mbps(shaMs));
    std::printf("| CRC-32 | %.1f | %.0f |\n", crcMs, mbps(crcMs));
    std::printf("(sha256 %.16s..., crc32 %08x)\n", digest.c_str(), crc);
    return 0;
}
