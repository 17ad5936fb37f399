// bench_model: the safe .pth reader against torch. Opens a torch_artifacts.pth with a
// 65536 x 1024 bf16 embedding table (128 MiB) and gathers 256 rows, in C++ (mmap, restricted
// unpickler) and in Python (torch.load + F.embedding), and prints a table. The gathered rows
// are compared by SHA-256 so both sides provably did the same work.
#include "bench_support.h"
#include "common/sha256.h"
#include "model/pth_file.h"
#include "model/pth_writer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>

using namespace facet::model;
using facet::bench::medianMs;

namespace {

constexpr std::int64_t kRows = 65536;
constexpr std::int64_t kCols = 1024;
constexpr size_t kLookups = 256;

std::string runPython(const std::filesystem::path& file, const std::vector<std::int64_t>& rows) {
    std::string command = std::string(FACET_PYTHON) + " " + BENCH_SCRIPT + " " + file.string();
    for (std::int64_t r : rows)
        command += " " + std::to_string(r);
    return facet::bench::commandOutput(command);
}

} // namespace

int main() {
    const std::filesystem::path file = std::filesystem::path(BENCH_DATA_DIR) / "bench_embed.pth";
    std::mt19937 random(7);
    {
        std::vector<std::byte> bytes(static_cast<size_t>(kRows * kCols) * 2);
        for (auto& b : bytes)
            b = static_cast<std::byte>(random() & 0x3F); // small finite bf16 values
        writeTorchArtifacts(
            file, "torch_artifacts",
            {{"embed_tokens", {{"weight", DType::BFloat16, {kRows, kCols}, bytes}}}});
    }
    std::vector<std::int64_t> rows(kLookups);
    for (auto& r : rows)
        r = static_cast<std::int64_t>(random() % kRows);

    const double openMs = medianMs(5, [&] { (void)PthFile::open(file); });
    const PthFile pth = PthFile::open(file);
    std::vector<std::uint16_t> out(kLookups * kCols);
    const double gatherMs =
        medianMs(50, [&] { gatherRowsBf16(pth.at("embed_tokens.weight"), rows, out); });
    facet::Sha256 hash;
    hash.update(out.data(), out.size() * 2);
    const std::string cppDigest = hash.hexDigest();

    nlohmann::json py;
    try {
        py = nlohmann::json::parse(runPython(file, rows));
    } catch (const std::exception& e) {
        std::cerr << "bench_model: " << e.what() << "\n";
        return 1;
    }
    std::printf("bench_model: %lld x %lld bf16 table (%.0f MiB), %zu row lookups, torch %s\n",
                static_cast<long long>(kRows), static_cast<long long>(kCols),
                static_cast<double>(kRows * kCols * 2) / (1 << 20), kLookups,
                py["torch"].get<std::string>().c_str());
    std::printf("%-34s %12s %12s %8s\n", "operation (median)", "C++ ms", "Python ms", "speedup");
    const auto row = [](const char* name, double cpp, double python) {
        std::printf("%-34s %12.3f %12.3f %7.1fx\n", name, cpp, python, python / cpp);
    };
    row("open .pth (mmap vs torch.load)", openMs, py["load_ms"].get<double>());
    row("gather 256 rows (bf16)", gatherMs, py["gather_ms"].get<double>());
    const bool same = py["gather_sha256"].get<std::string>() == cppDigest;
    std::printf("gathered rows identical (sha256): %s\n", same ? "yes" : "NO");
    std::filesystem::remove(file);
    return same ? 0 : 1;
}
