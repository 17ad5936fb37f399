// bench_hash: SHA-256 (image content keys, tensor hashes, stored image names) and CRC-32 (zip
// entries, test checksums) throughput on a 36 MB buffer — the size of a large attached photo
// that the chat's image cache hashes. Prints MB/s (median of 5 runs after one warm-up).
// `--smoke`: 1 MiB, one run.
#include "bench_support.h"
#include "common/crc32.h"
#include "common/sha256.h"

#include <cstdio>
#include <random>
#include <vector>

int main(int argc, char** argv) {
    const facet::bench::Args args(argc, argv, "bench_hash_run", 0);
    const std::size_t bytes = (args.smoke ? 1u : 36u) << 20;
    const int runs = args.smoke ? 1 : 5;
    std::vector<std::byte> buffer(bytes);
    std::mt19937_64 random(17);
    for (std::byte& b : buffer)
        b = static_cast<std::byte>(random());
    std::string digest;
    std::uint32_t crc = 0;
    const double shaMs = facet::bench::medianMs(
        runs, [&] { digest = facet::sha256Hex(buffer); }, 1);
    const double crcMs = facet::bench::medianMs(
        runs, [&] { crc = facet::crc32(buffer); }, 1);
    const auto mbps = [&](double ms) { return static_cast<double>(bytes) / 1e6 / (ms / 1e3); };
    std::printf("| hash (%zu MiB buffer) | ms | MB/s |\n|---|---:|---:|\n", bytes >> 20);
    std::printf("| SHA-256 | %.1f | %.0f |\n", shaMs, mbps(shaMs));
    std::printf("| CRC-32 | %.1f | %.0f |\n", crcMs, mbps(crcMs));
    std::printf("(sha256 %.16s..., crc32 %08x)\n", digest.c_str(), crc);
    return 0;
}
